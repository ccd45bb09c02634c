import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as sqliteVec from "sqlite-vec";
import { appRoot } from "../paths";
import * as schema from "./schema";
import { ensureChangeLogTriggers, ensureTeamOutboxTriggers } from "./triggers";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface OpenedDatabase {
  db: Db;
  sqlite: Database.Database;
  file: string;
  vecVersion: string;
}

/**
 * Opens (creating if needed) the database: WAL, a busy timeout long enough that concurrent writers
 * queue instead of failing, foreign keys, incremental auto-vacuum on new files, sqlite-vec loaded
 * and checked, every committed migration applied and the triggers created. The schema only: what
 * is derived from the rows (index rows, the lexical index) is brought up to date by `openStore`
 * (lib/open-store.ts), which the server, the tests and the benchmarks open through.
 */
export function openDatabase(file: string, options: { migrationsDir?: string; readonly?: boolean } = {}): OpenedDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { readonly: options.readonly ?? false });
  try {
    if (!options.readonly) {
      // auto_vacuum only takes effect before the first table is created.
      const fresh = (sqlite.pragma("page_count", { simple: true }) as number) === 0;
      if (fresh) sqlite.pragma("auto_vacuum = INCREMENTAL");
      sqlite.pragma("journal_mode = WAL");
      sqlite.pragma("synchronous = NORMAL");
    }
    sqlite.pragma("busy_timeout = 10000");
    // Up to 64 MiB of pages kept per connection (SQLite's default is 2 MiB): at 100,000 memories
    // a lexical search otherwise re-reads its FTS and table pages from the OS on every query
    // (p50 3.2 -> 2.5 ms, p95 4.7 -> 3.5 ms in process). It only grows with what is read.
    sqlite.pragma("cache_size = -65536");
    sqlite.pragma("foreign_keys = ON");
    sqliteVec.load(sqlite);
    const vecVersion = (sqlite.prepare("select vec_version() as v").get() as { v: string }).v;
    const db = drizzle(sqlite, { schema }) as Db;
    if (!options.readonly) {
      migrate(db, { migrationsFolder: options.migrationsDir ?? path.join(appRoot(), "drizzle") });
      ensureChangeLogTriggers(sqlite);
      ensureTeamOutboxTriggers(sqlite);
      // Checkpoint the WAL every ~16 MB instead of every 4 MB: each checkpoint syncs to disk, and
      // fewer, larger ones write pages that many commits touched once instead of many times.
      sqlite.pragma("wal_autocheckpoint = 4000");
      sqlite.pragma("journal_size_limit = 67108864");
    }
    return { db, sqlite, file, vecVersion };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}
