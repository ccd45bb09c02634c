import { AppError } from "../errors";

/**
 * SQLite failures that are about the disk, not the request: a full disk is 507 `storage_full`,
 * other I/O trouble (read/write errors, a file that cannot be opened, a read-only or damaged
 * database) 503 `storage_error`. A full disk is remembered for /api/health and the dashboard until
 * the next write succeeds: SQLite rolls the failed statement back and the connection stays usable,
 * so writes resume by themselves once space is freed. It is remembered per database, in
 * `ctx.services.storage` (the disk of that database is full, not of another).
 */
export interface StorageProblem {
  code: "storage_full";
  reason: string;
  /** When the last write failed (ISO time). */
  at: string;
}

/** What a database's services remember of its disk (`ctx.services.storage`). */
export interface StorageState {
  problem: StorageProblem | null;
}

const IO_CODES = /^SQLITE_(?:IOERR|CANTOPEN|READONLY|CORRUPT|NOTADB)/;

/** The SQLite result code of an error, looking through wrappers (drizzle puts the driver's error in `cause`). */
export function sqliteCodeOf(error: unknown): string | undefined {
  for (let e = error, i = 0; e && typeof e === "object" && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("SQLITE_")) return code;
  }
  return undefined;
}

/**
 * The typed error for a storage failure, or undefined for any other error. A full disk is noted
 * in `storage` (the failing database's `ctx.services.storage`) when the caller has it.
 */
export function storageError(error: unknown, storage?: StorageState): AppError | undefined {
  const code = sqliteCodeOf(error);
  if (code === "SQLITE_FULL") {
    const reason = "the disk holding the database is full: free some space; writes resume by themselves";
    if (storage) storage.problem = { code: "storage_full", reason, at: new Date().toISOString() };
    return new AppError("storage_full", reason, { sqliteCode: code });
  }
  if (code && IO_CODES.test(code)) {
    return new AppError("storage_error", `the database could not be read or written (${code}): see the server log`, { sqliteCode: code });
  }
  return undefined;
}

/** The storage problem /api/health and the dashboard report, or null when writes work. */
export const storageProblem = (storage: StorageState): StorageProblem | null => storage.problem;

/** A write went through: the disk has room again. */
export function noteWriteSucceeded(storage: StorageState): void {
  if (storage.problem) storage.problem = null;
}
