import type Database from "better-sqlite3";

/**
 * Closes the database so that its main file holds everything: the WAL is checkpointed into it and
 * truncated first (`recollect stop`, SIGINT), so a copy of `recollect.db` alone is a whole
 * database. Idempotent; a checkpoint another connection blocks is left to SQLite's own close.
 */
export function closeDatabase(sqlite: Database.Database): void {
  if (!sqlite.open) return;
  try {
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
  } catch {
    /* busy (another process reading): the close below still checkpoints what it can */
  }
  sqlite.close();
}
