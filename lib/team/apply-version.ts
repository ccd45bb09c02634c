import type { TeamVersionDto } from "../contracts/team";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import type { Tx } from "../db/transaction";
import { deferDerived } from "../indexing";
import { contentHash } from "../memories/normalize";
import { fromRaw, MEMORY_COLUMNS, type RawMemoryRow } from "../memories/row";
import { applyChange } from "../memories/update";
import { lowerCaseRedacted, redact } from "../security/redaction";
import { proposeLostEdit } from "./propose-conflict";

/**
 * Applies one pulled version to this machine, inside the pull's transaction (the outbox triggers
 * are off: `team_applying`). A version this machine already has is skipped. When a local edit of the
 * memory is still queued, the local text stays (pushed later, it gets the later seq and wins) and the
 * pulled text is kept as a version and proposed. A replaced local text (the pulled version overwrote
 * it) is kept as a version (applyChange) and proposed too. A tombstone archives the memory.
 */
export function applyPulledVersion(ctx: Ctx, tx: Tx, projectId: string, v: TeamVersionDto): void {
  const sync = prepared(ctx.sqlite, "SELECT hub_seq AS hubSeq FROM team_memories WHERE memory_id = ?").get(v.memoryId) as { hubSeq: number | null } | undefined;
  if (sync?.hubSeq != null && sync.hubSeq >= v.seq) return;
  const raw = prepared(ctx.sqlite, `SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ?`).get(v.memoryId) as RawMemoryRow | undefined;
  const row = raw ? fromRaw(raw) : null;
  const queued = prepared(ctx.sqlite, "SELECT 1 FROM team_outbox WHERE memory_id = ? LIMIT 1").get(v.memoryId) !== undefined;
  if (row && queued) {
    if (!v.deleted) proposeLostEdit(ctx, row, v);
    return;
  }
  // The hub redacted it; redacting again costs little and keeps this machine's own rule.
  const content = redact(v.content);
  const title = v.title === null ? null : redact(v.title);
  const tags = v.tags.map((t) => lowerCaseRedacted(redact(t)));
  if (row) {
    const before = row;
    const next = v.deleted
      ? { status: "archived" as const }
      : {
          title,
          content,
          contentHash: contentHash(content),
          tags,
          category: v.category,
          ...(row.status === "archived" ? { status: "active" as const } : {}),
        };
    try {
      applyChange(tx, row, next, "api", `team: ${v.deleted ? "deleted" : "edited"} by ${v.author} (hub seq ${v.seq})`);
    } catch {
      // An exact duplicate of another live memory here: keep the text as a version instead.
      proposeLostEdit(ctx, row, v);
    }
    // This machine's text was the head the pulled version replaced without seeing it: keep and propose it.
    if (v.overwroteSeq !== null && !v.deleted && before.content !== content) {
      const now = fromRaw(prepared(ctx.sqlite, `SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ?`).get(v.memoryId) as RawMemoryRow);
      const lost = { seq: v.overwroteSeq, author: "this machine", title: before.title, content: before.content, category: before.category, tags: before.tags };
      proposeLostEdit(ctx, now, lost, { alreadyAVersion: true });
    }
  } else if (!v.deleted) {
    const now = Date.now();
    const inserted = fromRaw(
      prepared(
        ctx.sqlite,
        `INSERT INTO memories (id, project_id, scope, session_id, category, title, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at)
         VALUES (?, ?, 'project', NULL, ?, ?, ?, ?, 'import', 'active', 0, 0, ?, ?, ?, ?) RETURNING ${MEMORY_COLUMNS}`,
      ).get(
        v.memoryId,
        projectId,
        v.category,
        title,
        content,
        JSON.stringify(tags),
        contentHash(content),
        JSON.stringify({ team: { author: v.author } }),
        now,
        now,
      ) as RawMemoryRow,
    );
    deferDerived(ctx.sqlite, inserted.seq);
  }
  prepared(
    ctx.sqlite,
    `INSERT INTO team_memories (memory_id, hub_seq, hub_project, state) VALUES (?, ?, ?, 'synced')
     ON CONFLICT (memory_id) DO UPDATE SET hub_seq = excluded.hub_seq, hub_project = excluded.hub_project,
       state = CASE WHEN team_memories.state = 'conflict' THEN 'conflict' ELSE 'synced' END`,
  ).run(v.memoryId, v.seq, v.project);
}
