import crypto from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { boot } from "@/lib/boot";
import { COMMON_SECURITY_HEADERS, pageCsp, withHeaders } from "@/lib/security/headers";
import { guardNextRequest } from "@/app/api/_lib/guard-request";
import { browserOriginFor } from "@/lib/security/browser-host";

/**
 * Runs before every page and static file: Host, Origin and credential checks
 * (lib/security/guard.ts), then the browser login:
 * - `/login?ticket=...` (a one-time link from `recollect open`) goes to the login route;
 * - a page without a signed-in session redirects to `/login?next=<page>`: no data is rendered;
 * - every page gets a fresh CSP nonce (Next.js puts it on its scripts) and the security headers.
 * API routes are left out (see `config`): their wrapper makes the same checks.
 */
export function proxy(req: NextRequest) {
  const { ctx, token } = boot();
  const verdict = guardNextRequest(req, ctx, token);
  if (!verdict.ok) {
    return withHeaders(
      NextResponse.json({ error: { code: verdict.code, message: verdict.message, details: null } }, { status: verdict.status }),
      COMMON_SECURITY_HEADERS,
    );
  }
  const { pathname, search, searchParams } = req.nextUrl;
  // Pages live on the browser's own origin (lib/security/browser-host.ts): a cookie of
  // 127.0.0.1 or localhost would be sent to every other local server the user browses to.
  const own = browserOriginFor(req.headers.get("host"));
  if (own) {
    // The page comes along unless it is long: a header never echoes unbounded input (clients refuse a head over 16 KiB).
    const page = `${pathname}${search}`;
    const res = new NextResponse(null, {
      status: 303,
      headers: { location: `${own}${page.length <= MAX_ECHOED_PATH ? page : "/"}`, "cache-control": "no-store" },
    });
    return withHeaders(res, COMMON_SECURITY_HEADERS);
  }
  if (pathname === "/login" && searchParams.has("ticket")) {
    return NextResponse.rewrite(new URL(`/api/auth/login${search}`, req.url));
  }
  if (verdict.auth.kind === "none" && needsSignIn(pathname)) {
    const wanted = encodeURIComponent(pathname + search);
    // A long page is not carried over (the login form takes 4 KiB; a header never echoes unbounded input).
    const next = (pathname === "/" && !search) || wanted.length > MAX_ECHOED_PATH ? "" : `?next=${wanted}`;
    // The proxy wants an absolute Location: on the Host the browser used (a loopback name, checked above).
    const location = new URL(`/login${next}`, `http://${req.headers.get("host")}`);
    const res = new NextResponse(null, { status: 303, headers: { location: location.href, "cache-control": "no-store" } });
    return withHeaders(res, COMMON_SECURITY_HEADERS);
  }

  const nonce = crypto.randomBytes(16).toString("base64");
  const csp = pageCsp(nonce);
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  withHeaders(res, COMMON_SECURITY_HEADERS);
  // Under "no-referrer" a browser sends `Origin: null` with a form POST, which the same-origin
  // check refuses: pages post forms (the login, and the forms that work without JavaScript,
  // app/api/forms/), so they send their origin, and their address, to this origin only.
  res.headers.set("referrer-policy", "same-origin");
  return res;
}

/** The longest page path and query a redirect carries (its Location is echoed input). */
const MAX_ECHOED_PATH = 2048;

/** Everything but the login page and the build's static files (scripts, styles, fonts, the icon: no data). */
function needsSignIn(pathname: string): boolean {
  return pathname !== "/login" && !pathname.startsWith("/_next/static/") && pathname !== "/favicon.ico" && pathname !== "/icon.svg";
}

// Every path but /api/* and /mcp (exactly, or below it): each API route runs the same guard in
// `route()` (app/api/_lib/handler.ts), the MCP endpoint in app/mcp/route.ts (a 401, not a login
// redirect). `/mcpx` is a page path like any other: the login, and the page headers.
export const config = { matcher: ["/((?!api/|mcp$|mcp/).*)"] };
