import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import type { Slicer } from "./slicer";
import type { MemoryLite } from "./types";

/** What a proposal records of each memory when it is made: a change to either closes it. */
export const memoryStateOf = (m: Pick<MemoryLite, "contentHash" | "status">) => `${m.contentHash}:${m.status}`;

interface OpenRow {
  rowid: number;
  id: string;
  kind: string;
  memory_ids: string;
  memory_state: string | null;
}

const LIVE = new Set(["active", "resolved"]);

/**
 * Why an open proposal no longer applies, or undefined when it still does: one of its memories
 * is gone, is no longer active (or resolved), or was edited or changed status since it was
 * proposed. A skill is a new file made from its sources: it does not go out of date with them.
 */
export function outdatedReason(ctx: Ctx, row: Pick<OpenRow, "kind" | "memory_ids" | "memory_state">): string | undefined {
  if (row.kind === "skill") return undefined;
  const memory = prepared(ctx.sqlite, "SELECT status, content_hash FROM memories WHERE id = ?");
  const was = row.memory_state ? (JSON.parse(row.memory_state) as Record<string, string>) : undefined;
  for (const id of JSON.parse(row.memory_ids) as string[]) {
    const m = memory.get(id) as { status: string; content_hash: string } | undefined;
    if (!m) return `memory ${id} was deleted`;
    const before = was?.[id];
    const [hashBefore, statusBefore] = before ? before.split(":") : [undefined, undefined];
    if (statusBefore && statusBefore !== m.status) return `memory ${id} is ${m.status} now (it was ${statusBefore})`;
    if (!LIVE.has(m.status)) return `memory ${id} is ${m.status} now`;
    if (hashBefore && hashBefore !== m.content_hash) return `memory ${id} was edited since`;
  }
  return undefined;
}

/** Closes an open proposal as outdated, with its reason; frees its fingerprint so the memories, as they are now, can be proposed again. */
export function closeOutdated(ctx: Ctx, id: string, reason: string): boolean {
  const res = prepared(
    ctx.sqlite,
    `UPDATE proposals SET status = 'outdated', decided_at = ?, closed_reason = ?, fingerprint = fingerprint || '#outdated:' || id
     WHERE id = ? AND status = 'open'`,
  ).run(Date.now(), `Closed: ${reason} after it was proposed.`, id);
  return res.changes > 0;
}

/**
 * Closes the open proposals whose memories changed since they were proposed (all, or one
 * project's and the global ones), a page at a time so the loop is not held. Returns how many.
 */
export async function closeOutdatedProposals(ctx: Ctx, projectId: string | null, slicer: Slicer): Promise<number> {
  const page = prepared(
    ctx.sqlite,
    `SELECT rowid, id, kind, memory_ids, memory_state FROM proposals
     WHERE rowid > ? AND +status = 'open' AND (? IS NULL OR project_id = ? OR project_id IS NULL) ORDER BY rowid LIMIT 200`,
  );
  let closed = 0;
  let after = 0;
  for (;;) {
    const rows = page.all(after, projectId, projectId) as OpenRow[];
    for (const r of rows) {
      const reason = outdatedReason(ctx, r);
      if (reason && closeOutdated(ctx, r.id, reason)) closed++;
      if (slicer.due()) await slicer.pause();
    }
    if (rows.length < 200) return closed;
    after = rows[rows.length - 1]!.rowid;
  }
}
