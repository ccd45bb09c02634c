import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import type { GuardAuth } from "@/lib/security/guard";
import { currentHub, hubDatabaseUrl } from "@/lib/team/hub/state";
import { authenticateHubUser } from "@/lib/team/hub/users";

/**
 * The hub and the team user a request's bearer token names (checked on every request: a revoked
 * token fails at once). On a server that is not a hub, a caller without this server's own token
 * learns nothing, not even that: a 401, as on every other route.
 */
export async function hubCaller(req: NextRequest, auth: GuardAuth) {
  if (!hubDatabaseUrl() && auth.kind !== "token")
    throw new AppError("unauthorized", "missing team token: send Authorization: Bearer <token from `recollect team invite`>");
  const hub = await currentHub();
  const header = req.headers.get("authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return { hub, user: await authenticateHubUser(hub, token) };
}
