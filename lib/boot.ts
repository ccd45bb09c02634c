import fs from "node:fs";
import { startBackgroundWork } from "./background";
import { serverConfig, type LoadedConfig } from "./config";
import { makeCtx, type Ctx } from "./ctx";
import type { OpenedDatabase } from "./db/open";
import { configureLogging, logger } from "./logging/logger";
import { openStore } from "./open-store";
import { closeDatabase } from "./db/close";
import { databaseFile } from "./paths";
import { processSingleton } from "./process-singleton";
import { secureDataDir } from "./security/files";
import { ensureToken } from "./security/token";
import { stopServices } from "./services";
import { onShutdown } from "./shutdown";

export interface ServerState {
  ctx: Ctx;
  loaded: LoadedConfig;
  opened: OpenedDatabase;
  token: string;
  startedAt: number;
}

// Next.js may load this module in several bundles (proxy, routes, pages): keep one state per process.
const booted = processSingleton("boot", () => ({ state: undefined as ServerState | undefined }));

/**
 * Creates the data dir, the token and the database (migrated) once per process, opens the log,
 * builds the services (ctx.services), starts the background work and registers their stop and the
 * database's close for shutdown (lib/shutdown.ts). Cheap after the first call.
 */
export function boot(): ServerState {
  if (booted.state) return booted.state;
  const loaded = serverConfig();
  fs.mkdirSync(loaded.dataDir, { recursive: true, mode: 0o700 });
  // An existing dir (or files an older version made) may be open to other users: tighten it
  // before the log opens a file in it.
  const dirWarnings = secureDataDir(loaded.dataDir);
  const { level, maxFileBytes, maxFiles } = loaded.config.logging;
  configureLogging({ dataDir: loaded.dataDir, level, maxFileBytes, maxFiles });
  for (const warning of dirWarnings) logger.warn(`warning: ${warning}`);
  const token = ensureToken(loaded.dataDir);
  const opened = openStore(databaseFile(loaded.dataDir));
  const ctx = makeCtx({ db: opened.db, sqlite: opened.sqlite, config: loaded.config, dataDir: loaded.dataDir });
  booted.state = { ctx, loaded, opened, token, startedAt: Date.now() };
  for (const warning of loaded.warnings) logger.warn(warning);
  startBackgroundWork(ctx);
  // On the way out (server/serve.ts): background work stopped, then the WAL moved into the main
  // file and the database closed, so a copy of recollect.db alone holds every memory.
  onShutdown(async () => {
    await stopServices(ctx.services);
    closeDatabase(opened.sqlite);
  });
  return booted.state;
}

export const serverCtx = (): Ctx => boot().ctx;
