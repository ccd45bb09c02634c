import type { TeamPushResult } from "../contracts/team";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { VECTOR_TABLE, vectorTableExists } from "../db/virtual-tables";
import { withTransaction } from "../db/transaction";
import { fromRaw, MEMORY_COLUMNS, type RawMemoryRow } from "../memories/row";
import { hubPush } from "./hub-client";
import type { JoinedHub } from "./link";
import { proposeLostEdit } from "./propose-conflict";

/** The statuses a team memory is shared in; any other is a tombstone on the hub. */
const LIVE_STATUSES: ReadonlySet<string> = new Set(["active", "resolved"]);

/** How many memories one push carries (the hub takes up to TEAM_LIMITS.changesPerPush). */
const PUSH_BATCH = 500;

interface Queued {
  memoryId: string;
  lastId: number;
  hubProject: string | null;
  hubSeq: number | null;
}

/**
 * Pushes the outbox: each queued memory's current state (a tombstone when it was deleted or
 * archived) with the hub seq it was based on. Only what the hub acknowledged leaves the outbox, in
 * one transaction with the new hub seqs; an edit made meanwhile stays queued. Returns the count pushed.
 */
export async function pushOutbox(ctx: Ctx, link: JoinedHub): Promise<number> {
  let pushed = 0;
  for (;;) {
    const queued = prepared(
      ctx.sqlite,
      `SELECT o.memory_id AS memoryId, max(o.id) AS lastId, tm.hub_seq AS hubSeq,
              (SELECT tp.hub_project FROM memories m JOIN team_projects tp ON tp.project_id = m.project_id WHERE m.id = o.memory_id) AS hubProject
         FROM team_outbox o LEFT JOIN team_memories tm ON tm.memory_id = o.memory_id
        GROUP BY o.memory_id ORDER BY lastId LIMIT ?`,
    ).all(PUSH_BATCH) as Queued[];
    if (!queued.length) return pushed;
    const changes = queued.map((q) => toChange(ctx, link, q)).filter((c) => c !== null);
    const result: TeamPushResult = changes.length ? await hubPush(link, changes) : { results: [] };
    acknowledge(ctx, queued, result);
    pushed += result.results.length;
  }
}

function toChange(ctx: Ctx, link: JoinedHub, q: Queued) {
  const raw = prepared(ctx.sqlite, `SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ?`).get(q.memoryId) as RawMemoryRow | undefined;
  const row = raw ? fromRaw(raw) : null;
  // Deleted here: the hub project is the one its last pushed version named (still in team_memories via the hub seq).
  const hubProject = q.hubProject ?? (row ? null : lastHubProject(ctx, q.memoryId));
  if (!hubProject) return null;
  // Only what the team may read goes out: an active (or resolved) memory. A suggestion the hub never
  // had is not sent at all; one it had, like an archived or superseded memory, goes as a tombstone.
  const live = row !== null && LIVE_STATUSES.has(row.status);
  if (!live && q.hubSeq === null) return null;
  const deleted = !live;
  return {
    changeId: `${link.machineId}:${q.lastId}`,
    memoryId: q.memoryId,
    project: hubProject,
    baseSeq: q.hubSeq,
    deleted,
    category: row?.category ?? "fact",
    title: row?.title ?? null,
    content: row?.content ?? "",
    tags: row?.tags ?? [],
    // The machine's embedding goes along: the hub ranks by meaning without embedding every memory again.
    embedding: live ? localEmbedding(ctx, row.seq) : null,
  };
}

/** A memory's vector in this machine's index (sqlite-vec's float32 blob), or null when it has none yet. */
function localEmbedding(ctx: Ctx, seq: number): number[] | null {
  if (!vectorTableExists(ctx.sqlite)) return null;
  const hit = prepared(ctx.sqlite, `SELECT embedding FROM ${VECTOR_TABLE} WHERE seq = ?`).get(seq) as { embedding: Buffer } | undefined;
  if (!hit) return null;
  // A copy: the blob's bytes may sit at an offset a Float32Array cannot start at.
  const bytes = new Uint8Array(hit.embedding);
  return Array.from(new Float32Array(bytes.buffer, 0, bytes.byteLength / 4));
}

const lastHubProject = (ctx: Ctx, memoryId: string) =>
  (prepared(ctx.sqlite, "SELECT hub_project AS p FROM team_memories WHERE memory_id = ?").get(memoryId) as { p: string | null } | undefined)?.p ?? null;

function acknowledge(ctx: Ctx, queued: Queued[], result: TeamPushResult) {
  const bySeq = new Map(result.results.map((r) => [r.memoryId, r]));
  withTransaction(
    ctx.db,
    () => {
      for (const q of queued) {
        const r = bySeq.get(q.memoryId);
        // Not pushable (its project is no longer shared): it leaves the outbox unsent.
        prepared(ctx.sqlite, "DELETE FROM team_outbox WHERE memory_id = ? AND id <= ?").run(q.memoryId, q.lastId);
        if (!r) {
          // Never on the hub and not sent (a suggestion, a project no longer shared): not a team memory.
          prepared(
            ctx.sqlite,
            "DELETE FROM team_memories WHERE memory_id = ? AND hub_seq IS NULL AND NOT EXISTS (SELECT 1 FROM team_outbox WHERE memory_id = ?)",
          ).run(q.memoryId, q.memoryId);
          continue;
        }
        const stillQueued = prepared(ctx.sqlite, "SELECT 1 FROM team_outbox WHERE memory_id = ? LIMIT 1").get(q.memoryId) !== undefined;
        prepared(ctx.sqlite, "UPDATE team_memories SET hub_seq = ?, hub_project = coalesce(?, hub_project), state = ? WHERE memory_id = ?").run(
          r.seq,
          q.hubProject,
          stillQueued ? "pending" : "synced",
          q.memoryId,
        );
        if (r.overwrote && !r.overwrote.deleted) {
          const raw = prepared(ctx.sqlite, `SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ?`).get(q.memoryId) as RawMemoryRow | undefined;
          if (raw) proposeLostEdit(ctx, fromRaw(raw), r.overwrote);
        }
      }
    },
    "immediate",
  );
}
