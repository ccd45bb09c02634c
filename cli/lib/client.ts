import { CliError, EXIT, exitForStatus } from "./exit";
import type { Target } from "./env";
import { unprovenReason } from "../../lib/security/server-proof";
import { type FetchLike, serverKnowsToken, withProof } from "./server-process";

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  timeoutMs?: number;
  /** Return non-2xx responses instead of throwing. */
  raw?: boolean;
}

/** A small HTTP client for the Recollect API that turns every failure into a clear CliError. */
export class Client {
  /** With a token: the server proves it knows it first, again after `TRUST_MS` or a failed connection. */
  private readonly fetch: FetchLike;

  constructor(readonly target: Target) {
    const token = target.token;
    this.fetch = token ? withProof(() => proveServer(target, token)) : fetch;
  }

  async request(pathname: string, options: RequestOptions = {}): Promise<Response> {
    const url = new URL(this.target.url + pathname);
    for (const [k, v] of Object.entries(options.query ?? {})) {
      if (v === undefined || v === false) continue;
      url.searchParams.set(k, Array.isArray(v) ? v.join(",") : String(v));
    }
    const headers: Record<string, string> = {};
    if (this.target.token) headers.authorization = `Bearer ${this.target.token}`;
    if (options.json !== undefined) headers["content-type"] = "application/json";
    let res: Response;
    try {
      res = await this.fetch(url, {
        method: options.method ?? (options.json !== undefined || options.body !== undefined ? "POST" : "GET"),
        headers,
        body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw unreachable(this.target, error);
    }
    if (!res.ok && !options.raw) throw await apiError(this.target, res);
    return res;
  }

  async json<T>(pathname: string, options: RequestOptions = {}): Promise<T> {
    const res = await this.request(pathname, options);
    return (await res.json()) as T;
  }
}

/** The server knows `token`, or a CliError (asked through `withProof`). */
export async function proveServer(target: Target, token: string): Promise<void> {
  const checked = await serverKnowsToken(target.url, token, 10_000);
  if (checked === undefined) throw unreachable(target, new Error("no answer from /api/health"));
  if (!checked.known)
    throw new CliError(
      `${unprovenReason(target.url, checked.answer)}: your API token (RECOLLECT_TOKEN or ${target.tokenPath}) was not sent`,
      EXIT.unauthorized,
      "is RECOLLECT_DATA_DIR the server's? `recollect restart` starts this version's server",
      "server_unproven",
    );
}

function unreachable(target: Target, error: unknown): CliError {
  const inner = (error as { cause?: { code?: string; message?: string } })?.cause;
  const cause = inner?.code ?? inner?.message ?? (error as Error)?.message;
  if (cause === "TimeoutError" || (error as Error)?.name === "TimeoutError") {
    return new CliError(`the server at ${target.url} did not answer in time`, EXIT.unreachable, "check `recollect status` and the log in the data dir");
  }
  return new CliError(
    `cannot reach the Recollect server at ${target.url} (${cause ?? "connection failed"})`,
    EXIT.unreachable,
    target.urlSource === "config" ? "start it with `recollect start` (or set RECOLLECT_URL / RECOLLECT_PORT)" : `is ${target.urlSource} right?`,
  );
}

async function apiError(target: Target, res: Response): Promise<CliError> {
  let message = `${res.status} ${res.statusText}`;
  let code: string | undefined;
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string } };
    if (body?.error?.message) message = body.error.message;
    code = body?.error?.code;
  } catch {
    /* not JSON */
  }
  if (res.status === 401) {
    return new CliError(
      `the server refused the API token: ${message}`,
      EXIT.unauthorized,
      target.token
        ? `the token in ${target.tokenPath} does not match this server's (is RECOLLECT_DATA_DIR the server's?)`
        : `no token found at ${target.tokenPath}: point RECOLLECT_DATA_DIR at the server's data dir`,
      code,
    );
  }
  if (res.status === 404 && code === undefined)
    return new CliError(`${message}: this server has no such endpoint (an older version?)`, EXIT.failure, undefined, "no_endpoint");
  return new CliError(message, exitForStatus(res.status), undefined, code);
}
