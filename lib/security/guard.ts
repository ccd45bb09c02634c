import { agentOfHookPath, isAgentHookKey } from "./agent-hook-key";
import { browserOriginFor } from "./browser-host";
import { hostnameOf, isLoopbackHost } from "./hosts";
import { safeEqual } from "./token";
import { trimEnd } from "../trim-end";

export { allowedHostsFromEnv, hostnameOf, isLoopbackHost } from "./hosts";

/**
 * The checks every request passes before it reaches a page or a route handler:
 * - a loopback `Host` only (DNS rebinding);
 * - for `/api/*` (but health and the login itself) the API token, or a signed-in browser's
 *   session cookie; a few routes (minting login links, signing every browser out) take the token only;
 * - CSRF: a write that is not made with the token (a browser's) must come from this server's own
 *   origin, scheme, host and port, by `Origin` (or `Referer` when there is no `Origin`), and, but
 *   for the login form, carry `Content-Type: application/json`, which no form and no no-cors
 *   fetch can send. Cookies are sent to every port of a host, so a host-only check is not enough.
 */
export const BROWSER_COOKIE = "recollect_session";

export interface GuardRequest {
  method: string;
  pathname: string;
  host: string | null;
  origin: string | null;
  referer: string | null;
  secFetchSite: string | null;
  contentType: string | null;
  authorization: string | null;
  tokenHeader: string | null;
  cookie: string | null;
  /** `X-Recollect-Reauth`: a browser's re-authentication grant (lib/auth/reauth-grants.ts). */
  reauth?: string | null;
  /** `X-Recollect-Hook`: an agent hook's key (lib/security/agent-hook-key.ts). */
  agentHookKey?: string | null;
  /** The local address of the connection, as the front gate (server/serve.ts) set it. */
  localAddress?: string | null;
  /** The query string (`?root=...` of an agent hook path). */
  search?: string;
}

export interface GuardDeps {
  token: string;
  /** Whether a cookie's value is a live browser session (lib/auth/browser-sessions.ts). */
  isBrowserSession: (id: string) => boolean;
  /** Whether a re-authentication grant is live for this session (lib/auth/reauth-grants.ts); none without it. */
  isReauthGrant?: (sessionId: string, grant: string) => boolean;
  extraAllowedHosts?: readonly string[];
  /** The browser's own host name (lib/security/browser-host.ts); default `RECOLLECT_BROWSER_HOST` or `recollect.localhost`. */
  browserHost?: string;
}

export type GuardAuth = { kind: "token" } | { kind: "session"; sessionId: string } | { kind: "agentHook" } | { kind: "none" };

export type GuardResult =
  | { ok: true; auth: GuardAuth }
  | { ok: false; status: 401 | 403 | 415; code: "unauthorized" | "forbidden" | "unsupported_media_type" | "reauth_required"; message: string };

/** API paths open without a credential: the health probe and the login (ticket link, token form). */
export const PUBLIC_API_PATHS = new Set(["/api/health", "/api/auth/login"]);
/**
 * The team hub's sync API (docs/team.md): machines authenticate there with their own team tokens,
 * checked by the routes (app/api/team/_hub.ts), never with this server's API token.
 */
export const TEAM_HUB_API_PREFIX = "/api/team/hub/";
/** API paths a browser session may not use: they mint or revoke browser credentials. */
export const TOKEN_ONLY_API_PATHS = new Set(["/api/auth/tickets", "/api/auth/sessions"]);
/**
 * Writes that reach code or the file system: creating, restarting or driving a loop (its task runs
 * with the coder agent, `mode: in_place` in the project itself), a backup to any path, ingest of
 * OpenCode's database, import and notes ingest of any path, bootstrap of any directory, the other
 * maintenance routes. A browser session alone may not use them (a cookie leaks to every port of its
 * host): the token, or a session with a fresh re-authentication grant. Cancelling a loop stays open.
 */
