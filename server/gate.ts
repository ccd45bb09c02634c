import { allowedHostsFromEnv, hostnameOf, isLoopbackHost } from "../lib/security/hosts";
import { TEAM_HUB_API_PREFIX } from "../lib/security/guard";
import { safeEqual } from "../lib/security/token";
import { AGENT_HOOK_HEADER, agentOfHookPath } from "../lib/security/agent-hook-key";

/**
 * Checks of the raw request line and Host that must run before Next.js sees a request: Next
 * answers 500 to a path it cannot percent-decode, to `*` and to methods it does not know (before
 * the proxy or any route runs), and redirects an absolute-URI request line (`GET http://evil/`)
 * to that host. Each refusal is the API's JSON error shape.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

export interface GateRefusal {
  status: 400 | 401 | 403 | 405 | 413 | 414;
  code: "bad_request" | "unauthorized" | "forbidden" | "method_not_allowed" | "payload_too_large" | "uri_too_long";
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

/**
 * The longest request-target accepted (414 above it); the longest field a query carries (a
 * 10,000-character id) still gets its route's 400 naming it. node:http takes a request head of up
 * to 16 KiB, and clients refuse a response head over 16 KiB (undici: UND_ERR_HEADERS_OVERFLOW).
 */
export const MAX_TARGET_LENGTH = 12 * 1024;
/**
 * The longest target Next.js would redirect (a trailing slash, `//`, `\`, a `.`/`..`/`%2e` segment):
 * its 308 echoes the target twice (Location and Refresh), percent-encoded (up to 3 bytes a byte),
 * so 2 KiB keeps that head well under 16 KiB.
 */
export const MAX_REDIRECTED_TARGET_LENGTH = 2048;

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
  if (target.length > MAX_TARGET_LENGTH) {
    return { status: 414, code: "uri_too_long", message: `request target: ${target.length} characters, at most ${MAX_TARGET_LENGTH} are accepted` };
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
  if (target.length > MAX_REDIRECTED_TARGET_LENGTH && notNormalForm(pathname)) {
    return {
      status: 414,
      code: "uri_too_long",
      message: `request target: ${target.length} characters, at most ${MAX_REDIRECTED_TARGET_LENGTH} for a path with a trailing slash, "//", "\\" or a dot segment`,
    };
  }
  return null;
}

/** A path Next.js answers with a redirect to its normal form. */
function notNormalForm(pathname: string): boolean {
  if ((pathname.length > 1 && pathname.endsWith("/")) || pathname.includes("//") || pathname.includes("\\")) return true;
  return pathname.split("/").some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

const quote = (s: string) => JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}...` : s);

/** Pages take no body (the memory browser's writes are API calls): a page request's body is at most this. */
export const PAGE_BODY_LIMIT = 64 * 1024;
/** The login form: a token and a path (app/api/auth/login/route.ts reads at most this too). */
export const LOGIN_FORM_LIMIT = 4096;

export interface BodyRequest {
  method: string | undefined;
  target: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** The API token, once the server has booted; undefined before. */
  token: string | undefined;
}

/**
 * Bodies are bounded before anything buffers them (Next.js copies a page request's body for the
 * proxy): a page's body over PAGE_BODY_LIMIT, or streamed without a length, is a 413; an API
 * request that carries a body but no credential is a 401, answered before its body is read (the
 * login form, the one public write, is held to LOGIN_FORM_LIMIT). Authenticated API bodies are
 * counted by their route as they stream in (app/api/_lib/read-json.ts). Null when the request
 * may go on.
 */
export function checkRequestBody(req: BodyRequest): (GateRefusal & { status: 401 | 413 }) | null {
  const length = header(req.headers["content-length"]);
  const chunked = header(req.headers["transfer-encoding"]) !== undefined;
  const declared = length === undefined ? 0 : Number(length);
  if (!chunked && !(declared > 0)) return null;
  const target = req.target ?? "";
  const pathname = target.split("?")[0];
  const api = pathname === "/api" || pathname.startsWith("/api/") || pathname === "/mcp" || pathname.startsWith("/mcp/");
  if (!api) {
    if (chunked || declared > PAGE_BODY_LIMIT)
      return { status: 413, code: "payload_too_large", message: `body: a page takes at most ${PAGE_BODY_LIMIT} bytes, with a Content-Length` };
    return null;
  }
  if (pathname === "/api/auth/login") {
    if (declared > LOGIN_FORM_LIMIT)
      return { status: 413, code: "payload_too_large", message: `body is larger than the limit of ${LOGIN_FORM_LIMIT} bytes (the login form)` };
    return null;
  }
  if (hasCredential(req) || hasAgentHookKey(req, pathname)) return null;
  // The team hub's sync API: a team token, which its route checks before it reads the body.
  if (pathname.startsWith(TEAM_HUB_API_PREFIX) && /^bearer\s+\S/i.test(header(req.headers.authorization) ?? "")) return null;
  return {
    status: 401,
    code: "unauthorized",
    message: "missing API token: send Authorization: Bearer <token from $RECOLLECT_DATA_DIR/token> (the body was not read)",
    // As app/mcp/route.ts answers an MCP client without the token.
    ...(pathname.startsWith("/mcp") ? { headers: { "www-authenticate": 'Bearer realm="recollect"' } } : {}),
  };
}

/** The token (checked when the server has booted), or a browser session cookie (its route checks it). */
function hasCredential(req: BodyRequest): boolean {
  const auth = header(req.headers.authorization);
  const given = auth && /^bearer\s/i.test(auth) ? auth.slice("bearer".length).trim() : header(req.headers["x-recollect-token"])?.trim();
  if (given) return req.token === undefined || safeEqual(given, req.token);
  const cookie = header(req.headers.cookie) ?? "";
  return /(?:^|;\s*)recollect_session=[\w-]{20,100}(?:;|$)/.test(cookie);
}

/** An agent hook's key on its own path (its route checks it against the token and the address, before reading the body). */
function hasAgentHookKey(req: BodyRequest, pathname: string): boolean {
  return agentOfHookPath(pathname) !== undefined && /^[0-9a-f]{64}$/.test(header(req.headers[AGENT_HOOK_HEADER])?.trim() ?? "");
}

const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
