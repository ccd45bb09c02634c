import type { Category } from "../vocabulary";
import type { SearchExplain } from "../contracts/search";
import type { VectorHit } from "./vector";
import { probability, queryFeatures, type QueryFeatures, type QueryModel } from "./query-features";

/**
 * How the lexical and vector lists are fused (weighted reciprocal rank fusion). Tuned with the real
 * all-MiniLM-L6-v2 q8 on LoCoMo dev and the paraphrase set (bench/search/semantic.ts,
 * docs/semantic-search.md).
 */
export interface Fusion {
  /**
   * `rrf`: weighted reciprocal rank fusion; `blend`: a weighted sum of the BM25 value relative to
   * the best and the cosine similarity above a floor (absolute: a weak neighbour stays weak).
   */
  kind: "rrf" | "blend" | "coverage";
  /** RRF constant: smaller = the top of each list counts more against its tail. */
  rrfK: number;
  /** Weight of the lexical list (the vector list weighs 1). */
  lexicalWeight: number;
  /** Vector hits farther than this cosine distance do not take part (weak neighbours only add noise). */
  maxVectorDistance: number;
  /** blend: cosine similarity counted from this floor up (similarity - floor) / (1 - floor). */
  similarityFloor: number;
  /**
   * coverage: the lexical score is the idf-weighted share of the question a memory holds
   * (lexical.ts `coverage`) times (BM25 / best BM25) to this power (0 = coverage alone).
   */
  relativeBm25Power?: number;
  /** coverage: the share of the question is raised to this power (above 1: a memory holding all of it stands out). */
  coveragePower?: number;
  /** coverage: how much a query term found in no memory counts against every memory (0 = not at all, 1 = as a rare term). */
  absentWeight?: number;
  /**
   * coverage: when the best lexical hit covers less than this share of the question, the lexical
   * weight shrinks in proportion (thin lexical evidence: the vector list decides).
   */
  thinCoverage?: number;
  /** coverage: the shrinking factor (best coverage / thinCoverage) is raised to this power (sharper gate above 1). */
  thinPower?: number;
  /**
   * coverage: a hit's share of the question counts only above this floor, rescaled to 0..1 (a memory
   * holding one common word of a long question gets no lexical credit; the vector list ranks it).
   */
  coverageFloor?: number;
  /**
   * coverage: when the best hit holds less than this share of the question in the question's own
   * words, the lexical list gets no weight at all (a lone common word of a paraphrase); between it
   * and thinCoverage the weight ramps up (0 = the ramp starts at 0).
   */
  thinFloor?: number;
  /**
   * coverage: the same floor for the translation's share (bilingual.ts), gated on its own: a
   * cross-language question holds little of its own words but much of its translation's
   * (absent = thinFloor).
   */
  translatedThinFloor?: number;
  /**
   * coverage: a best hit that stands out from the runner-up by this share of the question is
   * evidence enough too (the lexical weight ramps with that margin; 0 = off): a Chinese question's
   * share stays low (its bigrams found nowhere count against it) but one memory holds far more of
   * it than any other, while a paraphrase's lone common word ties many memories.
   */
  thinMargin?: number;
  /**
   * coverage: a question's own share counts in full for the thin gate only when its terms' idf
   * adds up to this much; a shorter question's share is scaled down in proportion (one common word
   * of a three-word question is a third of it, and still weak evidence; 0 = off).
   */
  thinLength?: number;
  /** coverage: the translation's share counts times this (below 1: a memory in the question's own language wins a tie). */
  translatedWeight?: number;
  /**
   * coverage: while the lexical evidence is unsure (the thin gate below 1, no hit leading the next
   * by vectorLeadMargin, no translated match past its floor), a lexical hit counts only as far as
   * the vector list agrees: its lexical score is scaled towards
   * 1 - (top similarity - its similarity) / vectorAgreement, floored at 0 (0 = off).
   */
  vectorAgreement?: number;
  /**
   * coverage: while the lexical evidence is unsure (as for vectorAgreement), the vector list's
   * first hit stays first when it leads the second by at least this cosine similarity (absent =
   * off): a memory sharing a common word or two with a paraphrase cannot push out what the vector
   * list is sure of; sure lexical evidence (keywords, identifiers, Chinese, a translation) is untouched.
   */
  vectorLead?: number;
  /** vectorLead applies only while the best lexical hit leads the next by less than this share of the question. */
  vectorLeadMargin?: number;
  /**
   * vectorLead also applies, whatever the lexical margin, while the best lexical hit holds less than
   * this share of the question in its own words (absent = only the margin decides): a hit holding a
   * third of a paraphrase stands out from hits holding nothing, and is still a weak match.
   */
  vectorLeadShare?: number;
  /**
   * vectorLead is measured relative to the vector list's own spread: (first − second) / (first −
   * tenth similarity), so the same setting holds for a model whose cosines sit higher or lower
   * (absent = an absolute cosine difference).
   */
  vectorLeadRelative?: boolean;
  /**
   * A translated match keeps the lexical list sure (vectorLead off) only when the translation holds
   * more of the question than its own words do (absent = any translated match past its floor): an
   * English question's "translation" is mostly its own untranslated words, no new evidence.
   */
  translatedBeyondOwn?: boolean;
  /**
   * A translation counts only while the question's own words matched less than this many times its
   * idf mass (best hit each way): a Chinese question whose own words find a Chinese memory is not
   * outranked by one translated word that many English memories hold (absent = off).
   */
  translatedMassGuard?: number;
  /**
   * coverage: the lexical weight for this question is multiplied by 2 × σ(model) over the shape of
   * both lists (query-features.ts): the lexical list counts more where its scores say it knows, less
   * where they say it guesses (absent = a fixed weight).
   */
  lexicalWeightModel?: QueryModel;
  /**
   * The vector list's first hit leads position 1 when this model gives it at least
   * vectorFirstThreshold (absent = off), unless a translation holds the match (as vectorLead).
   */
  vectorFirstModel?: QueryModel;
  vectorFirstThreshold?: number;
}
/**
 * Chosen by 5-fold cross-validation on the tuning halves of the issue-42 sets and LoCoMo conv-26 only,
 * with query translation on (RECOLLECT_BENCH_TRANSLATE=dictionary bench/search/unseen.ts
 * --tuning-only --cv; every fold chose the same floors); the frozen half and conv-30 are the
 * reported figures (docs/semantic-search.md).
 */
