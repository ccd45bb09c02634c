import { json, route } from "../../_lib/handler";
import { endBrowserSession } from "@/lib/auth/browser-sessions";
import { AppError } from "@/lib/errors";
import { BROWSER_COOKIE } from "@/lib/security/guard";

/** `POST /api/auth/logout` from a signed-in browser (the nav's Sign out): ends that session only. */
export const POST = route(({ ctx, auth }) => {
  if (auth.kind !== "session")
    throw new AppError("bad_request", "no browser session to end: `recollect logout --all` (DELETE /api/auth/sessions) signs every browser out");
  endBrowserSession(ctx, auth.sessionId);
  const res = json({ signedOut: true });
  res.cookies.set(BROWSER_COOKIE, "", { httpOnly: true, sameSite: "strict", path: "/", maxAge: 0 });
  return res;
});
