import { endBrowserSession } from "@/lib/auth/browser-sessions";
import { BROWSER_COOKIE } from "@/lib/security/guard";
import { seeOther } from "../../_lib/form";
import { route } from "../../_lib/handler";

/** Sign out without JavaScript: ends this browser's session (as `POST /api/auth/logout`), then the login page. */
export const POST = route(({ ctx, auth }) => {
  if (auth.kind === "session") endBrowserSession(ctx, auth.sessionId);
  const res = seeOther("/login");
  res.cookies.set(BROWSER_COOKIE, "", { httpOnly: true, sameSite: "strict", path: "/", maxAge: 0 });
  return res;
});