export const FUSION: Fusion = {
  kind: "coverage",
  rrfK: 60,
  lexicalWeight: 4,
  maxVectorDistance: 2,
  similarityFloor: 0.1,
  relativeBm25Power: 1,
  absentWeight: 1,
  thinCoverage: 0.7,
  thinPower: 1,
  // A best hit holding under 30% of the question in its own words (20% of its translation) gets
  // no lexical weight: the vector list decides (a paraphrase's lone common word).
  thinFloor: 0.3,
  translatedThinFloor: 0.2,
  // In the CV grid, not chosen: the coverage-margin and query-length gates.
  thinMargin: 0,
  thinLength: 0,
  coveragePower: 1,
  coverageFloor: 0,
  // Not in the CV grid: the largest of 1, 0.9, 0.75 that keeps zh hit@1 at lexical's on the tuning
  // half (a Chinese question's English renderings also cover English memories on the same subject).
  translatedWeight: 0.75,
  // Round 4, chosen by 5-fold CV on both sets' tuning halves and conv-26 (bench/search/fusion-cv.ts
  // gateGrid): while the lexical evidence is unsure (thin, no hit leading by 20% of the question, no
  // translated match), the vector list's first hit stays first when it leads the second by 0.02
  // cosine. Measured, not chosen: damping unsure lexical hits by their vector agreement.
  vectorLeadMargin: 0.2,
  vectorAgreement: 0,
  // Round 5, chosen by 5-fold CV on the same tuning data (bench/search/fusion-cv.ts leadGrid; every
  // fold chose translatedBeyondOwn, three of five this lead): the lead is counted relative to the
  // vector list's spread (first − tenth similarity), not in cosine, so it does not hang on one
  // model's cosine scale; an English question's own untranslated words no longer count as a
  // translated match. Tuning paraphrase hit@1 0.27 -> 0.28 (vector 0.29), fresh 0.26 -> 0.28 (0.29).
  vectorLead: 0.1,
  vectorLeadRelative: true,
  translatedBeyondOwn: true,
  // Round 6 (bench/search/fusion-model.ts, docs/semantic-search.md): the per-question models
  // (lexicalWeightModel, vectorFirstModel) were fitted on the tuning halves and conv-26 and are not
  // shipped: 5-fold CV of the fit scored below this fusion in 3 of 5 held-out folds (one breaking a
  // guard of bench/search/fusion-cv.ts), and scored once on the frozen halves it did no better.
};

