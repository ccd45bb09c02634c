import type { Ctx } from "../ctx";
import { VECTOR_TABLE, vectorTableExists } from "../db/virtual-tables";
import type { Placement } from "../memories/scope";
import { prepared } from "../db/prepared";
import { jaccard } from "../search/jaccard";
import { tokenize, tokenizeRecent } from "../search/tokenizer";

/**
 * What the check found for a new text, short of an exact duplicate:
 * - `near`: the same memory in other words. Two independent signals agree (cosine at or above the
 *   model's strict threshold and token Jaccard at or above `search.lexicalAgreeThreshold`), or,
 *   when no sound model is in use, Jaccard at or above `search.lexicalDedupThreshold`. The create
 *   folds into that memory and keeps its text as a version of it. (The words alone also decide
 *   against a memory whose vector is not written yet.)
 * - `similar`: one signal only (or cosine between the model's similar and strict thresholds): the
 *   create is stored, linked to that memory and proposed as a merge for review.
 * `cosine` is null when vectors took no part.
 */
export interface NearDuplicate {
  kind: "near" | "similar";
  id: string;
  cosine: number | null;
  lexical: number;
}

/**
 * Checks a text about to be stored against the live memories (active or suggested) of its
 * placement. Synchronous: runs inside the create transaction. Vectors take part only when the
 * model is ready, fit for deduplication (lib/embeddings/dedup-model.ts) and the text's embedding
 * is at hand (`prepareNearDuplicateCheck`).
 */
export function findNearDuplicate(ctx: Ctx, placement: Placement, content: string): NearDuplicate | undefined {
  const search = ctx.config.search;
  const mine = [...new Set(tokenizeRecent(content))];
  const service = ctx.services.embeddings;
  const dedup = service?.ready() ? service.dedupStatus() : undefined;
  const embedding = dedup?.semantic ? service!.cachedEmbedding(content, "passage") : undefined;
  if (!embedding || !vectorTableExists(ctx.sqlite)) {
    const hit = ctx.services.nearDuplicates.closest(placement, mine, search.lexicalDedupThreshold);
    return hit && { kind: "near", id: hit.id, cosine: null, lexical: round(hit.similarity) };
  }
  const strict = dedup!.strictCosine!;
  const similar = dedup!.similarCosine!;
  const words = new Set(mine);

  // The nearest memory by meaning, with the words' verdict on it.
  let found: NearDuplicate | undefined;
  const nearest = nearestInPlacement(ctx, placement, embedding);
  if (nearest && nearest.cosine >= similar) {
    const lexical = jaccard(words, new Set(tokenize(nearest.content)));
    const kind = nearest.cosine >= strict && lexical >= search.lexicalAgreeThreshold ? "near" : "similar";
    found = { kind, id: nearest.id, cosine: round(nearest.cosine), lexical: round(lexical) };
    if (kind === "near") return found;
  }
  // The nearest by words, with the vectors' verdict on it: a strict cosine folds, a lower one
  // makes it similar; a memory not embedded yet (just stored) has no verdict: the words decide.
  const lexicalHit = ctx.services.nearDuplicates.closest(placement, mine, search.lexicalDedupThreshold);
  if (lexicalHit && lexicalHit.id !== found?.id) {
    const cosine = cosineTo(ctx, lexicalHit.seq, embedding);
    const kind = cosine === null || cosine >= strict ? "near" : "similar";
    if (kind === "near" || !found) return { kind, id: lexicalHit.id, cosine: cosine === null ? null : round(cosine), lexical: round(lexicalHit.similarity) };
  }
  return found;
}

/**
 * Computes (and caches) the embedding of a text about to be stored, so that the synchronous check
 * in the create transaction can compare by cosine. Callers on an async path (the HTTP route) may
 * await it first; without it the check is lexical.
 */
export async function prepareNearDuplicateCheck(ctx: Ctx, content: string): Promise<void> {
  const service = ctx.services.embeddings;
  if (service?.ready() && service.dedupStatus().semantic) await service.embedQuery(content, "passage").catch(() => null);
}

function nearestInPlacement(ctx: Ctx, p: Placement, embedding: Float32Array): { id: string; content: string; cosine: number } | undefined {
  const conds = ["status IN ('active', 'suggested')", "scope = ?", "project = ?"];
  const params: unknown[] = [p.scope, p.projectId ?? ""];
  if (p.scope === "session") {
    conds.push("session = ?");
    params.push(p.sessionId ?? "");
  }
  const hit = prepared(ctx.sqlite, `SELECT seq, distance FROM ${VECTOR_TABLE} WHERE embedding MATCH ? AND k = 1 AND ${conds.join(" AND ")}`).get(
    embedding,
    ...params,
  ) as { seq: number | bigint; distance: number } | undefined;
  if (!hit) return undefined;
  const row = prepared(ctx.sqlite, "SELECT id, content FROM memories WHERE seq = ?").get(Number(hit.seq)) as { id: string; content: string } | undefined;
  return row ? { ...row, cosine: 1 - hit.distance } : undefined;
}

/** Cosine of a stored memory's vector with this embedding; null when it has none yet. */
function cosineTo(ctx: Ctx, seq: number, embedding: Float32Array): number | null {
  const row = prepared(ctx.sqlite, `SELECT vec_distance_cosine(embedding, ?) AS distance FROM ${VECTOR_TABLE} WHERE seq = ?`).get(embedding, BigInt(seq)) as
    | { distance: number }
    | undefined;
  return row ? 1 - row.distance : null;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
