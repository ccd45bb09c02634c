import { NextResponse } from "next/server";
import { route } from "../../_lib/handler";
import { readBodyText } from "../../_lib/read-json";
import { BROWSER_SESSION_TTL_MS, startBrowserSession } from "@/lib/auth/browser-sessions";
import { redeemLoginTicket } from "@/lib/auth/login-tickets";
import { safeNextPath } from "@/lib/auth/redirect";
import type { Ctx } from "@/lib/ctx";
import { browserOriginFor } from "@/lib/security/browser-host";
import { BROWSER_COOKIE } from "@/lib/security/guard";
import { safeEqual } from "@/lib/security/token";

/**
 * The browser's two ways in, both answered by a redirect:
 * - `GET /login?ticket=...&next=/path` (proxy.ts rewrites it here): a one-time link from
 *   `recollect open`;
 * - `POST` of the login page's form (`token`, `next`), the token pasted by hand. The guard has
 *   checked the form's Origin is this server's own.
 * Success sets the session cookie and goes to `next` (a path on this server only); failure goes
 * back to the login page with the reason and no cookie.
 */
export const GET = route(({ req, ctx }) => {
  // The proxy sends `/login?ticket=` here only from the browser's own origin (a link on another
  // loopback name is moved there first); its rewrite reaches this route with the server's own Host,
  // so the Host is not checked again here.
  const next = safeNextPath(req.nextUrl.searchParams.get("next"));
  const ticket = req.nextUrl.searchParams.get("ticket") ?? "";
  return redeemLoginTicket(ctx, ticket) ? signedIn(ctx, next) : backToLogin("link", next);
});

export const POST = route(async ({ req, ctx, server }) => {
  // The form is a token and a path: a longer body is refused (413) before it is buffered.
  const form = new URLSearchParams(await readBodyText(req, LOGIN_FORM_LIMIT, "the login form"));
  const next = safeNextPath(form.get("next"));
  // No cookie on another loopback name: it would reach every port of that host.
  const own = browserOriginFor(req.headers.get("host"));
  if (own) return seeOther(`${own}/login${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`);
  const token = (form.get("token") ?? "").trim();
  return token && safeEqual(token, server.token) ? signedIn(ctx, next) : backToLogin("token", next);
});

function signedIn(ctx: Ctx, next: string): Response {
  const { id } = startBrowserSession(ctx);
  const res = seeOther(next);
  res.cookies.set(BROWSER_COOKIE, id, { httpOnly: true, sameSite: "strict", path: "/", maxAge: BROWSER_SESSION_TTL_MS / 1000 });
  return res;
}

const backToLogin = (error: "link" | "token", next: string) => seeOther(`/login?error=${error}${next === "/" ? "" : `&next=${encodeURIComponent(next)}`}`);

/** A relative Location: the browser stays on the host and port it used. */
const seeOther = (location: string) => new NextResponse(null, { status: 303, headers: { location, "cache-control": "no-store" } });

const LOGIN_FORM_LIMIT = 4096;