/** Recency half-life in days by category; absent = never decays (constraints, directives...). */
export const HALF_LIFE_DAYS: Partial<Record<Category, number>> = {
  event: 30,
  context: 30,
  blocker: 45,
  plan: 60,
  idea: 120,
  note: 180,
  fact: 365,
  gotcha: 365,
  procedure: 365,
  decision: 365,
};

export const BOOSTS = {
  pinned: 1.1,
  /** Recency multiplies by between (1 - recency) and 1. */
  recency: 0.1,
  /** Up to this much for often-used memories (log scale, saturating at 100 accesses). */
  access: 0.05,
  project: 1.05,
};

/** The idf-weighted share of a question a memory holds (lexical.ts measures it, rank() scores it). */
export interface QueryCoverage {
  /** Sum of the idf of the query's terms found in this memory. */
  matched: number;
  /** Sum of the idf of the query's terms found in the store. */
  present: number;
  /** Sum of the idf of the query's terms found in no memory (each as if it were in one). */
  absent: number;
}

export interface Candidate {
  seq: number;
  pinned: boolean;
  category: Category;
  createdAt: number;
  accessCount: number;
  projectId: string | null;
}

export interface Ranked {
  seq: number;
  score: number;
  explain: SearchExplain;
}

/**
 * Fuses the lexical and vector lists (RRF, scaled so rank 1 in both = 1; in lexical-only mode the
 * BM25 value relative to the best, which keeps BM25's gaps), then applies the small boosts.
 */
export function rank(
  lexical: Parameters<typeof rankWithFeatures>[0],
  vector: VectorHit[] | null,
  candidates: Map<number, Candidate>,
  context: { projectId: string | null; now: number },
  fusion: Fusion = FUSION,
): Ranked[] {
  // The list shapes are measured only for a model to read (the shipped fusion has none).
  return rankWithFeatures(lexical, vector, candidates, context, fusion, Boolean(fusion.lexicalWeightModel || fusion.vectorFirstModel)).ranked;
}

