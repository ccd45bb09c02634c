import fs from "node:fs";
import { startCompressionPurge } from "./compression/background";
import { serverConfig, type LoadedConfig } from "./config";
import type { Ctx } from "./ctx";
import { openDatabase, type OpenedDatabase } from "./db/open";
import { startEmbeddings } from "./embeddings/service";
import { startEnrichment } from "./enrichment";
import { databaseFile } from "./paths";
import { warmNearDuplicateIndex } from "./search/near-duplicate-index";
import { startSessionSweep } from "./sessions/sweep";
import { secureDataDir } from "./security/files";
import { ensureToken } from "./security/token";

interface ServerState {
  ctx: Ctx;
  loaded: LoadedConfig;
  opened: OpenedDatabase;
  token: string;
  startedAt: number;
}

// Next.js may load this module in several bundles (proxy, routes, pages): keep one state per process.
const g = globalThis as typeof globalThis & { __recollect?: ServerState };

/**
 * Creates the data dir, the token and the database (migrated) once per process, then starts the
 * background services. Cheap after the first call.
 */
export function boot(): ServerState {
  if (g.__recollect) return g.__recollect;
  const loaded = serverConfig();
  fs.mkdirSync(loaded.dataDir, { recursive: true, mode: 0o700 });
  // An existing dir (or files an older version made) may be open to other users: tighten it.
  for (const warning of secureDataDir(loaded.dataDir)) console.warn(`[recollect] warning: ${warning}`);
  const token = ensureToken(loaded.dataDir);
  const opened = openDatabase(databaseFile(loaded.dataDir));
  const ctx: Ctx = { db: opened.db, sqlite: opened.sqlite, config: loaded.config, dataDir: loaded.dataDir };
  g.__recollect = { ctx, loaded, opened, token, startedAt: Date.now() };
  for (const warning of loaded.warnings) console.warn(`[recollect] ${warning}`);
  startBackgroundServices(ctx);
  return g.__recollect;
}

export const serverCtx = (): Ctx => boot().ctx;

/** Work that runs off the request path (embedding queue, purges). Never blocks a request. */
function startBackgroundServices(ctx: Ctx) {
  // Filled in by the search, compression and checkpoint modules.
  startCompressionPurge(ctx);
  // Loads the embedding model and embeds the queue in the background; search is lexical until ready.
  startEmbeddings(ctx);
  // Expires stale sessions and claims, purges expired KV entries.
  startSessionSweep(ctx);
  // Reads the live memories' tokens for the near-duplicate check, so the first store need not.
  warmNearDuplicateIndex(ctx.sqlite);
  // Issue-tracker metadata of the entities memories mention (only with GITHUB_TOKEN / GITLAB_TOKEN).
  startEnrichment(ctx);
}
