import Database from "better-sqlite3";

/** Whether another connection holds the write lock of the database file `file` now (asked without waiting for it). */
export function writeLockHeld(file: string): boolean {
  const probe = new Database(file);
  try {
    probe.pragma("busy_timeout = 0");
    probe.exec("BEGIN IMMEDIATE");
    probe.exec("ROLLBACK");
    return false;
  } catch (error) {
    if (String((error as { code?: unknown }).code).startsWith("SQLITE_BUSY")) return true;
    throw error;
  } finally {
    probe.close();
  }
}
