import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { joinedHub, sharedProjects } from "./link";

/** What `recollect team status` shows: the hub (never the token), shared projects, the outbox, conflicts. */
export function teamStatus(ctx: Ctx) {
  const link = joinedHub(ctx);
  const count = (sql: string) => (prepared(ctx.sqlite, sql).get() as { n: number }).n;
  return {
    joined: link !== null,
    url: link?.url ?? null,
    lastSyncAt: link?.lastSyncAt ?? null,
    lastError: link?.lastError ?? null,
    projects: sharedProjects(ctx),
    pending: count("SELECT count(DISTINCT memory_id) AS n FROM team_outbox"),
    conflicts: count("SELECT count(*) AS n FROM team_memories WHERE state = 'conflict'"),
    synced: count("SELECT count(*) AS n FROM team_memories WHERE state = 'synced'"),
  };
}

/** A memory's sync state for the browser's badge, or null when it is not a team memory. */
export function memorySyncState(ctx: Ctx, memoryId: string): "pending" | "synced" | "conflict" | null {
  const row = prepared(ctx.sqlite, "SELECT state FROM team_memories WHERE memory_id = ?").get(memoryId) as
    | { state: "pending" | "synced" | "conflict" }
    | undefined;
  return row?.state ?? null;
}
