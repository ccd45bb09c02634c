import { NextResponse, type NextRequest } from "next/server";
import { boot } from "@/lib/boot";
import { BROWSER_COOKIE } from "@/lib/security/guard";
import { guardNextRequest } from "@/lib/security/request";
import { browserCredential } from "@/lib/security/token";

/**
 * Runs before every page and static file: Host, Origin and token checks (lib/security/guard.ts).
 * Pages get the HttpOnly SameSite=Strict cookie that lets the browser call the API without ever
 * seeing the token. API routes are left out (see `config`): their wrapper makes the same checks.
 */
export function proxy(req: NextRequest) {
  const { token } = boot();
  const verdict = guardNextRequest(req, token);
  if (!verdict.ok) {
    return NextResponse.json({ error: { code: verdict.code, message: verdict.message, details: null } }, { status: verdict.status });
  }
  const res = NextResponse.next();
  if (verdict.setBrowserCookie) {
    res.cookies.set(BROWSER_COOKIE, browserCredential(token), { httpOnly: true, sameSite: "strict", path: "/" });
  }
  return res;
}

// Every path but /api/*: each API route runs the same guard in `route()` (app/api/_lib/handler.ts).
export const config = { matcher: ["/((?!api/).*)"] };
