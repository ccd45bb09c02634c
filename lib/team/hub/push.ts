import type pg from "pg";
import type { ParsedTeamChange, ParsedTeamPushInput, TeamPushResult, TeamVersionDto } from "../../contracts/team";
import { AppError } from "../../errors";
import { tokenize } from "../../search/tokenizer";
import type { Hub } from "./open";
import { withHubTransaction } from "./transaction";
import { requireProjectAccess, type HubUser } from "./users";
import { toVersionDto, VERSION_COLUMNS } from "./version-row";

/** One writer at a time: seqs are then committed in order, so a pull cursor never skips one. */
const PUSH_LOCK = 4_404_044;

interface Planned {
  change: ParsedTeamChange;
  seq: number;
  overwroteSeq: number | null;
}

/**
 * Stores a machine's changes as new versions, each with the next hub seq, and moves each memory's
 * head (a tombstone when deleted). A change not based on the current head still wins (the later by
 * hub seq); the head it replaced is returned so the machine keeps it as a version and proposes it.
 * All in one transaction: what the answer acknowledges is committed. A change already stored (same
 * changeId: the answer to an earlier push was lost) returns its seq again. Set-based: a batch of
 * 1,000 changes is a handful of statements, not thousands of round trips.
 */
export async function pushChanges(hub: Hub, user: HubUser, input: ParsedTeamPushInput): Promise<TeamPushResult> {
  await requireProjectAccess(
    hub,
    user,
    input.changes.map((c) => c.project),
  );
  const result = await withHubTransaction(hub, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [PUSH_LOCK]);
    const known = new Map(
      (
        await client.query<{ changeId: string; seq: number; overwroteSeq: number | null }>(
          `SELECT change_id AS "changeId", seq::float8 AS seq, overwrote_seq::float8 AS "overwroteSeq" FROM hub_versions WHERE change_id = ANY($1)`,
          [input.changes.map((c) => c.changeId)],
        )
      ).rows.map((r) => [r.changeId, r]),
    );
    const fresh = input.changes.filter((c, i, all) => !known.has(c.changeId) && all.findIndex((o) => o.changeId === c.changeId) === i);
    const planned = await plan(client, fresh);
    await writeVersions(client, user, planned);
    const bySeq = new Map(planned.map((p) => [p.change.changeId, p]));
    const overwritten = await versionsAt(client, [...planned.map((p) => p.overwroteSeq), ...[...known.values()].map((k) => k.overwroteSeq)]);
    return {
      results: input.changes.map((c) => {
        const stored = bySeq.get(c.changeId) ?? known.get(c.changeId)!;
        return {
          changeId: c.changeId,
          memoryId: c.memoryId,
          seq: stored.seq,
          overwrote: stored.overwroteSeq ? (overwritten.get(stored.overwroteSeq) ?? null) : null,
        };
      }),
    };
  });
  // Committed: the machines waiting on these projects pull now.
  hub.pushed.notify(input.changes.map((c) => c.project));
  hub.terms.noteWrites(input.changes.length);
  return result;
}

/** Seqs for the new changes, in order, and the head each one replaced without being based on it. */
async function plan(client: pg.PoolClient, changes: ParsedTeamChange[]): Promise<Planned[]> {
  if (!changes.length) return [];
  const heads = new Map(
    (
      await client.query<{ id: string; seq: number; project: string }>(
        "SELECT id, seq::float8 AS seq, project FROM hub_memories WHERE id = ANY($1) FOR UPDATE",
        [[...new Set(changes.map((c) => c.memoryId))]],
      )
    ).rows.map((r) => [r.id, r]),
  );
  const seqs = (
    await client.query<{ seq: number }>("SELECT nextval(pg_get_serial_sequence('hub_versions', 'seq'))::float8 AS seq FROM generate_series(1, $1)", [
      changes.length,
    ])
  ).rows
    .map((r) => r.seq)
    .sort((x, y) => x - y);
  return changes.map((change, i) => {
    const head = heads.get(change.memoryId);
    if (head && head.project !== change.project) {
      throw new AppError("conflict", `memory ${change.memoryId} belongs to project "${head.project}" on the hub`, { field: "project" });
    }
    const seq = seqs[i]!;
    heads.set(change.memoryId, { id: change.memoryId, seq, project: change.project });
    return { change, seq, overwroteSeq: head && head.seq !== change.baseSeq ? head.seq : null };
  });
}

