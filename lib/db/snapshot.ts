import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { Db } from "./open";
import * as schema from "./schema";

export interface SnapshotReader {
  db: Db;
  sqlite: Database.Database;
  close: () => void;
}

/**
 * A second, read-only connection holding one read transaction: a read spread over many turns of
 * the event loop (an export read in pages) sees the store as it was at its first page, while the
 * server's own connection keeps writing (WAL). A transaction cannot stay open on the server's
 * connection across turns: every write made meanwhile would join it. A database with no file
 * (`:memory:`) has no second connection: `undefined`, and the caller reads on its own.
 */
export function openSnapshot(main: Database.Database): SnapshotReader | undefined {
  if (main.memory || !main.name) return undefined;
  const sqlite = new Database(main.name, { readonly: true, fileMustExist: true });
  try {
    sqlite.pragma("busy_timeout = 10000");
    sqlite.exec("BEGIN");
    // A deferred transaction takes its snapshot at its first read.
    sqlite.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = drizzle(sqlite, { schema }) as Db;
  return {
    db,
    sqlite,
    close: () => {
      if (!sqlite.open) return;
      try {
        if (sqlite.inTransaction) sqlite.exec("COMMIT");
      } finally {
        sqlite.close();
      }
    },
  };
}
