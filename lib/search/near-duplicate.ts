import type { Ctx } from "../context";
import { embeddingService } from "../embeddings/service";
import { VECTOR_TABLE, vectorTableExists } from "../embeddings/vector-table";
import type { Placement } from "../memories/scope";
import { prepared } from "./filters";
import { nearDuplicateIndex } from "./near-duplicate-index";
import { tokenizeRecent } from "./tokenizer";

export interface NearDuplicate {
  id: string;
  similarity: number;
  by: "cosine" | "lexical";
}

/**
 * A live memory (active or suggested) of the same placement whose text is nearly the same as this
 * one: cosine similarity of the embeddings at or above `search.dedupThreshold` when the new text's
 * embedding is at hand (see `prepareNearDuplicateCheck`), else token Jaccard similarity at or above
 * `search.lexicalDedupThreshold` (the in-memory index of near-duplicate-index.ts). Synchronous:
 * runs inside the create transaction.
 */
export function findNearDuplicate(ctx: Ctx, placement: Placement, content: string): NearDuplicate | undefined {
  const service = embeddingService(ctx);
  const embedding = service?.ready() ? service.cachedEmbedding(content) : undefined;
  if (embedding && vectorTableExists(ctx.sqlite)) {
    const hit = nearestInPlacement(ctx, placement, embedding);
    if (hit && 1 - hit.distance >= ctx.config.search.dedupThreshold) return { id: hit.id, similarity: round(1 - hit.distance), by: "cosine" };
  }
  const mine = [...new Set(tokenizeRecent(content))];
  const hit = nearDuplicateIndex(ctx.sqlite).closest(placement, mine, ctx.config.search.lexicalDedupThreshold);
  return hit && { id: hit.id, similarity: round(hit.similarity), by: "lexical" };
}

/**
 * Computes (and caches) the embedding of a text about to be stored, so that the synchronous check
 * in the create transaction can compare by cosine. Callers on an async path (the HTTP route) may
 * await it first; without it the check is lexical.
 */
export async function prepareNearDuplicateCheck(ctx: Ctx, content: string): Promise<void> {
  const service = embeddingService(ctx);
  if (service?.ready()) await service.embedQuery(content).catch(() => null);
}

function nearestInPlacement(ctx: Ctx, p: Placement, embedding: Float32Array): { id: string; distance: number } | undefined {
  const conds = ["status IN ('active', 'suggested')", "scope = ?", "project = ?"];
  const params: unknown[] = [p.scope, p.projectId ?? ""];
  if (p.scope === "session") {
    conds.push("session = ?");
    params.push(p.sessionId ?? "");
  }
  const hit = prepared(
    ctx.sqlite,
    `SELECT seq, distance FROM ${VECTOR_TABLE} WHERE embedding MATCH ? AND k = 1 AND ${conds.join(" AND ")}`,
  ).get(embedding, ...params) as { seq: number | bigint; distance: number } | undefined;
  if (!hit) return undefined;
  const row = prepared(ctx.sqlite, "SELECT id FROM memories WHERE seq = ?").get(Number(hit.seq)) as { id: string } | undefined;
  return row ? { id: row.id, distance: hit.distance } : undefined;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
