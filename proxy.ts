import { NextResponse, type NextRequest } from "next/server";
import { boot } from "@/lib/boot";
import { BROWSER_COOKIE, guardRequest } from "@/lib/security/guard";
import { browserCredential } from "@/lib/security/token";

/**
 * Runs before every request, pages and static files included: Host, Origin and token checks
 * (lib/security/guard.ts). Pages get the HttpOnly SameSite=Strict cookie that lets the browser
 * call the API without ever seeing the token.
 */
export function proxy(req: NextRequest) {
  const { token } = boot();
  const verdict = guardRequest(
    {
      method: req.method,
      pathname: req.nextUrl.pathname,
      host: req.headers.get("host"),
      origin: req.headers.get("origin"),
      secFetchSite: req.headers.get("sec-fetch-site"),
      authorization: req.headers.get("authorization"),
      tokenHeader: req.headers.get("x-recollect-token"),
      cookie: req.headers.get("cookie"),
    },
    token,
    allowedHosts(),
  );
  if (!verdict.ok) {
    return NextResponse.json({ error: { code: verdict.code, message: verdict.message, details: null } }, { status: verdict.status });
  }
  const res = NextResponse.next();
  if (verdict.setBrowserCookie) {
    res.cookies.set(BROWSER_COOKIE, browserCredential(token), { httpOnly: true, sameSite: "strict", path: "/" });
  }
  return res;
}

/** Extra host names a user who binds beyond loopback lists in RECOLLECT_ALLOWED_HOSTS. */
function allowedHosts(): string[] {
  return (process.env.RECOLLECT_ALLOWED_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean);
}
