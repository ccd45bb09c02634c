import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { createMemoryInput, type CreateMemoryInput, type CreateMemoryResult, type ParsedCreateMemoryInput } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { withTransaction, type Tx } from "../db/transaction";
import { memories } from "../db/schema";
import { findNearDuplicate, prepareNearDuplicateCheck } from "../indexing/near-duplicate";
import { redact, type Redacted } from "../security/redaction";
import { redactKeysDeep } from "../security/redact-fields";
import { updateIndexes } from "../indexing/after-write";
import { findExactDuplicate } from "./exact-duplicate";
import { keepAsVersion, proposeMerge } from "./dedup";
import { applyChange } from "./update";
import { toMemoryDto, type MemoryRow } from "./dto";
import { fromRaw, MEMORY_COLUMNS, type RawMemoryRow } from "./row";
import { contentHash, normalizeTags } from "./normalize";
import { resolvePlacement } from "./scope";

/**
 * Stores a memory, redacted. An exact duplicate (same normalized content in the same scope, still
 * active or suggested) returns the existing memory with `deduplicated: true` instead of a new row;
 * so does a near duplicate (lib/indexing/near-duplicate.ts), with `duplicateOf` naming it, its text
 * kept as a version of that memory. A merely similar one is stored, linked and proposed as a merge.
 * `dedup` says which (docs/deduplication.md).
 */
export function insertMemory(ctx: Ctx, input: ParsedCreateMemoryInput): CreateMemoryResult {
  return writeMemory(ctx, redactNewMemory(input));
}

/** A new memory as it is written: its text fields as the redactor returned them. */
export type MemoryToWrite = Omit<ParsedCreateMemoryInput, "content" | "title" | "metadata"> & {
  content: Redacted;
  title: Redacted | null;
  metadata: Redacted<ParsedCreateMemoryInput["metadata"]>;
};

/** The one redaction of a new memory's text (its tags were redacted by the contract, lib/contracts/memories.ts). */
function redactNewMemory(input: ParsedCreateMemoryInput): MemoryToWrite {
  return { ...input, content: redact(input.content), title: input.title ? redact(input.title) : null, metadata: redactKeysDeep(input.metadata) };
}

/** The writer: takes only redacted text (the type says so), so nothing reaches the row unredacted. */
function writeMemory(ctx: Ctx, input: MemoryToWrite): CreateMemoryResult {
  const placement = resolvePlacement(ctx, input);
  const { content, title } = input;
  const tags = normalizeTags(input.tags);
  const hash = contentHash(content);

  return withTransaction(
    ctx.db,
    (tx) => {
      const existing = findExactDuplicate(ctx.sqlite, placement, hash);
      if (existing) {
        const dedup = { kind: "exact", memoryId: existing.id, cosine: null, lexical: 1, keptAs: "existing" } as const;
        return { memory: toMemoryDto(confirmIfSuggested(tx, existing, input)), deduplicated: true, dedup };
      }
      const near = findNearDuplicate(ctx, placement, content);
      if (near?.kind === "near") {
        const dup = tx.select().from(memories).where(eq(memories.id, near.id)).get();
        if (dup) {
          const dedup = keepAsVersion(ctx.sqlite, dup, { ...input, title, content, tags, scope: placement.scope }, near);
          return { memory: toMemoryDto(confirmIfSuggested(tx, dup, input)), deduplicated: true, duplicateOf: dup.id, dedup };
        }
      }

      // Cached statements, not Drizzle's query builder: this is the hottest write path.
      const now = Date.now();
      const row = fromRaw(
        prepared(
          ctx.sqlite,
          `INSERT INTO memories (id, project_id, scope, session_id, category, title, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${MEMORY_COLUMNS}`,
        ).get(
          uuidv7(),
          placement.projectId,
          placement.scope,
          placement.sessionId,
          input.category,
          title,
          content,
          JSON.stringify(tags),
          input.source,
          input.status,
          input.pinned ? 1 : 0,
          input.priority,
          hash,
          JSON.stringify(input.metadata),
          now,
          now,
        ) as RawMemoryRow,
      );
      updateIndexes(ctx.sqlite, { kind: "created", seq: row.seq });
      if (near?.kind === "similar") return { memory: toMemoryDto(row), deduplicated: false, dedup: proposeMerge(ctx.sqlite, row.id, near) };
      return { memory: toMemoryDto(row), deduplicated: false };
    },
    "immediate",
  );
}

/**
 * `insertMemory` for fields built in code (extraction, import, benchmarks, tests): checks them
 * against the contract first. Parsing redacts, so it runs once: never on an already parsed input.
 */
export function createMemory(ctx: Ctx, fields: CreateMemoryInput): CreateMemoryResult {
  return insertMemory(ctx, createMemoryInput.parse(fields));
}

/**
 * `insertMemory` for callers that can wait a few milliseconds (the HTTP API): embeds the text first
 * when the model is ready, so the near-duplicate check compares vectors, not only words.
 */
export async function storeMemory(ctx: Ctx, input: ParsedCreateMemoryInput): Promise<CreateMemoryResult> {
  const memory = redactNewMemory(input);
  await prepareNearDuplicateCheck(ctx, memory.content);
  return writeMemory(ctx, memory);
}

/**
 * Storing, as active, what the extractor only suggested is the confirmation the suggestion waits
 * for: the suggested memory becomes active (the change is kept in its history).
 */
function confirmIfSuggested(tx: Tx, existing: MemoryRow, input: { status: string; source: MemoryRow["source"] }): MemoryRow {
  if (existing.status !== "suggested" || input.status !== "active") return existing;
  return applyChange(tx, existing, { status: "active" }, input.source, "confirmed");
}
