import { describe, expect, it } from "vitest";
import { FUSION, rank, rankWithFeatures, type Candidate } from "../../../lib/search/hybrid";

const now = Date.parse("2026-01-01T00:00:00Z");
const candidate = (seq: number): Candidate => ({ seq, pinned: false, category: "fact", createdAt: now, accessCount: 0, projectId: null });
const candidates = new Map([1, 2, 3].map((s) => [s, candidate(s)]));
const order = (...args: Parameters<typeof rank>) => rank(...args).map((r) => r.seq);

describe("hybrid fusion (blend of relative BM25 and cosine above a floor)", () => {
  it("keeps the only lexical match first when the vector list prefers a weak neighbour", () => {
    // An identifier query: BM25 finds memory 1 alone; the vector list ranks 2 first, closely.
    const lexical = [{ seq: 1, bm25: -7.5, title: null }];
    const vector = [
      { seq: 2, distance: 0.45 },
      { seq: 1, distance: 0.5 },
      { seq: 3, distance: 0.9 },
    ];
    expect(order(lexical, vector, candidates, { projectId: null, now })[0]).toBe(1);
  });

  it("lets the close neighbour win among word matches of about the same strength", () => {
    // Both match one common word of a four-word question; memory 2 also means what was asked.
    const oneWord = { matched: 1, present: 4, absent: 0 };
    const lexical = [
      { seq: 3, bm25: -0.8, title: null, coverage: oneWord },
      { seq: 2, bm25: -0.6, title: null, coverage: oneWord },
    ];
    const vector = [
      { seq: 2, distance: 0.3 },
      { seq: 3, distance: 0.85 },
    ];
    expect(order(lexical, vector, candidates, { projectId: null, now })[0]).toBe(2);
  });

  it("keeps a memory that holds the whole question above a closer neighbour holding one word of it", () => {
    const lexical = [
      { seq: 3, bm25: -2.4, title: null, coverage: { matched: 4, present: 4, absent: 0 } },
      { seq: 2, bm25: -0.6, title: null, coverage: { matched: 1, present: 4, absent: 0 } },
    ];
    const vector = [
      { seq: 2, distance: 0.3 },
      { seq: 3, distance: 0.5 },
    ];
    expect(order(lexical, vector, candidates, { projectId: null, now })[0]).toBe(3);
  });

  it("a translated question: a memory holding the whole translation outranks one holding a bigram of the original", () => {
    // A Chinese question for an English memory (bilingual.ts): its bigrams cover nothing of memory 3,
    // its English rendering covers all of it; memory 2 (Chinese) holds one common bigram.
    const lexical = [
      { seq: 2, bm25: -1.2, title: null, coverage: { matched: 1, present: 2, absent: 6 }, translatedCoverage: { matched: 0, present: 3, absent: 0 } },
      { seq: 3, bm25: -1.0, title: null, coverage: { matched: 0, present: 2, absent: 6 }, translatedCoverage: { matched: 3, present: 3, absent: 0 } },
    ];
    const vector = [
      { seq: 2, distance: 0.6 },
      { seq: 3, distance: 0.62 },
    ];
    expect(order(lexical, vector, candidates, { projectId: null, now })[0]).toBe(3);
    // An English question in an English store: its Chinese renderings are found nowhere, the
    // translation covers less than the question itself, and the score is the untranslated one.
    const own = { seq: 3, bm25: -1, title: null, coverage: { matched: 1, present: 2, absent: 0 } };
    const translated = { ...own, translatedCoverage: { matched: 1, present: 1, absent: 2 } };
    const base = (hit: typeof own) => rank([hit], [], candidates, { projectId: null, now })[0].explain.base;
    expect(base(translated)).toBe(base(own));
  });

  it("thin lexical evidence: a best hit holding under the floor of the question leaves the order to the vector list", () => {
    // A paraphrase: memory 3 holds one common word of a five-word question (a fifth, under
    // FUSION.thinFloor), with a strong BM25; the vector list puts the answer (2) just ahead.
    const oneWordOfFive = { matched: 1, present: 5, absent: 0 };
    expect(oneWordOfFive.matched / oneWordOfFive.present).toBeLessThan(FUSION.thinFloor ?? 0);
    const lexical = [{ seq: 3, bm25: -9, title: null, coverage: oneWordOfFive }];
    const vector = [
      { seq: 2, distance: 0.55 },
      { seq: 3, distance: 0.56 },
    ];
    const ranked = rank(lexical, vector, candidates, { projectId: null, now });
    expect(ranked.map((r) => r.seq)).toEqual([2, 3]);
    // The word match adds nothing: memory 3 scores what its cosine alone gives.
    const alone = rank([], [{ seq: 3, distance: 0.56 }], candidates, { projectId: null, now })[0].explain.base;
    expect(ranked[1].explain.base).toBe(alone);
    // The same word match in a two-word question (half of it) is evidence: it wins.
    const half = [{ seq: 3, bm25: -9, title: null, coverage: { matched: 1, present: 2, absent: 0 } }];
    expect(order(half, vector, candidates, { projectId: null, now })[0]).toBe(3);
  });

  it("translatedMassGuard: a Chinese question's own words finding a Chinese memory outweigh one translated word", () => {
    // The p6 set's case: the question's own bigrams find memory 2 (idf mass 11 of a question whose
    // many unseen bigrams count as absent); its translation is one word, which memory 3 holds whole.
    const lexical = [
      { seq: 2, bm25: -6.7, title: null, coverage: { matched: 11, present: 16, absent: 53 }, translatedCoverage: { matched: 0, present: 3, absent: 0 } },
      { seq: 3, bm25: -4.8, title: null, coverage: { matched: 0, present: 16, absent: 53 }, translatedCoverage: { matched: 3, present: 3, absent: 0 } },
    ];
    const vector = [
      { seq: 1, distance: 0.5 },
      { seq: 2, distance: 0.53 },
      { seq: 3, distance: 0.88 },
    ];
    const context = { projectId: null, now };
    expect(FUSION.translatedMassGuard).toBeUndefined();
    expect(order(lexical, vector, candidates, context)[0]).toBe(3);
    // With the guard (own mass 11 >= 3 x 3), the translation counts for nothing: memory 3 falls behind memory 2.
    const guarded = order(lexical, vector, candidates, context, { ...FUSION, translatedMassGuard: 3 });
    expect(guarded.indexOf(2)).toBeLessThan(guarded.indexOf(3));
    // A real cross-language question (own words find little): the translation still counts.
    const cross = [lexical[1], { ...lexical[0], coverage: { matched: 1, present: 16, absent: 53 } }];
    expect(order(cross, vector, candidates, context, { ...FUSION, translatedMassGuard: 3 })[0]).toBe(3);
  });

  it("unsure lexical evidence: the vector list's first hit stays first when it leads the second", () => {
    // A paraphrase: memories 3 and 1 each hold two common words of a five-word question (past the
    // thin floor, neither standing out); the vector list puts the answer (2) first by 0.05.
    const twoOfFive = { matched: 2, present: 5, absent: 0 };
    const lexical = [
      { seq: 3, bm25: -9, title: null, coverage: twoOfFive },
      { seq: 1, bm25: -8, title: null, coverage: twoOfFive },
    ];
    // The rest of the vector list (not candidates here): the lead is measured against its spread.
    const tail = Array.from({ length: 8 }, (_, i) => ({ seq: 100 + i, distance: 0.5 + i * 0.01 }));
    const vector = [{ seq: 2, distance: 0.4 }, { seq: 3, distance: 0.45 }, ...tail];
    const context = { projectId: null, now };
    expect(FUSION.vectorLeadRelative).toBe(true);
    expect(order(lexical, vector, candidates, context)[0]).toBe(2);
    // Without the gate, or with a lead under it (0.01 of a 0.13 spread), the word matches win.
    expect(order(lexical, vector, candidates, context, { ...FUSION, vectorLead: undefined })[0]).toBe(3);
    const close = [{ seq: 2, distance: 0.44 }, { seq: 3, distance: 0.45 }, ...tail];
    expect(order(lexical, close, candidates, context)[0]).toBe(3);
    // A model whose cosines sit in a narrower band: the same order, the same decision.
    const squeeze = (list: typeof vector) => list.map((h) => ({ ...h, distance: 0.6 + h.distance / 4 }));
    expect(order(lexical, squeeze(vector), candidates, context)[0]).toBe(2);
    expect(order(lexical, squeeze(close), candidates, context)[0]).toBe(3);
    // A hit standing out (the whole question against two words of it) is sure: it stays first.
    const sure = [{ ...lexical[0], coverage: { matched: 5, present: 5, absent: 0 } }, lexical[1]];
    expect(order(sure, vector, candidates, context)[0]).toBe(3);
    // An English question's "translation" (its own untranslated words) covering no more than the
    // question itself is no translated match: the vector list's lead still holds.
    const echoed = lexical.map((h) => ({ ...h, translatedCoverage: twoOfFive }));
    expect(order(echoed, vector, candidates, context)[0]).toBe(2);
    expect(order(echoed, vector, candidates, context, { ...FUSION, translatedBeyondOwn: false })[0]).toBe(3);
  });

  it("gives a vector neighbour under the similarity floor no weight", () => {
    const vector = [{ seq: 2, distance: 1 - FUSION.similarityFloor + 0.01 }];
    const ranked = rank([], vector, candidates, { projectId: null, now });
    expect(ranked[0].explain.base).toBe(0);
  });

  it("per-question models: the list shapes they read, the lexical weight and the vector-first lead they set", () => {
    // Two word matches of a five-word question, the second as strong as the first; the vector list
    // puts memory 2 first, 0.02 ahead of memory 3 in a spread of 0.12.
    const twoOfFive = { matched: 2, present: 5, absent: 0 };
    const lexical = [
      { seq: 3, bm25: -8, title: null, coverage: twoOfFive },
      { seq: 1, bm25: -8, title: null, coverage: { matched: 0.5, present: 5, absent: 0 } },
    ];
    const tail = Array.from({ length: 8 }, (_, i) => ({ seq: 100 + i, distance: 0.5 + i * 0.01 }));
    const vector = [{ seq: 2, distance: 0.45 }, { seq: 3, distance: 0.47 }, ...tail];
    const context = { projectId: null, now };
    const plain = { ...FUSION, lexicalWeightModel: undefined, vectorFirstModel: undefined };
    const { ranked, features } = rankWithFeatures(lexical, vector, candidates, context, plain);
    expect(features).toMatchObject({ bestOwn: 0.4, bestTranslated: 0, bm25Gap: 0, lexicalTopInVector: 0.5, vectorTopInLexical: 0 });
    expect(features?.shareMargin).toBeCloseTo(0.3, 6);
    expect(features?.topSimilarity).toBeCloseTo(0.55, 6);
    expect(features?.vectorLead).toBeCloseTo(0.02 / 0.12, 6);
    expect(features?.questionMass).toBeCloseTo(Math.log1p(5), 6);
    // The lead (1/6 of the spread) is past vectorLead, but the lexical margin (0.3) is not unsure.
    expect(ranked[0].seq).toBe(3);
    // A vector-first model sure of the vector list's first hit puts it first; one unsure does not.
    const leads = (bias: number) => ({ ...plain, vectorFirstModel: { bias, weights: {} }, vectorFirstThreshold: 0.6 });
    expect(order(lexical, vector, candidates, context, leads(3))[0]).toBe(2);
    expect(order(lexical, vector, candidates, context, leads(-3))[0]).toBe(3);
    // A lexical weight model that reads the vector list's lead: a large lead leaves the order to the vector list.
    const weighed = { ...plain, lexicalWeightModel: { bias: 0, weights: { vectorLead: -60 } } };
    expect(order(lexical, vector, candidates, context, weighed)[0]).toBe(2);
    const noLead = [{ seq: 2, distance: 0.47 }, { seq: 3, distance: 0.47 }, ...tail];
    expect(order(lexical, noLead, candidates, context, weighed)[0]).toBe(3);
  });
});
