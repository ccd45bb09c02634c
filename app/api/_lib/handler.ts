import { NextRequest, NextResponse } from "next/server";
import { ZodError, type z } from "zod";
import { boot, type ServerState } from "@/lib/boot";
import type { Ctx } from "@/lib/ctx";
import { noteWriteSucceeded, storageError } from "@/lib/db/storage-errors";
import { writeGateIdle } from "@/lib/db/write-gate";
import { AppError, STATUS_BY_CODE } from "@/lib/errors";
import { readJsonBody } from "./read-json";
import type { BodyLimit } from "@/lib/http/body-limits";
import { redact } from "@/lib/security/redaction";
import { logger } from "@/lib/logging/logger";
import { observeRequest } from "@/lib/metrics/http";
import type { GuardAuth } from "@/lib/security/guard";
import { API_SECURITY_HEADERS, withHeaders } from "@/lib/security/headers";
import { guardNextRequest } from "./guard-request";
import { registerDirectRoute, rememberBody } from "@/lib/http/direct-routes";
import { contractSteps } from "@/lib/http/contract-sliced";
import { runSliced } from "@/lib/slices";

/**
 * The one wrapper every route handler uses: boots the server state, checks Host, Origin and
 * credentials (the proxy leaves /api/* to it), runs the handler, maps errors to
 * `{ error: { code, message, details } }` with the right status, and adds the security headers.
 * No stack ever leaves.
 */
type RouteContext<P> = { params: Promise<P> };
/**
 * `auth`: how the caller proved itself (the token, a browser session, or nothing on public routes);
 * `server`: the booted process state (start time, token, database), booted once per request.
 */
type Handler<P> = (args: { req: NextRequest; ctx: Ctx; params: P; auth: GuardAuth; server: ServerState }) => Promise<Response> | Response;

/**
 * `duringSlicedWrite: "answer"`: the route answers while a sliced write (an import) holds the
 * write lock (health); every other route first waits for it (lib/db/write-gate.ts).
 */
export function route<P = Record<string, never>>(handler: Handler<P>, options: { duringSlicedWrite?: "wait" | "answer" } = {}) {
  return async (req: NextRequest, context: RouteContext<P>): Promise<Response> => {
    const startedAt = performance.now();
    if (options.duringSlicedWrite !== "answer") await writeGateIdle();
    let ctx: Ctx | undefined;
    let params: P | undefined;
    let res: Response;
    let failure: unknown;
    try {
      const booted = boot();
      ctx = booted.ctx;
      // The proxy skips /api/*: Host, Origin and token are checked here instead.
      const verdict = guardNextRequest(req, booted.ctx, booted.token);
      if (!verdict.ok) {
        res = json({ error: { code: verdict.code, message: verdict.message, details: null } }, verdict.status);
      } else {
        params = context?.params ? await context.params : ({} as P);
        res = await handler({ req, ctx, params, auth: verdict.auth, server: booted });
        // A write went through: a full disk reported earlier has room again (/api/health).
        if (res.status < 400 && req.method !== "GET" && req.method !== "HEAD") noteWriteSucceeded(ctx.services.storage);
      }
    } catch (error) {
      failure = error;
      res = errorResponse(error, ctx);
    }
    // Request metrics and one structured log line (lib/metrics/http.ts).
    observeRequest(ctx, req, params as Record<string, unknown> | undefined, res.status, startedAt, failure);
    return withHeaders(res, API_SECURITY_HEADERS);
  };
}

/**
 * Lists a route without params for the production server's direct path
 * (lib/http/direct-routes.ts): once Next.js has loaded this module, the front gate calls the same
 * handler for `method pathname` without Next.js's request handling. Returns the handler unchanged.
 * `query: true`: the route reads its query string, and `pathname?query` comes direct too.
 */
export function direct(method: string, pathname: string, handler: ReturnType<typeof route<Record<string, never>>>, options: { query?: true } = {}) {
  // The gate builds the NextRequest itself (`requestClass`): one request object, not two. A route
  // reads its body with readJson/parseBody (readBodyText): a small one may come as bytes (`takesGivenBody`).
  const answer = (req: Request) => handler(req instanceof NextRequest ? req : new NextRequest(req), { params: Promise.resolve({}) });
  registerDirectRoute(
    method,
    pathname,
    Object.assign(answer, { requestClass: NextRequest, takesGivenBody: true as const }, options.query ? { takesQuery: true as const } : {}),
  );
  return handler;
}

/** `ctx`: the database the request used, whose services note a full disk (/api/health). */
export function errorResponse(error: unknown, ctx?: Ctx): Response {
  const storage = storageError(error, ctx?.services.storage);
  if (storage) {
    logger.error("storage error", { error: (error as Error).message });
    error = storage;
  }
  if (error instanceof AppError) {
    return json({ error: { code: error.code, message: error.message, details: error.details ?? null } }, STATUS_BY_CODE[error.code]);
  }
  if (error instanceof ZodError) {
    const first = error.issues[0];
    const path = first?.path.length ? first.path.join(".") : "body";
    return json(
      {
        error: {
          code: "bad_request",
          message: `${path}: ${first?.message ?? "invalid"}`,
          details: error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code })),
        },
      },
      400,
    );
  }
  const code = (error as { code?: string })?.code;
  if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
    return json({ error: { code: "unavailable", message: "the database is busy; retry shortly", details: null } }, 503);
  }
  // The server's output goes to logs/server.log in the data dir: no client data in it unredacted.
  logger.error("unhandled error", {
    error: redact(error instanceof Error ? error.message : String(error)),
    stack: error instanceof Error ? redact(error.stack ?? "") : undefined,
  });
  return json({ error: { code: "internal", message: "internal error (see the server log)", details: null } }, 500);
}

/** As NextResponse.json; the text is noted for the front gate, which writes it without reading the body stream back. */
export function json(body: unknown, status = 200, headers?: HeadersInit): NextResponse {
  const text = JSON.stringify(body);
  const all = new Headers(headers);
  if (!all.has("content-type")) all.set("content-type", "application/json");
  return rememberBody(new NextResponse(text, { status, headers: all }), text) as NextResponse;
}

/** Reads a JSON body, refusing one over `limit` bytes (413) before parsing it, and one that is not JSON (400). */
export const readJson = (req: NextRequest, limit: number | BodyLimit): Promise<unknown> => readJsonBody(req, limit);

/**
 * The JSON body checked by its contract (lib/contracts): the verb gets the parsed value, and a bad
 * field is a 400 naming it (errorResponse). `limit`: the body limit in bytes.
 */
export async function parseBody<S extends z.ZodType>(req: NextRequest, schema: S, limit: number | BodyLimit): Promise<z.output<S>> {
  return schema.parse(await readJsonBody(req, limit));
}

/** `parseBody` for a history-sized body: its big array `field` is checked in slices (lib/http/contract-sliced.ts). */
export async function parseBodySliced<S extends z.ZodObject>(
  req: NextRequest,
  schema: S,
  field: keyof S["shape"] & string,
  limit: number | BodyLimit,
): Promise<z.output<S>> {
  return runSliced(contractSteps(schema, field, await readJsonBody(req, limit)));
}

/** The query string checked by its contract; repeated keys arrive joined with commas. */
export function parseQuery<S extends z.ZodType>(req: NextRequest, schema: S): z.output<S> {
  return schema.parse(queryObject(req));
}

/** URLSearchParams -> a plain object; repeated keys are joined with commas. */
export function queryObject(req: NextRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of req.nextUrl.searchParams) out[k] = k in out ? `${out[k]},${v}` : v;
  return out;
}