/** rank(), with the shape of the two lists it fused (query-features.ts; null in lexical-only mode): what the models are fitted on. */
export function rankWithFeatures(
  /** The lexical list, best first (lexical.ts): bm25() is negative, lower is better. */
  lexical: readonly { seq: number; bm25: number; coverage?: QueryCoverage; translatedCoverage?: QueryCoverage }[],
  vector: VectorHit[] | null,
  candidates: Map<number, Candidate>,
  context: { projectId: string | null; now: number },
  fusion: Fusion = FUSION,
  measure = true,
): { ranked: Ranked[]; features: QueryFeatures | null } {
  const { rrfK, lexicalWeight, maxVectorDistance, similarityFloor } = fusion;
  // A translated question (bilingual.ts) is covered by its own words or by its translation's. A
  // rendering found in no memory counts fully against the translation (a store in one language).
  const translatedFusion = { ...fusion, absentWeight: 1 };
  const ownMass = Math.max(0, ...lexical.map((h) => h.coverage?.matched ?? 0));
  const translatedMass = Math.max(0, ...lexical.map((h) => h.translatedCoverage?.matched ?? 0));
  const translationCounts = !fusion.translatedMassGuard || ownMass < fusion.translatedMassGuard * translatedMass;
  const shareOf = (h: (typeof lexical)[number]) =>
    Math.max(
      coverageOf(h.coverage, fusion),
      h.translatedCoverage && translationCounts ? (fusion.translatedWeight ?? 1) * coverageOf(h.translatedCoverage, translatedFusion) : 0,
    );
  const lex = new Map(lexical.map((h, i) => [h.seq, { rank: i + 1, bm25: h.bm25, share: shareOf(h) }]));
  // Thin lexical evidence (the best hit covers little of the question, in its own words or in its
  // translation's): the lexical weight shrinks, to nothing below the floor (the vector list decides).
  const ownLength = lexical[0]?.coverage ? lexical[0].coverage.present + lexical[0].coverage.absent : 0;
  const lengthFactor = fusion.thinLength && lexical[0]?.coverage ? Math.min(1, ownLength / fusion.thinLength) : 1;
  const bestOwn = lengthFactor * Math.max(0, ...lexical.map((h) => coverageOf(h.coverage, fusion)));
  const bestTranslated = Math.max(
    0,
    ...lexical.map((h) =>
      h.translatedCoverage && translationCounts ? (fusion.translatedWeight ?? 1) * coverageOf(h.translatedCoverage, translatedFusion) : 0,
    ),
  );
  const ramp = (best: number, floor: number) =>
    fusion.thinCoverage ? Math.min(1, Math.max(0, best - floor) / Math.max(1e-9, fusion.thinCoverage - floor)) ** (fusion.thinPower ?? 1) : 1;
  const thinFloor = fusion.thinFloor ?? 0;
  const shares = [...lex.values()].map((l) => l.share).sort((a, b) => b - a);
  const margin = (shares[0] ?? 0) - (shares[1] ?? 0);
  const thinness = Math.max(
    ramp(bestOwn, thinFloor),
    ramp(bestTranslated, fusion.translatedThinFloor ?? thinFloor),
    fusion.thinMargin ? Math.min(1, margin / fusion.thinMargin) ** (fusion.thinPower ?? 1) : 0,
  );
  const near = (vector ?? []).filter((h) => h.distance <= maxVectorDistance);
  const vec = new Map(near.map((h, i) => [h.seq, { rank: i + 1, distance: h.distance }]));
  // A match through the translation (past its floor, holding more than the question's own words)
  // is not the weight model's to weigh: cross-language questions keep the fixed weight.
  const translationHolds =
    ramp(bestTranslated, fusion.translatedThinFloor ?? thinFloor) > 0 && !(fusion.translatedBeyondOwn === true && bestTranslated <= bestOwn);
  const features: QueryFeatures | null =
    vector && measure
      ? queryFeatures({
          lexical: lexical.map((h) => ({ seq: h.seq, bm25: h.bm25, share: lex.get(h.seq)?.share ?? 0 })),
          bestOwn,
          // An English question's echoed "translation" (its own words) is no evidence of its own.
          bestTranslated: translationHolds ? bestTranslated : 0,
          questionMass: ownLength,
          vector: near,
        })
      : null;
  const weightFactor = features && fusion.lexicalWeightModel && !translationHolds ? 2 * probability(fusion.lexicalWeightModel, features) : 1;
  const best = lexical.length ? lexical[0].bm25 : -1;
  // Unsure lexical evidence counts only as far as the vector list agrees (1 when sure or off).
  const topSimilarity = near.length ? 1 - near[0].distance : 0;
  // Unsure: thin in the question's own words, no hit standing out, nothing from the translation (a
  // cross-language match is not the vector model's to judge).
  const unsure =
    thinness < 1 &&
    (margin < (fusion.vectorLeadMargin ?? 1) || bestOwn < (fusion.vectorLeadShare ?? 0)) &&
    (ramp(bestTranslated, fusion.translatedThinFloor ?? thinFloor) === 0 || (fusion.translatedBeyondOwn === true && bestTranslated <= bestOwn));
  const agreementOf = (distance: number | undefined) =>
    !fusion.vectorAgreement || !unsure
      ? 1
      : thinness + (1 - thinness) * Math.max(0, 1 - (topSimilarity - (distance == null ? 0 : 1 - distance)) / fusion.vectorAgreement);
  const seqs = new Set<number>([...lex.keys(), ...vec.keys()]);
  const out: Ranked[] = [];
  for (const seq of seqs) {
    const c = candidates.get(seq);
    if (!c) continue;
    const l = lex.get(seq);
    const v = vec.get(seq);
    let base: number;
    const lexRelative = l ? (best < -1e-9 ? l.bm25 / best : 1 / l.rank) : 0;
    if (vector && fusion.kind === "coverage") {
      const similarity = v ? Math.max(0, (1 - v.distance - similarityFloor) / (1 - similarityFloor)) : 0;
      const agreement = agreementOf(v?.distance);
      const lexScore = l ? l.share * lexRelative ** (fusion.relativeBm25Power ?? 0) * agreement : 0;
      const weight = lexicalWeight * thinness * weightFactor;
      base = (weight * lexScore + similarity) / (weight + 1);
    } else if (vector && fusion.kind === "blend") {
      const similarity = v ? Math.max(0, (1 - v.distance - similarityFloor) / (1 - similarityFloor)) : 0;
      base = (lexicalWeight * lexRelative + similarity) / (lexicalWeight + 1);
    } else if (vector) {
      // Scaled so that rank 1 in both lists = 1.
      base = ((l ? lexicalWeight / (rrfK + l.rank) : 0) + (v ? 1 / (rrfK + v.rank) : 0)) * ((rrfK + 1) / (lexicalWeight + 1));
    } else {
      // bm25() is ~0 when a term is in most documents (tiny collections): fall back to the rank.
      base = lexRelative;
    }
    const boosts = boostsFor(c, context);
    out.push({
      seq,
      score: base * boosts.pinned * boosts.recency * boosts.access * boosts.project,
      explain: {
        lexicalRank: l?.rank ?? null,
        bm25: l ? round(l.bm25) : null,
        vectorRank: v?.rank ?? null,
        vectorDistance: v ? round(v.distance) : null,
        base: round(base),
        boosts,
      },
    });
  }
  // Ties (equal scores) fall back to the lexical order, then the newest.
  out.sort((a, b) => b.score - a.score || (a.explain.lexicalRank ?? 1e9) - (b.explain.lexicalRank ?? 1e9) || b.seq - a.seq);
  // The vector list's sure first hit stays first while the lexical evidence is unsure.
  const spread = near.length > 1 ? near[Math.min(9, near.length - 1)].distance - near[0].distance : 0;
  const absoluteLead = near.length > 1 ? near[1].distance - near[0].distance : near.length ? 1 : 0;
  const lead = fusion.vectorLeadRelative && near.length > 1 ? (spread > 1e-9 ? absoluteLead / spread : 0) : absoluteLead;
  const modelLeads =
    features != null &&
    fusion.vectorFirstModel != null &&
    !translationHolds &&
    probability(fusion.vectorFirstModel, features) >= (fusion.vectorFirstThreshold ?? 0.5);
  if (vector && near.length && (modelLeads || (fusion.vectorLead != null && unsure && lead >= fusion.vectorLead))) {
    const i = out.findIndex((r) => r.seq === near[0].seq);
    if (i > 0) out.unshift(...out.splice(i, 1));
  }
  return { ranked: out, features };
}

/** The idf-weighted share of the question a lexical hit holds (1 when unknown: lexical-only lists). */
function coverageOf(c: QueryCoverage | undefined, fusion: Fusion): number {
  if (!c) return 1;
  const total = c.present + (fusion.absentWeight ?? 0) * c.absent;
  if (total <= 0) return 0;
  const floor = fusion.coverageFloor ?? 0;
  return Math.max(0, (c.matched / total - floor) / (1 - floor)) ** (fusion.coveragePower ?? 1);
}

export function boostsFor(c: Candidate, context: { projectId: string | null; now: number }): SearchExplain["boosts"] {
  const halfLife = HALF_LIFE_DAYS[c.category];
  const ageDays = Math.max(0, (context.now - c.createdAt) / 86_400_000);
  const recency = halfLife ? 1 - BOOSTS.recency * (1 - 0.5 ** (ageDays / halfLife)) : 1;
  const access = 1 + BOOSTS.access * Math.min(1, Math.log10(1 + c.accessCount) / 2);
  return {
    pinned: c.pinned ? BOOSTS.pinned : 1,
    recency: round(recency),
    access: round(access),
    project: context.projectId && c.projectId === context.projectId ? BOOSTS.project : 1,
  };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
