import type { Fusion, QueryCoverage } from "./hybrid";
import type { VectorHit } from "./vector";

/**
 * Issue 42: the lexical list must not drag the vector list down when its evidence is weak. A
 * paraphrase question shares no rare word with its answer; the lexical list then ranks memories
 * that share some of its words by chance, and their share of the question can still be high (0.3
 * to 0.7 of its idf mass, past the thin gate of hybrid.ts). The sign of such a guess: the first
 * lexical hit is not among the vector list's first `agreementDepth` while it holds less than
 * `sureShare` of the question (a keyword or identifier question's answer holds most of it, or is
 * near in meaning too). Then the lexical weight is multiplied by `weakWeight`. A question in
 * Chinese or Japanese is left alone (the English default model cannot judge it), and so is one
 * matched through its translation (the cross-language path's evidence).
 *
 * Chosen by 5-fold cross-validation on the tuning halves of the three issue-42 paraphrase sets,
 * their keyword / identifier / zh / distractor guards and LoCoMo conv-26, with MiniLM and mpnet
 * (bench/search/fusion-offline.ts --cv; 9 of 10 folds chose agreementDepth 3, 8 of 10 sureShare 0.6,
 * 8 of 10 weakWeight 0.25). Measured and not chosen: the rarest matched term's idf against the
 * question's rarest (the best BM25 hit nearly always holds it).
 *
 * NOT wired into searchMemories (search.ts): scored once on the frozen halves it gained at most
 * 0.04 hit@5 (mpnet fresh set), and with the default MiniLM it cost LoCoMo conv-30 (held out)
 * recall@10 0.751 -> 0.733 (docs/semantic-search.md, "round three session eight"). The benches
 * score it beside the fusion alone (bench/search/unseen.ts).
 */
export interface LexicalEvidence {
  /** The first lexical hit outside the vector list's first this many is a guess (0 = off). */
  agreementDepth: number;
  /** ...unless it holds at least this share of the question (idf-weighted) in its own words. */
  sureShare: number;
  /** The lexical weight's factor when the evidence is weak. */
  weakWeight: number;
}

export const LEXICAL_EVIDENCE: LexicalEvidence = { agreementDepth: 3, sureShare: 0.6, weakWeight: 0.25 };

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

const shareOf = (c: QueryCoverage | undefined) => (c ? c.matched / Math.max(1e-9, c.present + c.absent) : 0);

/** Whether the lexical list's evidence for this question is weak (a guess the vector list should outrank). */
export function weakLexicalEvidence(
  question: string,
  lexical: readonly { seq: number; coverage?: QueryCoverage; translatedCoverage?: QueryCoverage }[],
  vector: readonly VectorHit[] | null,
  evidence: LexicalEvidence = LEXICAL_EVIDENCE,
): boolean {
  if (!evidence.agreementDepth || !lexical.length || !vector?.length || !lexical[0].coverage || CJK.test(question)) return false;
  const first = lexical[0];
  if (shareOf(first.translatedCoverage) > shareOf(first.coverage) || shareOf(first.coverage) >= evidence.sureShare) return false;
  return !vector.slice(0, evidence.agreementDepth).some((h) => h.seq === first.seq);
}

/** The fusion for this question: the lexical weight falls when its evidence is weak. */
export function lexicalEvidenceFusion(
  question: string,
  lexical: readonly { seq: number; coverage?: QueryCoverage; translatedCoverage?: QueryCoverage }[],
  vector: readonly VectorHit[] | null,
  fusion: Fusion,
  evidence: LexicalEvidence = LEXICAL_EVIDENCE,
): Fusion {
  return weakLexicalEvidence(question, lexical, vector, evidence) ? { ...fusion, lexicalWeight: fusion.lexicalWeight * evidence.weakWeight } : fusion;
}
