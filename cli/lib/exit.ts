/** Exit codes of `recollect` (also in docs/cli.md). */
export const EXIT = {
  ok: 0,
  /** Something failed (server error, doctor found a problem, ...). */
  failure: 1,
  /** Bad command line: unknown option, missing argument, refused to act without --force. */
  usage: 2,
  /** The server is not running or not reachable (also `status` when it is stopped). */
  unreachable: 3,
  /** An id (memory, session, file) does not exist. */
  notFound: 4,
  /** The token was refused or is missing. */
  unauthorized: 5,
  /** The server refused the input (bad file to import, invalid value, too large). */
  invalid: 6,
  /** A conflict: the target exists, or the memory changed meanwhile. */
  conflict: 7,
  /** The user answered no at a confirmation. */
  cancelled: 8,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI reports as one clear message and an exit code (never a stack). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
    readonly hint?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "CliError";
  }
}

const BY_STATUS: Record<number, ExitCode> = {
  400: EXIT.invalid,
  401: EXIT.unauthorized,
  403: EXIT.unauthorized,
  404: EXIT.notFound,
  409: EXIT.conflict,
  413: EXIT.invalid,
  422: EXIT.invalid,
};

export const exitForStatus = (status: number): ExitCode => BY_STATUS[status] ?? EXIT.failure;
