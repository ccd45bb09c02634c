/** Typed errors of the domain. Route handlers map `code` to an HTTP status; lib code never sees HTTP. */
export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  /** Well-formed request, but the file it names cannot be used (a damaged database of another tool). */
  | "unprocessable"
  | "unavailable"
  /** The disk holding the database is full (SQLITE_FULL). */
  | "storage_full"
  /** The database file could not be read or written (other SQLite I/O errors). */
  | "storage_error"
  | "internal";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError("bad_request", message, details);
export const notFound = (message: string, details?: unknown) => new AppError("not_found", message, details);
export const conflict = (message: string, details?: unknown) => new AppError("conflict", message, details);

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  unavailable: 503,
  storage_full: 507,
  storage_error: 503,
  internal: 500,
};
