import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import type { HubLink } from "./hub-client";

export interface JoinedHub extends HubLink {
  machineId: string;
  lastSyncAt: number | null;
  lastError: string | null;
}

/** The hub this machine joined, or null (single-user Recollect: nothing syncs). */
export function joinedHub(ctx: Ctx): JoinedHub | null {
  const row = prepared(
    ctx.sqlite,
    "SELECT url, token, machine_id AS machineId, last_sync_at AS lastSyncAt, last_error AS lastError FROM team_hub WHERE id = 1",
  ).get() as JoinedHub | undefined;
  return row ?? null;
}

export interface SharedProject {
  projectId: string;
  hubProject: string;
  cursor: number;
}

export const sharedProjects = (ctx: Ctx) =>
  prepared(ctx.sqlite, "SELECT project_id AS projectId, hub_project AS hubProject, cursor FROM team_projects ORDER BY hub_project").all() as SharedProject[];
