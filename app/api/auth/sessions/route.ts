import { json, route } from "../../_lib/handler";
import type { SessionsRevoked } from "@/lib/contracts/auth";
import { endAllBrowserSessions } from "@/lib/auth/browser-sessions";
import { endAllReauthGrants } from "@/lib/auth/reauth-grants";

/** `DELETE /api/auth/sessions` (API token only): signs every browser out, `recollect logout --all`. */
export const DELETE = route(({ ctx }) => {
  const body: SessionsRevoked = { revoked: endAllBrowserSessions(ctx) };
  endAllReauthGrants(ctx.services.reauthGrants);
  return json(body);
});
