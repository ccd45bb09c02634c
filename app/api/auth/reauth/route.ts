import { json, parseBody, route } from "../../_lib/handler";
import { type ReauthGrant, reauthInput } from "@/lib/contracts/auth";
import { grantReauth } from "@/lib/auth/reauth-grants";
import { AppError } from "@/lib/errors";
import { safeEqual } from "@/lib/security/token";

/**
 * `POST /api/auth/reauth { token }` from a signed-in browser (same origin, JSON: the guard checks):
 * the API token given again buys this session a short grant for the powers a cookie alone may not
 * use (lib/security/guard.ts `isPowerRequest`). A token holder needs none.
 */
export const POST = route(async ({ req, ctx, auth, server }) => {
  if (auth.kind !== "session") throw new AppError("bad_request", "re-authentication is for a signed-in browser: a request with the API token needs none");
  const input = await parseBody(req, reauthInput, { bytes: 4096, setting: "a reauth request" });
  if (!safeEqual(input.token, server.token)) throw new AppError("unauthorized", "token: not this server's API token", { field: "token" });
  const { grant, expiresAt } = grantReauth(ctx.services.reauthGrants, auth.sessionId);
  const body: ReauthGrant = { grant, expiresAt: new Date(expiresAt).toISOString() };
  return json(body, 201, { "cache-control": "no-store" });
});
