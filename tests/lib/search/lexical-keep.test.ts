import { describe, expect, it } from "vitest";
import type { Ranked } from "../../../lib/search/hybrid";
import type { LexicalHit } from "../../../lib/search/lexical";
import { keepLexicalHits, LEXICAL_KEEP } from "../../../lib/search/lexical-keep";

const ranked = (seqs: number[]): Ranked[] =>
  seqs.map((seq, i) => ({
    seq,
    score: 1 - i / 100,
    explain: { lexicalRank: null, bm25: null, vectorRank: null, vectorDistance: null, base: 0, boosts: { pinned: 1, recency: 1, access: 1, project: 1 } },
  }));
const hits = (pairs: [number, number][], share = 1): LexicalHit[] =>
  pairs.map(([seq, bm25]) => ({
    seq,
    bm25,
    candidate: { seq, pinned: false, category: "event", createdAt: 0, accessCount: 0, projectId: null },
    coverage: { matched: share, present: 1, absent: 0 },
  }));

describe("keepLexicalHits (issue 42: the vector list only adds)", () => {
  // Fused: vector neighbours 101..112 first; the strong lexical hits 1..3 sit at 13..15.
  const fused = ranked([101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 1, 2, 3]);
  const lexical = hits([
    [1, -10],
    [2, -9],
    [3, -8.5],
    [4, -2],
  ]);

  it("brings the strong lexical hits into the top 10 and leaves the fused first places alone", () => {
    const out = keepLexicalHits(fused, lexical).map((r) => r.seq);
    expect(out.slice(0, LEXICAL_KEEP.slack)).toEqual([101, 102, 103, 104, 105, 106]);
    expect(out.slice(6, 9)).toEqual([1, 2, 3]);
    expect(out).toHaveLength(fused.length);
    expect(new Set(out).size).toBe(fused.length);
  });

  it("keeps only hits scoring near the first (a weak fourth hit is not pulled up)", () => {
    const withWeak = ranked([101, 102, 103, 104, 105, 1, 2, 3, 4]);
    const out = keepLexicalHits(withWeak, lexical, { keep: 4, slack: 0, minShare: 0.8, minCoverage: 0 }).map((r) => r.seq);
    expect(out).toEqual([1, 2, 3, 101, 102, 103, 104, 105, 4]);
  });

  it("changes nothing when the kept hits already sit high enough, or when the lexical evidence is too thin", () => {
    const already = ranked([1, 2, 3, 101, 102]);
    expect(keepLexicalHits(already, lexical).map((r) => r.seq)).toEqual([1, 2, 3, 101, 102]);
    const thin = hits([[1, -10]], 0.1);
    expect(keepLexicalHits(fused, thin, { ...LEXICAL_KEEP, minCoverage: 0.3 })).toBe(fused);
    expect(keepLexicalHits(fused, lexical, { ...LEXICAL_KEEP, keep: 0 })).toBe(fused);
  });
});