export function isPowerRequest(method: string, pathname: string): boolean {
  if (!MUTATING.has(method.toUpperCase())) return false;
  const p = trimEnd(pathname.toLowerCase(), "/");
  if (p === "/api/loops") return true;
  if (p.startsWith("/api/loops/")) return !/^\/api\/loops\/[^/]+\/cancel$/.test(p);
  return p.startsWith("/api/maintenance/") || POWER_PATHS.has(p);
}
const POWER_PATHS = new Set(["/api/import/tool", "/api/notes/ingest", "/api/bootstrap"]);

export const REAUTH_MESSAGE =
  "this action runs code or reads and writes files on this machine: a browser session alone may not do it. Confirm it with the API token (the file `token` in the data dir; the browser asks for it) or use the CLI";

/** The login form posts its token as a form: exempt from the JSON rule (not from the origin check). */
export const LOGIN_FORM_PATH = "/api/auth/login";
/**
 * The browser's forms that work without JavaScript (app/api/forms/): posted as
 * `application/x-www-form-urlencoded`, which a page of another origin can send too, so they rest
 * on the exact same-origin check alone, like the login form.
 */
export const FORM_POST_PREFIX = "/api/forms/";
const isFormPost = (pathname: string, contentType: string | null) =>
  pathname.startsWith(FORM_POST_PREFIX) && mediaType(contentType) === "application/x-www-form-urlencoded";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function guardRequest(req: GuardRequest, deps: GuardDeps): GuardResult {
  const hostname = req.host ? hostnameOf(req.host) : "";
  if (!req.host || !isLoopbackHost(hostname, deps.extraAllowedHosts)) {
    return { ok: false, status: 403, code: "forbidden", message: `Host "${req.host ?? ""}" is not allowed: Recollect answers loopback names only` };
  }

  const auth = authenticate(req, deps);
  const isApi = req.pathname === "/api" || req.pathname.startsWith("/api/");
  if (isApi && !PUBLIC_API_PATHS.has(req.pathname) && !req.pathname.startsWith(TEAM_HUB_API_PREFIX)) {
    if (auth.kind === "none" || (auth.kind === "session" && TOKEN_ONLY_API_PATHS.has(req.pathname))) {
      const given = bearerOf(req);
      return {
        ok: false,
        status: 401,
        code: "unauthorized",
        message: given
          ? "invalid API token"
          : TOKEN_ONLY_API_PATHS.has(req.pathname) && auth.kind === "session"
            ? "this route needs the API token (a browser session is not enough)"
            : "missing API token: send Authorization: Bearer <token from $RECOLLECT_DATA_DIR/token>",
      };
    }
  }

  // A page on another port of this host is same-site: the browser sends the session cookie with its
  // no-cors requests too. It cannot read the answers, but a read that records something (the
  // injections of /api/context/stable) would be its doing: the session is for this server's own pages.
  if (isApi && auth.kind === "session" && (req.secFetchSite === "same-site" || req.secFetchSite === "cross-site")) {
    return { ok: false, status: 403, code: "forbidden", message: "a browser session is for this server's own pages: another site or port may not use it" };
  }

  // A leaked cookie must not reach code or the file system: those powers need the token or a fresh grant.
  if (isApi && auth.kind === "session" && isPowerRequest(req.method, req.pathname)) {
    const grant = req.reauth?.trim();
    if (!grant || !deps.isReauthGrant?.(auth.sessionId, grant)) return { ok: false, status: 403, code: "reauth_required", message: REAUTH_MESSAGE };
  }

  if (MUTATING.has(req.method.toUpperCase())) {
    // A team hub's machines write with their team token (checked by the route) like any token client.
    const tokenLike = auth.kind === "token" || auth.kind === "agentHook" || (isApi && req.pathname.startsWith(TEAM_HUB_API_PREFIX));
    const refused = tokenLike ? foreignOriginForTokenWrite(req, deps) : crossOriginBrowserWrite(req);
    if (refused) return refused;
  }
  return { ok: true, auth };
}

