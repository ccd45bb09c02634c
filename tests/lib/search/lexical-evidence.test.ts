import { describe, expect, it } from "vitest";
import { FUSION, rank, type Candidate } from "../../../lib/search/hybrid";
import { LEXICAL_EVIDENCE, lexicalEvidenceFusion, weakLexicalEvidence } from "../../../lib/search/lexical-evidence";

const now = Date.parse("2026-01-01T00:00:00Z");
const candidate = (seq: number): Candidate => ({ seq, pinned: false, category: "fact", createdAt: now, accessCount: 0, projectId: null });
const candidates = new Map([1, 2, 3, 4, 5].map((s) => [s, candidate(s)]));
// Memory 1 shares half of the question's idf mass by chance (a paraphrase's common words); the
// vector list ranks 2, 3, 4 first, and 1 only fifth.
const chance = [{ seq: 1, bm25: -3, coverage: { matched: 5, present: 10, absent: 0 } }];
const vector = [
  { seq: 2, distance: 0.3 },
  { seq: 3, distance: 0.44 },
  { seq: 4, distance: 0.45 },
  { seq: 5, distance: 0.46 },
  { seq: 1, distance: 0.6 },
];
const question = "how do I make the linter skip generated folders?";

describe("lexical evidence: a chance word match the vector list does not back weighs less (issue 42)", () => {
  it("calls the evidence weak and cuts the lexical weight, so the vector list's first hit leads", () => {
    expect(weakLexicalEvidence(question, chance, vector)).toBe(true);
    const fusion = lexicalEvidenceFusion(question, chance, vector, FUSION);
    expect(fusion.lexicalWeight).toBe(FUSION.lexicalWeight * LEXICAL_EVIDENCE.weakWeight);
    expect(rank(chance, vector, candidates, { projectId: null, now }, FUSION)[0].seq).toBe(1);
    expect(rank(chance, vector, candidates, { projectId: null, now }, fusion)[0].seq).toBe(2);
  });

  it("keeps the weight when the lexical hit is among the vector list's first", () => {
    const backed = [{ seq: 3, bm25: -3, coverage: { matched: 5, present: 10, absent: 0 } }];
    expect(weakLexicalEvidence(question, backed, vector)).toBe(false);
    expect(lexicalEvidenceFusion(question, backed, vector, FUSION)).toBe(FUSION);
  });

  it("keeps the weight when the hit holds most of the question (a keyword or identifier question)", () => {
    const sure = [{ seq: 1, bm25: -9, coverage: { matched: 8, present: 10, absent: 0 } }];
    expect(weakLexicalEvidence(question, sure, vector)).toBe(false);
  });

  it("leaves Chinese questions and matches through the translation alone", () => {
    expect(weakLexicalEvidence("怎么让检查跳过生成的目录？", chance, vector)).toBe(false);
    const translated = [{ ...chance[0], translatedCoverage: { matched: 9, present: 10, absent: 0 } }];
    expect(weakLexicalEvidence(question, translated, vector)).toBe(false);
  });

  it("does nothing in lexical-only mode, without coverage, or when switched off", () => {
    expect(weakLexicalEvidence(question, chance, null)).toBe(false);
    expect(weakLexicalEvidence(question, [{ seq: 1 }], vector)).toBe(false);
    expect(weakLexicalEvidence(question, chance, vector, { ...LEXICAL_EVIDENCE, agreementDepth: 0 })).toBe(false);
  });
});