async function writeVersions(client: pg.PoolClient, user: HubUser, planned: Planned[]): Promise<void> {
  if (!planned.length) return;
  const col = <T>(f: (p: Planned) => T) => planned.map(f);
  await client.query(
    `INSERT INTO hub_versions (seq, change_id, memory_id, project, base_seq, overwrote_seq, author, deleted, category, title, content, tags)
     SELECT s, ci, mi, pr, bs, os, $7, de, ca, ti, co, tg::jsonb
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $8::boolean[], $9::text[], $10::text[], $11::text[], $12::text[])
         AS t(s, ci, mi, pr, bs, os, de, ca, ti, co, tg)`,
    [
      col((p) => p.seq),
      col((p) => p.change.changeId),
      col((p) => p.change.memoryId),
      col((p) => p.change.project),
      col((p) => p.change.baseSeq),
      col((p) => p.overwroteSeq),
      user.name,
      col((p) => p.change.deleted),
      col((p) => p.change.category),
      col((p) => p.change.title),
      col((p) => p.change.content),
      col((p) => JSON.stringify(p.change.tags)),
    ],
  );
  // The head of each memory: its last change in this batch.
  const last = [...new Map(planned.map((p) => [p.change.memoryId, p])).values()];
  const pick = <T>(f: (p: Planned) => T) => last.map(f);
  await client.query(
    `INSERT INTO hub_memories (id, project, seq, deleted, category, title, content, tags, tokens, embedding, updated_by, updated_at)
     SELECT mi, pr, s, de, ca, ti, co, tg::jsonb, array_to_tsvector(string_to_array(tk, ' ')), em::real[], $11, now()
       FROM unnest($1::text[], $2::text[], $3::bigint[], $4::boolean[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
         AS t(mi, pr, s, de, ca, ti, co, tg, tk, em)
     ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted, category = excluded.category, title = excluded.title,
       content = excluded.content, tags = excluded.tags, tokens = excluded.tokens, embedding = excluded.embedding,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [
      pick((p) => p.change.memoryId),
      pick((p) => p.change.project),
      pick((p) => p.seq),
      pick((p) => p.change.deleted),
      pick((p) => p.change.category),
      pick((p) => p.change.title),
      pick((p) => p.change.content),
      pick((p) => JSON.stringify(p.change.tags)),
      // Recollect's own index terms (letters and digits only), as lexemes: CJK bigrams and stems as on SQLite.
      pick((p) => [...new Set(tokenize([p.change.title ?? "", p.change.content, ...p.change.tags].join("\n")))].join(" ")),
      pick((p) => (p.change.embedding ? `{${p.change.embedding.join(",")}}` : null)),
      user.name,
    ],
  );
  await client.query(
    `INSERT INTO hub_audit (actor, action, project, memory_id, seq, detail)
     SELECT $1, a, pr, mi, s, d::jsonb FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[]) AS t(a, pr, mi, s, d)`,
    [
      user.name,
      col((p) => (p.change.deleted ? "memory.delete" : p.change.baseSeq === null && p.overwroteSeq === null ? "memory.create" : "memory.update")),
      col((p) => p.change.project),
      col((p) => p.change.memoryId),
      col((p) => p.seq),
      col((p) => (p.overwroteSeq ? JSON.stringify({ overwroteSeq: p.overwroteSeq }) : null)),
    ],
  );
}

async function versionsAt(client: pg.PoolClient, seqs: (number | null)[]): Promise<Map<number, TeamVersionDto>> {
  const wanted = [...new Set(seqs.filter((s): s is number => s !== null))];
  if (!wanted.length) return new Map();
  const { rows } = await client.query<TeamVersionDto & { createdAt: Date }>(`SELECT ${VERSION_COLUMNS} FROM hub_versions WHERE seq = ANY($1)`, [wanted]);
  return new Map(rows.map((r) => [r.seq, toVersionDto(r)]));
}
