import { browserCredential, safeEqual } from "./token";

/**
 * The checks every request passes before it reaches a page or a route handler:
 * loopback `Host` only (DNS rebinding), no foreign `Origin` on writes (CSRF), and for `/api/*`
 * (but health) the API token or the browser's HttpOnly cookie.
 */
export const BROWSER_COOKIE = "recollect_session";

export interface GuardRequest {
  method: string;
  pathname: string;
  host: string | null;
  origin: string | null;
  secFetchSite: string | null;
  authorization: string | null;
  tokenHeader: string | null;
  cookie: string | null;
}

export type GuardResult =
  | { ok: true; setBrowserCookie: boolean }
  | { ok: false; status: 401 | 403; code: "unauthorized" | "forbidden"; message: string };

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  return h.replace(/:\d+$/, "");
}

export function isLoopbackHost(hostname: string, extraAllowed: readonly string[] = []): boolean {
  return (
    LOOPBACK_NAMES.has(hostname) ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname) ||
    hostname.endsWith(".localhost") ||
    extraAllowed.includes(hostname)
  );
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function guardRequest(req: GuardRequest, token: string, extraAllowedHosts: readonly string[] = []): GuardResult {
  const hostname = req.host ? hostnameOf(req.host) : "";
  if (!isLoopbackHost(hostname, extraAllowedHosts)) {
    return { ok: false, status: 403, code: "forbidden", message: `Host "${req.host ?? ""}" is not allowed: Recollect answers loopback names only` };
  }

  if (MUTATING.has(req.method.toUpperCase())) {
    if (req.origin && req.origin !== "null") {
      let originHost = "";
      try {
        originHost = new URL(req.origin).hostname.toLowerCase();
      } catch {
        /* unparsable origin: foreign */
      }
      if (originHost.includes(":") && !originHost.startsWith("[")) originHost = `[${originHost}]`;
      if (!isLoopbackHost(originHost, extraAllowedHosts)) {
        return { ok: false, status: 403, code: "forbidden", message: `Origin "${req.origin}" may not change data` };
      }
    } else if (req.origin === "null" || req.secFetchSite === "cross-site") {
      return { ok: false, status: 403, code: "forbidden", message: "cross-site requests may not change data" };
    }
  }

  const cookieValue = readCookie(req.cookie, BROWSER_COOKIE);
  const hasBrowserCookie = cookieValue !== undefined && safeEqual(cookieValue, browserCredential(token));
  const isApi = req.pathname === "/api" || req.pathname.startsWith("/api/");
  if (isApi && req.pathname !== "/api/health") {
    const bearer = req.authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    const given = bearer ?? req.tokenHeader?.trim();
    const ok = (given !== undefined && safeEqual(given, token)) || hasBrowserCookie;
    if (!ok) {
      return {
        ok: false,
        status: 401,
        code: "unauthorized",
        message: given ? "invalid API token" : "missing API token: send Authorization: Bearer <token from $RECOLLECT_DATA_DIR/token>",
      };
    }
  }
  return { ok: true, setBrowserCookie: !isApi && !hasBrowserCookie };
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}
