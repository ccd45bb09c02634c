import { sqliteCodeOf } from "../db/storage-errors";
import { AppError } from "../errors";

/**
 * Runs a read of another tool's file (an import or ingest source). A SQLite error there is about
 * that file, not about Recollect's own database: a 422 naming the request's field, never the
 * `storage_error` 503 that would send the user looking at their data dir.
 */
export function readingForeignFile<T>(field: string, file: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw asForeignFileError(error, field, file);
  }
}

/** The error to throw for a failure while reading `file` (unchanged when it is not SQLite's). */
export function asForeignFileError(error: unknown, field: string, file: string): unknown {
  if (error instanceof AppError) return error;
  const code = sqliteCodeOf(error);
  if (!code) return error;
  return new AppError("unprocessable", `${field}: ${file} could not be read as a database (${code}: ${(error as Error).message})`, {
    field,
    sqliteCode: code,
  });
}
