import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { Ctx } from "./ctx";
import { connectionSlot } from "./db/connection-state";
import { memoryWriteVersion } from "./db/triggers";
import { storageProblem, type StorageProblem } from "./db/storage-errors";
import type { SearchStatus } from "./search/status";
import { hubHealth } from "./team/hub/state";
import { type HubConnection, teamStatus } from "./team/status";
import { VERSION } from "./version";

/** What `/api/health` tells a caller without the token: whether it is Recollect, and which version. */
export interface PublicHealth {
  /** `degraded` while writes fail for lack of disk space (see `storage`). */
  status: "ok" | "degraded";
  version: string;
}

export interface Health extends PublicHealth {
  version: string;
  uptimeSeconds: number;
  database: { path: string; sizeBytes: number; walBytes: number; sqliteVersion: string; vecVersion: string };
  counts: { memories: Record<string, number>; projects: number; checkpoints: number; sessionsActive: number };
  search: SearchStatus;
  /** The near-duplicate index is built in the background after start; until `ready`, each slice of the build delays requests a little. */
  warmUp: { nearDuplicateIndex: "building" | "ready" };
  /** `full` from a write that failed with SQLITE_FULL until the next write succeeds. */
  storage: { status: "ok" } | ({ status: "full" } & Omit<StorageProblem, "code">);
  /** Team memory (docs/team.md): `hub` when this server is a hub (RECOLLECT_DATABASE_URL), `sync` when it joined one. */
  team: {
    hub: ReturnType<typeof hubHealth>;
    sync: { joined: boolean; pending: number; conflicts: number; lastSyncAt: number | null; lastError: string | null; connection: HubConnection | null };
  };
}

export function publicHealth(ctx: Ctx): PublicHealth {
  return { status: storageProblem(ctx.services.storage) ? "degraded" : "ok", version: VERSION };
}

export function health(ctx: Ctx, startedAt: number, vecVersion: string): Health {
  const file = ctx.sqlite.name;
  const size = (f: string) => {
    try {
      return fs.statSync(f).size;
    } catch {
      return 0;
    }
  };
  const byStatus = memoriesByStatus(ctx);
  const memories: Record<string, number> = { total: 0, active: 0, suggested: 0, archived: 0, resolved: 0 };
  for (const { status, n } of byStatus) {
    memories[status] = n;
    memories.total += n;
  }
  const one = (q: ReturnType<typeof sql>) => ctx.db.get<{ n: number }>(q)?.n ?? 0;
  const problem = storageProblem(ctx.services.storage);
  return {
    ...publicHealth(ctx),
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    database: {
      path: file,
      sizeBytes: size(file),
      walBytes: size(`${file}-wal`),
      sqliteVersion: ctx.db.get<{ v: string }>(sql`select sqlite_version() as v`)!.v,
      vecVersion,
    },
    counts: {
      memories,
      projects: one(sql`SELECT count(*) AS n FROM projects`),
      checkpoints: one(sql`SELECT count(*) AS n FROM checkpoints`),
      sessionsActive: one(sql`SELECT count(*) AS n FROM sessions WHERE status = 'active'`),
    },
    search: ctx.services.searchStatus,
    warmUp: { nearDuplicateIndex: ctx.services.nearDuplicates.ready ? "ready" : "building" },
    storage: problem ? { status: "full", reason: problem.reason, at: problem.at } : { status: "ok" },
    team: { hub: hubHealth(), sync: teamSync(ctx) },
  };
}

/**
 * The memories' count by status, kept until a memory is written (`memoryWriteVersion`: this
 * connection's writes, access counts apart, and any other connection's commit). The count reads a
 * whole status index: about 100 ms at 1,000,000 memories, paid by every health call, so a client
 * polling health through the server's start-up warm-up (the speed bench, every 200 ms) spent a
 * fifth of it counting.
 */
const statusCounts = connectionSlot<{ version: string; rows: { status: string; n: number }[] }>("healthStatusCounts");

function memoriesByStatus(ctx: Ctx): { status: string; n: number }[] {
  const version = memoryWriteVersion(ctx.sqlite);
  const kept = statusCounts.get(ctx.sqlite);
  if (kept?.version === version) return kept.rows;
  const rows = ctx.db.all<{ status: string; n: number }>(sql`SELECT status, count(*) AS n FROM memories GROUP BY status`);
  // Inside a transaction the count sees rows a rollback can take back without a new version.
  if (!ctx.sqlite.inTransaction) statusCounts.set(ctx.sqlite, { version, rows });
  return rows;
}

function teamSync(ctx: Ctx) {
  const { joined, pending, conflicts, lastSyncAt, lastError, connection } = teamStatus(ctx);
  return { joined, pending, conflicts, lastSyncAt, lastError, connection };
}
