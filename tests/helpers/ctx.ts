import path from "node:path";
import { loadConfig } from "../../lib/config";
import { makeCtx, type Ctx } from "../../lib/ctx";
import { openStore } from "../../lib/open-store";
import { databaseFile } from "../../lib/paths";
import { ROOT } from "../../scripts/build-if-needed";
import { tempDir } from "./server";

/** A lib context on a fresh real database file, for verb-level tests. */
export function testCtx(options: { dataDir?: string; env?: Record<string, string> } = {}): Ctx & { close: () => void } {
  const dataDir = options.dataDir ?? tempDir();
  const { config } = loadConfig({ env: { RECOLLECT_DATA_DIR: dataDir, XDG_CONFIG_HOME: tempDir("recollect-config-"), ...options.env } });
  const opened = openStore(databaseFile(dataDir), { migrationsDir: path.join(ROOT, "drizzle") });
  return { ...makeCtx({ db: opened.db, sqlite: opened.sqlite, config, dataDir }), close: () => opened.sqlite.close() };
}
