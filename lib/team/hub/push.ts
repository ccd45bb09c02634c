import type pg from "pg";
import type { ParsedTeamChange, ParsedTeamPushInput, TeamPushResult, TeamVersionDto } from "../../contracts/team";
import { AppError } from "../../errors";
import { tokenize } from "../../search/tokenizer";
import { recordAudit } from "./audit";
import type { Hub } from "./open";
import { withHubTransaction } from "./transaction";
import { requireProjectAccess, type HubUser } from "./users";
import { toVersionDto, VERSION_COLUMNS } from "./version-row";

/** One writer at a time: seqs are then committed in order, so a pull cursor never skips one. */
const PUSH_LOCK = 4_404_044;

/**
 * Stores a machine's changes as new versions, each with the next hub seq, and moves each memory's
 * head (a tombstone when deleted). A change not based on the current head still wins (the later by
 * hub seq); the head it replaced is returned so the machine keeps it as a version and proposes it.
 * All in one transaction: what the answer acknowledges is committed. A change already stored (same
 * changeId: the answer to an earlier push was lost) returns its seq again.
 */
export async function pushChanges(hub: Hub, user: HubUser, input: ParsedTeamPushInput): Promise<TeamPushResult> {
  await requireProjectAccess(
    hub,
    user,
    input.changes.map((c) => c.project),
  );
  return withHubTransaction(hub, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [PUSH_LOCK]);
    const results: TeamPushResult["results"] = [];
    for (const change of input.changes) results.push(await pushOne(client, user, change));
    return { results };
  });
}

async function pushOne(client: pg.PoolClient, user: HubUser, change: ParsedTeamChange): Promise<TeamPushResult["results"][number]> {
  const again = await client.query<{ seq: number; overwroteSeq: number | null }>(
    `SELECT seq::float8 AS seq, overwrote_seq::float8 AS "overwroteSeq" FROM hub_versions WHERE change_id = $1`,
    [change.changeId],
  );
  if (again.rows[0]) {
    const { seq, overwroteSeq } = again.rows[0];
    return { changeId: change.changeId, memoryId: change.memoryId, seq, overwrote: overwroteSeq ? await versionAt(client, overwroteSeq) : null };
  }
  const head = (
    await client.query<{ seq: number; project: string }>("SELECT seq::float8 AS seq, project FROM hub_memories WHERE id = $1 FOR UPDATE", [change.memoryId])
  ).rows[0];
  if (head && head.project !== change.project) {
    throw new AppError("conflict", `memory ${change.memoryId} belongs to project "${head.project}" on the hub`, { field: "project" });
  }
  const overwroteSeq = head && head.seq !== change.baseSeq ? head.seq : null;
  const inserted = await client.query<{ seq: number }>(
    `INSERT INTO hub_versions (change_id, memory_id, project, base_seq, overwrote_seq, author, deleted, category, title, content, tags)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING seq::float8 AS seq`,
    [
      change.changeId,
      change.memoryId,
      change.project,
      change.baseSeq,
      overwroteSeq,
      user.name,
      change.deleted,
      change.category,
      change.title,
      change.content,
      JSON.stringify(change.tags),
    ],
  );
  const seq = inserted.rows[0]!.seq;
  const tokens = [...new Set(tokenize([change.title ?? "", change.content, ...change.tags].join("\n")))];
  await client.query(
    `INSERT INTO hub_memories (id, project, seq, deleted, category, title, content, tags, tokens, embedding, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, array_to_tsvector($9::text[]), $10, $11, now())
     ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted, category = excluded.category, title = excluded.title,
       content = excluded.content, tags = excluded.tags, tokens = excluded.tokens, embedding = excluded.embedding,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [
      change.memoryId,
      change.project,
      seq,
      change.deleted,
      change.category,
      change.title,
      change.content,
      JSON.stringify(change.tags),
      tokens,
      change.embedding,
      user.name,
    ],
  );
  await recordAudit(client, {
    actor: user.name,
    action: change.deleted ? "memory.delete" : head ? "memory.update" : "memory.create",
    project: change.project,
    memoryId: change.memoryId,
    seq,
    detail: overwroteSeq ? { overwroteSeq } : null,
  });
  return { changeId: change.changeId, memoryId: change.memoryId, seq, overwrote: overwroteSeq ? await versionAt(client, overwroteSeq) : null };
}

async function versionAt(client: pg.PoolClient, seq: number): Promise<TeamVersionDto | null> {
  const { rows } = await client.query<TeamVersionDto & { createdAt: Date }>(`SELECT ${VERSION_COLUMNS} FROM hub_versions WHERE seq = $1`, [seq]);
  return rows[0] ? toVersionDto(rows[0]) : null;
}
