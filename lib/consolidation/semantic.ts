import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { VECTOR_TABLE, vectorTableExists } from "../db/virtual-tables";
import { searchVectorIndex } from "../search/vector-index";
import { jaccardOf, type Featured } from "./features";
import type { Slicer } from "./slicer";
import type { Pair } from "./supersede";
import { pairKey } from "./types";

/** Whether stored vectors may be compared: a sound embedding model has written them and is ready. */
export function vectorsUsable(ctx: Ctx): boolean {
  const service = ctx.services.embeddings;
  return !!service?.ready() && service.dedupStatus().semantic && vectorTableExists(ctx.sqlite);
}

export interface SemanticOptions {
  /** Neighbours asked of the index per memory. */
  k: number;
  /** A pair found only by its vectors is a candidate at or above this cosine. */
  minCosine: number;
  /** Which memories of the group are probed (the others are still found as neighbours). */
  probe: (f: Featured) => boolean;
}

/**
 * Pairs of one placement that mean the same thing even when they share few words: each probed
 * memory asks the vector index for its `k` nearest active neighbours of its placement; a
 * neighbour at `minCosine` or above that the word index did not already pair is a candidate.
 * Each probe is one index search; the slicer is checked after each.
 */
export async function semanticPairs(
  ctx: Ctx,
  group: readonly Featured[],
  known: ReadonlySet<string>,
  options: SemanticOptions,
  slicer: Slicer,
): Promise<{ pair: Pair; cosine: number }[]> {
  const bySeq = new Map(group.map((f) => [f.memory.seq, f]));
  const vectorOf = prepared(ctx.sqlite, `SELECT embedding FROM ${VECTOR_TABLE} WHERE seq = ?`);
  const seen = new Set(known);
  const out: { pair: Pair; cosine: number }[] = [];
  for (const f of group) {
    if (!options.probe(f)) continue;
    const row = vectorOf.get(BigInt(f.memory.seq)) as { embedding: Buffer } | undefined;
    if (!row) continue;
    const m = f.memory;
    const hits =
      searchVectorIndex(
        ctx.sqlite,
        new Float32Array(row.embedding.buffer, row.embedding.byteOffset, row.embedding.byteLength / 4),
        { projectId: m.projectId, scopes: [m.scope], statuses: ["active"], ...(m.scope === "session" && m.sessionId ? { sessionId: m.sessionId } : {}) },
        options.k + 1,
      ) ?? [];
    for (const hit of hits) {
      const other = bySeq.get(hit.seq);
      const cosine = Math.round((1 - hit.distance) * 1000) / 1000;
      if (!other || other === f || cosine < options.minCosine) continue;
      const key = pairKey(m.id, other.memory.id);
      if (seen.has(key)) continue;
      seen.add(key);
      const [a, b] = other.memory.seq < m.seq ? [other, f] : [f, other];
      out.push({ pair: { a, b, jaccard: jaccardOf(a.tokens, b.tokens) }, cosine });
    }
    if (slicer.due()) await slicer.pause();
  }
  return out;
}
