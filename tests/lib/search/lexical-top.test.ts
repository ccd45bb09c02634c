import { describe, expect, it } from "vitest";
import type { PostingsView, TermPostings } from "@/lib/search/lexical-postings";
import { topByBm25 } from "@/lib/search/lexical-top";

/**
 * topByBm25 (lib/search/lexical-top.ts) against a ranking of every memory, on postings made up
 * here: the same memories, the same scores to the bit (summed in the terms' order), ties by seq.
 * Its scratch (the view's accumulators and candidates) is reused from one call to the next, as a
 * connection's searches reuse it: no call may see what the one before left there.
 */
const SIZE = 5000;

/** A small seeded generator: the same postings on every run. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
}

/** A term held by about `share` of the memories, each with a part below `scale`. */
function term(rnd: () => number, share: number, scale: number): TermPostings {
  const seqs: number[] = [];
  const parts: number[] = [];
  for (let seq = 1; seq < SIZE; seq++)
    if (rnd() < share) {
      seqs.push(seq);
      parts.push(scale * (0.2 + rnd()));
    }
  return { seqs: Int32Array.from(seqs), parts: Float64Array.from(parts), bound: Math.max(0, ...parts) };
}

/** Every memory holding a term, scored in the terms' order, best first, ties by seq; the filter's only. */
function exhaustive(terms: TermPostings[], m: number, passes?: Uint8Array) {
  const score = new Map<number, number>();
  for (const t of terms)
    t.seqs.forEach((seq, j) => {
      if (!passes || passes[seq] === 1) score.set(seq, (score.get(seq) ?? 0) + t.parts[j]);
    });
  return [...score]
    .map(([seq, s]) => ({ seq, bm25: -s }))
    .sort((a, b) => a.bm25 - b.bm25 || a.seq - b.seq)
    .slice(0, m);
}

describe("topByBm25", () => {
  const rnd = random(48);
  // Rarest first, as lexical.ts orders them: the rare terms fill the top and the common ones are
  // only looked up for the memories still able to make it (the second phase).
  const terms = [term(rnd, 0.01, 6), term(rnd, 0.03, 4), term(rnd, 0.2, 1), term(rnd, 0.5, 0.5), term(rnd, 0.7, 0.2)];
  const view: PostingsView = { terms, acc: new Float64Array(SIZE), touched: new Int32Array(SIZE), candidates: new Int32Array(SIZE) };
  const passes = new Uint8Array(SIZE);
  for (let seq = 0; seq < SIZE; seq++) passes[seq] = seq % 3 === 0 ? 1 : 0;

  it("returns the exhaustive ranking's m best, call after call on the same scratch", () => {
    for (const m of [1, 10, 15, 100, 150, 1000, 4096, SIZE]) {
      expect(topByBm25(view, m)).toEqual(exhaustive(terms, m));
      expect(topByBm25(view, m, passes)).toEqual(exhaustive(terms, m, passes));
      // Each call leaves the accumulators at zero for the next.
      expect(view.acc.every((v) => v === 0)).toBe(true);
    }
  });

  it("ranks term subsets in any order of calls (a larger call before a smaller one leaves nothing behind)", () => {
    for (const subset of [terms.slice(0, 2), terms.slice(2), [terms[0], terms[4]], terms]) {
      const v = { ...view, terms: subset };
      for (const m of [SIZE, 10, 150]) for (const p of [undefined, passes]) expect(topByBm25(v, m, p)).toEqual(exhaustive(subset, m, p));
    }
  });

  it("ties go by seq", () => {
    const tied: TermPostings = { seqs: Int32Array.from([9, 3, 7, 5].sort((a, b) => a - b)), parts: Float64Array.from([1, 1, 1, 1]), bound: 1 };
    expect(topByBm25({ ...view, terms: [tied] }, 3).map((h) => h.seq)).toEqual([3, 5, 7]);
  });
});
