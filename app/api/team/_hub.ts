import type { NextRequest } from "next/server";
import { currentHub } from "@/lib/team/hub/state";
import { authenticateHubUser } from "@/lib/team/hub/users";

/** The hub and the team user a request's bearer token names (checked on every request: a revoked token fails at once). */
export async function hubCaller(req: NextRequest) {
  const hub = await currentHub();
  const header = req.headers.get("authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return { hub, user: await authenticateHubUser(hub, token) };
}