/** The token (bearer or `x-recollect-token`) wins over a cookie; a wrong token is no credential. */
function authenticate(req: GuardRequest, deps: GuardDeps): GuardAuth {
  const given = bearerOf(req);
  if (given !== undefined && safeEqual(given, deps.token)) return { kind: "token" };
  // An agent's hooks (Claude Code's HTTP hooks, `curl`): a key that opens the agent's one path, bound to this server's address.
  const agent = req.agentHookKey && req.localAddress ? agentOfHookPath(req.pathname) : undefined;
  if (agent && req.agentHookKey && req.localAddress) {
    const root = new URLSearchParams(req.search ?? "").get("root") ?? "";
    if (isAgentHookKey(deps.token, req.agentHookKey.trim(), req.localAddress, agent, root)) return { kind: "agentHook" };
  }
  // The cookie counts on the browser's own origin only (lib/security/browser-host.ts): one set on
  // 127.0.0.1 before it had one, sent to every port of that host, is no credential.
  const sessionId = browserOriginFor(req.host, deps.browserHost) === undefined ? readCookie(req.cookie, BROWSER_COOKIE) : undefined;
  if (sessionId && deps.isBrowserSession(sessionId)) return { kind: "session", sessionId };
  return { kind: "none" };
}

function bearerOf(req: GuardRequest): string | undefined {
  // A prefix test and a trim: `^Bearer\s+(.+)$` backtracked over a long run of spaces.
  const auth = req.authorization;
  if (auth && /^bearer\s/i.test(auth)) return auth.slice("bearer".length).trim();
  return req.tokenHeader?.trim();
}

/** Token holders (plugin, CLI, MCP) are trusted; a page that somehow had the token is still refused. */
function foreignOriginForTokenWrite(req: GuardRequest, deps: GuardDeps): GuardResult | undefined {
  if (req.origin && req.origin !== "null") {
    let originHost = "";
    try {
      originHost = new URL(req.origin).hostname.toLowerCase();
    } catch {
      /* unparsable origin: foreign */
    }
    if (originHost.includes(":") && !originHost.startsWith("[")) originHost = `[${originHost}]`;
    if (!isLoopbackHost(originHost, deps.extraAllowedHosts)) {
      return { ok: false, status: 403, code: "forbidden", message: `Origin "${req.origin}" may not change data` };
    }
  } else if (req.origin === "null" || req.secFetchSite === "cross-site") {
    return { ok: false, status: 403, code: "forbidden", message: "cross-site requests may not change data" };
  }
  return undefined;
}

/** A browser write (cookie or no credential): same origin exactly, and JSON but for the login form. */
function crossOriginBrowserWrite(req: GuardRequest): GuardResult | undefined {
  const own = originOf(`http://${req.host}`);
  const claimed = req.origin !== null ? originOf(req.origin) : req.referer !== null ? originOf(req.referer) : undefined;
  if (!claimed || claimed !== own) {
    const what =
      req.origin !== null ? `Origin "${req.origin}"` : req.referer !== null ? `Referer "${req.referer}"` : "a request with neither Origin nor Referer";
    return { ok: false, status: 403, code: "forbidden", message: `${what} may not change data: browser writes must come from ${own}` };
  }
  if (req.pathname !== LOGIN_FORM_PATH && !isFormPost(req.pathname, req.contentType) && mediaType(req.contentType) !== "application/json") {
    return { ok: false, status: 415, code: "unsupported_media_type", message: "content-type: browser writes must send Content-Type: application/json" };
  }
  return undefined;
}

/** `scheme://host[:port]`, lower-cased with default ports dropped, or undefined when unparsable. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

const mediaType = (contentType: string | null): string => (contentType ?? "").split(";")[0].trim().toLowerCase();

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}
