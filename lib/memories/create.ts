import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { createMemoryInput, type CreateMemoryInput, type CreateMemoryResult } from "../api/memories";
import type { Ctx } from "../context";
import { memories, memoryTags } from "../db/schema";
import { findNearDuplicate, prepareNearDuplicateCheck } from "../search/near-duplicate";
import { redact, redactDeep } from "../security/redact";
import { syncDerived } from "./derived";
import { applyChange } from "./update";
import { toMemoryDto, type MemoryRow } from "./dto";
import { contentHash, normalizeTags } from "./normalize";
import { resolvePlacement, type Placement } from "./scope";

/**
 * Stores a memory, redacted. An exact duplicate (same normalized content in the same scope, still
 * active or suggested) returns the existing memory with `deduplicated: true` instead of a new row;
 * so does a near duplicate (lib/search/near-duplicate.ts), with `duplicateOf` naming it.
 */
export function createMemory(ctx: Ctx, raw: CreateMemoryInput): CreateMemoryResult {
  const input = createMemoryInput.parse(raw);
  const placement = resolvePlacement(ctx, input);
  const content = redact(input.content);
  const title = input.title ? redact(input.title) : null;
  const tags = normalizeTags(input.tags.map(redact));
  const hash = contentHash(content);

  return ctx.db.transaction(
    (tx) => {
      const existing = findExactDuplicate(tx, placement, hash);
      if (existing) return { memory: toMemoryDto(confirmIfSuggested(tx, existing, input)), deduplicated: true };
      const near = findNearDuplicate(ctx, placement, content);
      if (near) {
        const dup = tx.select().from(memories).where(eq(memories.id, near.id)).get();
        if (dup) return { memory: toMemoryDto(confirmIfSuggested(tx, dup, input)), deduplicated: true, duplicateOf: dup.id };
      }

      const row = tx
        .insert(memories)
        .values({
          id: uuidv7(),
          projectId: placement.projectId,
          scope: placement.scope,
          sessionId: placement.sessionId,
          category: input.category,
          title,
          content,
          tags,
          source: input.source,
          status: input.status,
          pinned: input.pinned,
          priority: input.priority,
          contentHash: hash,
          metadata: redactDeep(input.metadata),
        })
        .returning()
        .get();
      if (tags.length) tx.insert(memoryTags).values(tags.map((tag) => ({ memoryId: row.id, tag }))).run();
      syncDerived(tx, row);
      return { memory: toMemoryDto(row), deduplicated: false };
    },
    { behavior: "immediate" },
  );
}

/**
 * `createMemory` for callers that can wait a few milliseconds (the HTTP API): embeds the text first
 * when the model is ready, so the near-duplicate check compares vectors, not only words.
 */
export async function storeMemory(ctx: Ctx, raw: CreateMemoryInput): Promise<CreateMemoryResult> {
  const input = createMemoryInput.parse(raw);
  await prepareNearDuplicateCheck(ctx, redact(input.content));
  return createMemory(ctx, input);
}

type Tx = Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0];

/**
 * Storing, as active, what the extractor only suggested is the confirmation the suggestion waits
 * for: the suggested memory becomes active (the change is kept in its history).
 */
function confirmIfSuggested(tx: Tx, existing: MemoryRow, input: { status: string; source: MemoryRow["source"] }): MemoryRow {
  if (existing.status !== "suggested" || input.status !== "active") return existing;
  return applyChange(tx, existing, { status: "active" }, input.source, "confirmed");
}

type Reader = Pick<Ctx["db"], "select">;

export function findExactDuplicate(tx: Reader, placement: Placement, hash: string, exceptId?: string): MemoryRow | undefined {
  const candidates = tx
    .select()
    .from(memories)
    .where(
      and(
        eq(memories.contentHash, hash),
        eq(memories.scope, placement.scope),
        placement.projectId === null ? isNull(memories.projectId) : eq(memories.projectId, placement.projectId),
        placement.sessionId === null ? sql`1` : eq(memories.sessionId, placement.sessionId),
        inArray(memories.status, ["active", "suggested"]),
      ),
    )
    .all();
  return candidates.find((c) => c.id !== exceptId);
}
