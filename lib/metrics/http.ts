import { logger, logRedacted } from "../logging/logger";
import type { Ctx } from "../ctx";
import { redact, type Redacted } from "../security/redaction";
import { redactKeysDeep, redactPath } from "../security/redact-fields";
import { recordRequest } from "./registry";

/**
 * The route pattern of a request: each param value in the path is put back as `[name]`, so
 * `/api/memories/0193.../links` counts as `/api/memories/[id]/links` (bounded label cardinality).
 */
export function routePattern(pathname: string, params: Record<string, unknown> | undefined): string {
  if (!params) return pathname;
  const segments = pathname.split("/");
  const taken = new Set<number>();
  const find = (value: string, from = 0) => segments.findIndex((s, i) => i >= from && !taken.has(i) && safeDecode(s) === value);
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value) && value.length) {
      const parts = value.map(String);
      let at = find(parts[0]);
      while (at >= 0 && !parts.every((v, j) => safeDecode(segments[at + j]) === v)) at = find(parts[0], at + 1);
      if (at >= 0) {
        segments.splice(at, parts.length, `[...${name}]`);
        taken.add(at);
      }
    } else if (typeof value === "string") {
      const at = find(value);
      if (at >= 0) {
        segments[at] = `[${name}]`;
        taken.add(at);
      }
    }
  }
  return segments.join("/");
}

function safeDecode(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Counts the request, times it, and writes one structured log line. Never throws. */
export function observeRequest(
  ctx: Ctx | undefined,
  req: { method: string; nextUrl: { pathname: string } },
  params: Record<string, unknown> | undefined,
  status: number,
  startedAt: number,
  error?: unknown,
): void {
  try {
    const seconds = (performance.now() - startedAt) / 1000;
    const route = routePattern(req.nextUrl.pathname, params);
    recordRequest(req.method, route, status, seconds);
    if (!ctx) return;
    if (ctx.config.logging.requests && status < 500) {
      const ms = Math.round(seconds * 10000) / 10;
      logRedacted(REQUEST_MSG, requestFields(req.method, route, req.nextUrl.pathname), { status, ms });
    } else if (status >= 500) {
      const fields: Record<string, unknown> = {
        method: req.method,
        route: redactPath(route),
        path: redactPath(req.nextUrl.pathname),
        status,
        ms: Math.round(seconds * 10000) / 10,
      };
      if (error instanceof Error) Object.assign(fields, { error: error.message, stack: error.stack?.split("\n").slice(0, 8).join("\n") });
      logger.error("request", fields);
    }
  } catch {
    /* metrics never fail a request */
  }
}

const REQUEST_MSG = redact("request");
/** Bounds `fieldsByRoute`: paths with ids in them are many; emptied when full. */
const FIELDS_MEMO_ENTRIES = 1000;
/**
 * The request line's method, route and path as they are logged (redacted), by request: redaction is
 * a pure function of the text, and most requests hit a few routes (a search request's line cost
 * about 35 µs of redaction before, issue 48). Module state on purpose: a memo of pure functions.
 */
const fieldsByRoute = new Map<string, Redacted<{ method: string; route: string; path: string }>>();

function requestFields(method: string, route: string, pathname: string): Redacted<{ method: string; route: string; path: string }> {
  const key = `${method} ${route} ${pathname}`;
  let fields = fieldsByRoute.get(key);
  if (!fields) {
    if (fieldsByRoute.size >= FIELDS_MEMO_ENTRIES) fieldsByRoute.clear();
    fields = redactKeysDeep({ method, route: redactPath(route), path: redactPath(pathname) });
    fieldsByRoute.set(key, fields);
  }
  return fields;
}
