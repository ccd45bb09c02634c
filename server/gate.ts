import { allowedHostsFromEnv, hostnameOf, isLoopbackHost } from "../lib/security/guard";

/**
 * Checks of the raw request line and Host that must run before Next.js sees a request: Next
 * answers 500 to a path it cannot percent-decode, to `*` and to methods it does not know (before
 * the proxy or any route runs), and redirects an absolute-URI request line (`GET http://evil/`)
 * to that host. Each refusal is the API's JSON error shape.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

export interface GateRefusal {
  status: 400 | 403 | 405;
  code: "bad_request" | "forbidden" | "method_not_allowed";
  message: string;
  headers?: Record<string, string>;
}

export interface GateRequest {
  method: string | undefined;
  /** The request-target exactly as sent (`req.url` of node:http). */
  target: string | undefined;
  host: string | undefined;
  /** How many Host headers the request has (node keeps the first in `headers.host`). */
  hostHeaders?: number;
}

/** Null when the request may go on to Next.js; otherwise the answer to give. */
export function checkRequestLine(req: GateRequest, extraAllowedHosts: readonly string[] = allowedHostsFromEnv()): GateRefusal | null {
  // Host first: a foreign Host learns nothing else about the server (DNS rebinding).
  const host = req.host ?? "";
  if (!isLoopbackHost(host ? hostnameOf(host) : "", extraAllowedHosts)) {
    return { status: 403, code: "forbidden", message: `Host "${host}" is not allowed: Recollect answers loopback names only` };
  }
  // RFC 9112: a request with more than one Host is answered 400 (parts of a stack that read
  // different ones disagree on where it goes).
  if ((req.hostHeaders ?? 1) > 1) return { status: 400, code: "bad_request", message: "more than one Host header" };
  const target = req.target ?? "";
  // Origin-form only: `*` (asterisk-form), `host:port` (authority-form) and `http://...`
  // (absolute-form) are refused. (`//x` is origin-form: Next redirects it to `/x` on this host.)
  if (!target.startsWith("/")) {
    return { status: 400, code: "bad_request", message: `request target ${quote(target)}: only a path starting with "/" is accepted` };
  }
  const method = req.method ?? "";
  if (!ALLOWED.has(method)) {
    return {
      status: 405,
      code: "method_not_allowed",
      message: `method ${quote(method)} is not allowed: use one of ${ALLOWED_METHODS.join(", ")}`,
      headers: { allow: ALLOWED_METHODS.join(", ") },
    };
  }
  const query = target.indexOf("?");
  const pathname = query === -1 ? target : target.slice(0, query);
  for (const segment of pathname.split("/")) {
    if (!segment.includes("%")) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return { status: 400, code: "bad_request", message: `path segment ${quote(segment)}: invalid percent-encoding (not UTF-8)` };
    }
  }
  return null;
}

const quote = (s: string) => JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}...` : s);
