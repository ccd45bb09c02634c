import { logger } from "../logging/logger";
import type { Ctx } from "../ctx";
import { redactPath } from "../security/redact-fields";
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
    if (ctx.config.logging.requests || status >= 500) {
      const fields: Record<string, unknown> = {
        method: req.method,
        route: redactPath(route),
        path: redactPath(req.nextUrl.pathname),
        status,
        ms: Math.round(seconds * 10000) / 10,
      };
      if (status >= 500) {
        if (error instanceof Error) Object.assign(fields, { error: error.message, stack: error.stack?.split("\n").slice(0, 8).join("\n") });
        logger.error("request", fields);
      } else logger.info("request", fields);
    }
  } catch {
    /* metrics never fail a request */
  }
}
