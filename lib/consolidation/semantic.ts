import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { VECTOR_TABLE, vectorTableExists } from "../db/virtual-tables";
import { searchVectorIndex } from "../indexing/vector-index";
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
  /** A pair found only by its vectors is a candidate at or above this cosine. */
  minCosine: number;
  /**
   * And only when the neighbour is the memory's nearest by at least this much over the next
   * one: where a model gives every text of a kind nearly one vector (MiniLM on Chinese: cosine
   * 0.95+ between unrelated sentences), no neighbour stands out and none is taken.
   */
  margin: number;
  /** Which memories of the group are probed (the others are still found as neighbours). */
  probe: (f: Featured) => boolean;
  /**
   * Whether Chinese texts are compared: an English model (all-MiniLM-L6-v2) gives unrelated
   * Chinese sentences cosines of 0.8+ ("请求超时时间是 5 秒" / "列表页默认每页 20 条": 0.80).
   */
  chinese: boolean;
  /** The cosine a pair with Chinese in it must reach (MiniLM's Chinese cosines run high). */
  chineseMinCosine?: number;
}

const HAN = /[\u3400-\u9fff]/;

/**
 * A memory's `k` nearest active neighbours in its placement (itself left out), nearest first, by
 * its stored vector; none when it has no vector. One index search.
 */
export function neighboursOf(ctx: Ctx, f: Featured, k: number): { seq: number; distance: number }[] {
  const row = prepared(ctx.sqlite, `SELECT embedding FROM ${VECTOR_TABLE} WHERE seq = ?`).get(BigInt(f.memory.seq)) as { embedding: Buffer } | undefined;
  if (!row) return [];
  const m = f.memory;
  const hits =
    searchVectorIndex(
      ctx.sqlite,
      new Float32Array(row.embedding.buffer, row.embedding.byteOffset, row.embedding.byteLength / 4),
      { projectId: m.projectId, scopes: [m.scope], statuses: ["active"], ...(m.scope === "session" && m.sessionId ? { sessionId: m.sessionId } : {}) },
      k + 1,
    ) ?? [];
  return hits.filter((h) => h.seq !== m.seq);
}

/**
 * Pairs of one placement that mean the same thing even when they share few words: each probed
 * memory asks the vector index for its two nearest active neighbours of its placement; the
 * nearest is a candidate when it is at `minCosine` or above, stands out from the next by
 * `margin`, the probed memory is in turn its nearest and stands out the same way (mutual nearest
 * neighbours), and the word index did not already pair them. Each probe is one or two index
 * searches; the slicer is checked after each.
 */
export async function semanticPairs(
  ctx: Ctx,
  group: readonly Featured[],
  known: ReadonlySet<string>,
  options: SemanticOptions,
  slicer: Slicer,
): Promise<{ pair: Pair; cosine: number }[]> {
  const bySeq = new Map(group.map((f) => [f.memory.seq, f]));
  const seen = new Set(known);
  const out: { pair: Pair; cosine: number }[] = [];
  const skip = (f: Featured) => !options.chinese && HAN.test(f.memory.content);
  // The nearest neighbour of a memory, when it stands out from the next one by `margin`.
  const nearestOf = (f: Featured) => {
    const [nearest, next] = neighboursOf(ctx, f, 2);
    const standsOut = !!nearest && (!next || next.distance - nearest.distance >= options.margin);
    return standsOut ? nearest : undefined;
  };
  for (const f of group) {
    if (!options.probe(f) || skip(f)) continue;
    const m = f.memory;
    const nearest = nearestOf(f);
    const other = nearest && bySeq.get(nearest.seq);
    const cosine = nearest ? Math.round((1 - nearest.distance) * 1000) / 1000 : 0;
    const key = other ? pairKey(m.id, other.memory.id) : "";
    // Each the other's nearest, standing out on both sides: one frame written for several
    // subjects ("The sync code lives in …" / "The upload code …") has no neighbour that stands out.
    const floor =
      HAN.test(m.content) || (other && HAN.test(other.memory.content)) ? Math.max(options.minCosine, options.chineseMinCosine ?? 0) : options.minCosine;
    if (other && !skip(other) && cosine >= floor && !seen.has(key) && nearestOf(other)?.seq === m.seq) {
      seen.add(key);
      const [a, b] = other.memory.seq < m.seq ? [other, f] : [f, other];
      out.push({ pair: { a, b, jaccard: jaccardOf(a.tokens, b.tokens) }, cosine });
    }
    if (slicer.due()) await slicer.pause();
  }
  return out;
}

/**
 * Candidate pairs for the learned decision: each probed memory's `k` nearest active neighbours of
 * its placement at `minCosine` or above (no margin: the model weighs the pair's other evidence).
 * One index search per probe.
 */
export async function neighbourPairs(
  ctx: Ctx,
  group: readonly Featured[],
  probe: (f: Featured) => boolean,
  k: number,
  minCosine: number,
  slicer: Slicer,
  onPair: (a: Featured, b: Featured, cosine: number) => void,
): Promise<void> {
  const bySeq = new Map(group.map((f) => [f.memory.seq, f]));
  for (const f of group) {
    if (!probe(f)) continue;
    const hits = neighboursOf(ctx, f, k);
    for (const h of hits) {
      const other = bySeq.get(h.seq);
      const cosine = Math.round((1 - h.distance) * 1000) / 1000;
      if (other && cosine >= minCosine) onPair(f, other, cosine);
    }
    if (slicer.due()) await slicer.pause();
  }
}
