import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { joinedHub, sharedProjects } from "./link";

/**
 * Whether this machine reaches its hub, from the last round: `online` (it synced), `offline` (the
 * hub could not be reached or could not serve: connection refused, a timeout, a 5xx), `refused`
 * (the token: 401/403), `error` (the hub refused a change: another 4xx), `unknown` (no round yet).
 */
export type HubConnection = "online" | "offline" | "refused" | "error" | "unknown";

export function hubConnection(lastError: string | null, lastSyncAt: number | null): HubConnection {
  if (lastError === null) return lastSyncAt === null ? "unknown" : "online";
  const status = /the hub answered (\d{3})/.exec(lastError)?.[1];
  if (status === "401" || status === "403") return "refused";
  if (status?.startsWith("4")) return "error";
  return "offline";
}

/** What `recollect team status` shows: the hub (never the token), shared projects, the outbox, conflicts. */
export function teamStatus(ctx: Ctx) {
  const link = joinedHub(ctx);
  const count = (sql: string) => (prepared(ctx.sqlite, sql).get() as { n: number }).n;
  return {
    joined: link !== null,
    url: link?.url ?? null,
    lastSyncAt: link?.lastSyncAt ?? null,
    lastError: link?.lastError ?? null,
    connection: link ? hubConnection(link.lastError, link.lastSyncAt) : null,
    projects: sharedProjects(ctx),
    pending: count("SELECT count(DISTINCT memory_id) AS n FROM team_outbox"),
    conflicts: count("SELECT count(*) AS n FROM team_memories WHERE state = 'conflict'"),
    synced: count("SELECT count(*) AS n FROM team_memories WHERE state = 'synced'"),
  };
}

/** A memory's team sync state as the browser's badge shows it. */
export type SyncState = "synced" | "pending" | "conflict" | "not-shared";

/**
 * The sync state of each memory, for the browser's badges; null when this machine joined no hub
 * (single-user Recollect shows no badge). A memory the hub does not have (not in a shared project,
 * global or session, a suggestion) is `not-shared`.
 */
export function syncStatesOf(ctx: Ctx, ids: readonly string[]): Map<string, SyncState> | null {
  if (!joinedHub(ctx)) return null;
  const states = new Map<string, SyncState>(ids.map((id) => [id, "not-shared"]));
  if (!ids.length) return states;
  const rows = prepared(ctx.sqlite, "SELECT memory_id AS id, state FROM team_memories WHERE memory_id IN (SELECT value FROM json_each(?))").all(
    JSON.stringify(ids),
  ) as { id: string; state: "pending" | "synced" | "conflict" }[];
  for (const r of rows) states.set(r.id, r.state);
  return states;
}
