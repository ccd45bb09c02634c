import crypto from "node:crypto";
import { AppError } from "../../errors";
import type { Hub } from "./open";

export interface HubUser {
  id: string;
  name: string;
  team: string;
  isAdmin: boolean;
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * The user a hub token belongs to, read on every request so a revoked token is refused at once
 * (no cache). Unknown or revoked: 401.
 */
export async function authenticateHubUser(hub: Hub, token: string | undefined): Promise<HubUser> {
  if (!token) throw new AppError("unauthorized", "missing team token: send Authorization: Bearer <token from `recollect team invite`>");
  const { rows } = await hub.pool.query<HubUser & { revoked: boolean }>(
    `SELECT id, name, team, is_admin AS "isAdmin", revoked_at IS NOT NULL AS revoked FROM hub_users WHERE token_hash = $1`,
    [hashToken(token)],
  );
  const user = rows[0];
  if (!user) throw new AppError("unauthorized", "invalid team token");
  if (user.revoked) throw new AppError("unauthorized", "this team token was revoked");
  return { id: user.id, name: user.name, team: user.team, isAdmin: user.isAdmin };
}

/** Refuses a user whose token was revoked since the request was authenticated (a long poll's wait). */
export async function requireNotRevoked(hub: Hub, user: HubUser): Promise<void> {
  const { rows } = await hub.pool.query<{ revoked: boolean }>("SELECT revoked_at IS NOT NULL AS revoked FROM hub_users WHERE id = $1", [user.id]);
  if (!rows[0] || rows[0].revoked) throw new AppError("unauthorized", "this team token was revoked");
}

/** Refuses a project the user's team has no access to (team -> project rules in hub_access). */
export async function requireProjectAccess(hub: Hub, user: HubUser, projects: Iterable<string>): Promise<void> {
  const wanted = [...new Set(projects)];
  const { rows } = await hub.pool.query<{ project: string }>("SELECT project FROM hub_access WHERE team = $1 AND project = ANY($2)", [user.team, wanted]);
  const allowed = new Set(rows.map((r) => r.project));
  const refused = wanted.find((p) => !allowed.has(p));
  if (refused !== undefined) throw new AppError("forbidden", `team "${user.team}" has no access to project "${refused}"`, { field: "project" });
}

/** The projects a user's team may reach. */
export async function accessibleProjects(hub: Hub, user: HubUser): Promise<string[]> {
  const { rows } = await hub.pool.query<{ project: string }>("SELECT project FROM hub_access WHERE team = $1 ORDER BY project", [user.team]);
  return rows.map((r) => r.project);
}
