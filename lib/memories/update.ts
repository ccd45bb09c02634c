import { eq } from "drizzle-orm";
import type { MemoryDto, ParsedUpdateMemoryInput } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { withTransaction, type Tx } from "../db/transaction";
import { memories } from "../db/schema";
import type { Source, Status } from "../vocabulary";
import { conflict } from "../errors";
import { redact, type Redacted } from "../security/redaction";
import { redactKeysDeep } from "../security/redact-fields";
import { appendVersion } from "./append-version";
import { updateIndexes } from "../indexing/after-write";
import { findExactDuplicate } from "./exact-duplicate";
import { toMemoryDto, type MemoryRow } from "./dto";
import { getMemoryRow } from "./get";
import { contentHash, normalizeTags } from "./normalize";

/**
 * Changes a memory. The text it had before is kept in `memory_versions` (who changed it, why).
 * Content that would equal another live memory of the same scope -> 409 naming it.
 */
export function updateMemory(ctx: Ctx, id: string, input: ParsedUpdateMemoryInput): MemoryDto {
  return withTransaction(
    ctx.db,
    (tx) => {
      const current = getMemoryRow(tx, id);
      if (input.expectedUpdatedAt && Date.parse(input.expectedUpdatedAt) !== current.updatedAt) {
        throw conflict(`memory "${id}" was changed by someone else at ${new Date(current.updatedAt).toISOString()}; reload it`, {
          updatedAt: new Date(current.updatedAt).toISOString(),
        });
      }
      const next: MemoryChange = {};
      if (input.content !== undefined) {
        const content = redact(input.content);
        next.content = content;
        next.contentHash = contentHash(content);
      }
      if (input.title !== undefined) next.title = input.title ? redact(input.title) : null;
      if (input.category !== undefined) next.category = input.category;
      if (input.tags !== undefined) next.tags = normalizeTags(input.tags); // redacted by the contract
      if (input.pinned !== undefined) next.pinned = input.pinned;
      if (input.priority !== undefined) next.priority = input.priority;
      if (input.status !== undefined) next.status = input.status;
      if (input.metadata !== undefined) next.metadata = redactKeysDeep(input.metadata);
      return toMemoryDto(applyChange(tx, current, next, input.source, input.reason));
    },
    "immediate",
  );
}

/** A change to a memory's columns: its text fields only as the redactor returns them. */
export type MemoryChange = Omit<Partial<MemoryRow>, "content" | "title" | "tags" | "metadata"> & {
  content?: Redacted;
  title?: Redacted | null;
  tags?: Redacted[];
  metadata?: Redacted<MemoryRow["metadata"]>;
};

/** Writes a change and its version row; shared by update, archive and restore. */
export function applyChange(tx: Tx, current: MemoryRow, next: MemoryChange, changedBy: Source, reason?: string): MemoryRow {
  const changed = (Object.keys(next) as (keyof MemoryRow)[]).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(current[k]));
  if (changed.length === 0) return current;

  const status = (next.status ?? current.status) as Status;
  if (next.contentHash && next.contentHash !== current.contentHash && (status === "active" || status === "suggested")) {
    const dup = findExactDuplicate(tx.$client, current, next.contentHash, current.id);
    if (dup) throw conflict(`memory "${dup.id}" already has this content in the same scope`, { duplicateOf: dup.id });
  }

  // A PATCH reason is free text the client sends.
  appendVersion(tx.$client, current.id, current, changedBy, reason ? redact(reason) : null);

  const updatedAt = Math.max(Date.now(), current.updatedAt + 1);
  const row = tx
    .update(memories)
    .set({ ...next, updatedAt })
    .where(eq(memories.id, current.id))
    .returning()
    .get();
  if (changed.some((k) => k === "content" || k === "title" || k === "tags")) updateIndexes(tx.$client, { kind: "changed", row });
  return row;
}
