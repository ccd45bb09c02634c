import type { Fusion } from "../../lib/search/hybrid";

/**
 * Fits the hybrid fusion on the tuning half only, by 5-fold cross-validation (issue 42): for each
 * fold, the grid point that scores best on the other four is scored on the fold; the point best on
 * the whole tuning half is chosen. Score = mean over the question kinds of (hit@5 + MRR) / 2, plus
 * LoCoMo conv-26 recall@10 (the tuning conversation), minus 1 when a keyword, identifier, zh or
 * distractor hit@5 falls below lexical's on the same questions (they must not lose anything), or
 * when cross-language hit@5 falls below the fusion shipped before this fit (`BEFORE`); minus the
 * share of paraphrases the vector list alone had at rank 1 and the fusion lost (hybrid hit@1 is
 * asked to be no worse than vector-only).
 */
export interface CvInput {
  kinds: string[];
  /** Rank (0-based, -1 = not found) of the answer in the lexical list, per tuning question. */
  lexicalAt: number[];
  /** The same for the fusion shipped before this fit (the cross-language guard). */
  beforeAt: number[];
  /** The same for the vector list alone (paraphrase hit@1 is asked to be no worse than it). */
  vectorAt: number[];
  hybridAt: (fusion: Fusion) => number[];
  /** Per conv-26 question, recall@10 of the hybrid list; null without LoCoMo. */
  locomoRecall10: ((fusion: Fusion) => number[]) | null;
  /** Per conv-26 question, recall@10 of the lexical list (the guard: hybrid must lead it by 0.03). */
  locomoLexicalRecall10?: number[] | null;
}

const GUARDED = new Set(["keyword", "identifier", "zh", "distractor"]);
/** Guarded against the fusion shipped before (lexical alone is better on these with translation). */
const GUARDED_BEFORE = new Set(["cross"]);

/** The fusion shipped before the thin-evidence floors (issue 42, round 3): the cross guard's reference. */
export const BEFORE: Fusion = {
  kind: "coverage",
  rrfK: 60,
  lexicalWeight: 3,
  maxVectorDistance: 2,
  similarityFloor: 0.2,
  relativeBm25Power: 1,
  absentWeight: 1,
  thinCoverage: 0.7,
  thinPower: 2,
  coveragePower: 1,
  coverageFloor: 0,
  translatedWeight: 0.75,
};
const FOLDS = 5;

/**
 * Round 4 (the vector-confidence gate): the floors chosen in round 3 stay; the grid is over the
 * vector list's lead and agreement while the lexical evidence is unsure, and the two weights.
 */
export function gateGrid(base: Fusion): Fusion[] {
  const out: Fusion[] = [];
  for (const lexicalWeight of [3, 4])
    for (const similarityFloor of [0.1, 0.2])
      for (const vectorLead of [undefined, 0, 0.02, 0.05])
        for (const vectorLeadMargin of [0.2, 0.3])
          for (const vectorAgreement of [0, 0.05, 0.1]) out.push({ ...base, lexicalWeight, similarityFloor, vectorLead, vectorLeadMargin, vectorAgreement });
  return out;
}

/**
 * Round 5 (issue 42, LoCoMo names): the vector lead counted in cosine or relative to the vector
 * list's spread, the lexical share below which the lead applies whatever the margin, and whether an
 * English question's untranslated words count as a translated match.
 */
export function leadGrid(base: Fusion): Fusion[] {
  const out: Fusion[] = [];
  for (const translatedBeyondOwn of [false, true])
    for (const vectorLeadRelative of [false, true])
      for (const vectorLead of vectorLeadRelative ? [0.05, 0.1, 0.15, 0.2, 0.3] : [0.01, 0.02, 0.03])
        for (const vectorLeadMargin of [0.2, 0.3])
          for (const vectorLeadShare of [0, 0.4, 0.5])
            out.push({ ...base, vectorLead, vectorLeadMargin, vectorLeadShare, vectorLeadRelative, translatedBeyondOwn });
  return out;
}

/**
 * Round three session nine (the p6 set): how thin the best lexical hit may be before the vector list
 * decides alone (thinFloor, thinCoverage), the lexical weight, and the Chinese-question guard on
 * translated matches (translatedMassGuard).
 */
export function floorGrid(base: Fusion): Fusion[] {
  const out: Fusion[] = [];
  for (const thinFloor of [0.3, 0.4, 0.5, 0.6])
    for (const thinCoverage of [0.7, 0.9])
      for (const lexicalWeight of [3, 4])
        for (const translatedMassGuard of [undefined, 3]) out.push({ ...base, thinFloor, thinCoverage, lexicalWeight, translatedMassGuard });
  return out;
}

export function fusionGrid(): Fusion[] {
  const out: Fusion[] = [];
  for (const lexicalWeight of [3, 4])
    for (const similarityFloor of [0.1, 0.2])
      for (const [thinCoverage, thinPower] of [
        [0.7, 1],
        [0.7, 2],
        [0.9, 2],
      ])
        for (const thinFloor of [0, 0.3, 0.4])
          for (const translatedThinFloor of [0.1, 0.2])
            for (const thinMargin of [0, 0.2])
              for (const thinLength of [0, 20, 30])
                out.push({ ...BEFORE, lexicalWeight, similarityFloor, thinCoverage, thinPower, thinFloor, translatedThinFloor, thinMargin, thinLength });
  return out;
}

export function objective(
  kinds: string[],
  lexicalAt: number[],
  beforeAt: number[],
  vectorAt: number[],
  at: number[],
  recall: number[] | null,
  keep: (i: number) => boolean,
  keepLoco: (i: number) => boolean,
  lexicalRecall: number[] | null = null,
) {
  const per = new Map<string, { n: number; h1: number; h5: number; mrr: number; lex5: number; before5: number; vec1: number }>();
  at.forEach((a, i) => {
    if (!keep(i)) return;
    const c = per.get(kinds[i]) ?? per.set(kinds[i], { n: 0, h1: 0, h5: 0, mrr: 0, lex5: 0, before5: 0, vec1: 0 }).get(kinds[i])!;
    c.n++;
    if (a >= 0 && a < 5) c.h5++;
    if (a >= 0) c.mrr += 1 / (a + 1);
    if (lexicalAt[i] >= 0 && lexicalAt[i] < 5) c.lex5++;
    if (beforeAt[i] >= 0 && beforeAt[i] < 5) c.before5++;
    if (a === 0) c.h1++;
    if (vectorAt[i] === 0) c.vec1++;
  });
  let score = 0;
  let penalty = 0;
  for (const [kind, c] of per) {
    score += (c.h5 / c.n + c.mrr / c.n) / 2 / per.size;
    if (GUARDED.has(kind) && c.h5 < c.lex5) penalty = 1;
    if (GUARDED_BEFORE.has(kind) && c.h5 < c.before5) penalty = 1;
    // Graded: the share of paraphrases the vector list had at rank 1 and the fusion lost.
    if (kind === "paraphrase" || kind === "fresh") score -= Math.max(0, c.vec1 - c.h1) / c.n;
  }
  if (recall) {
    const kept = recall.filter((_, i) => keepLoco(i));
    const mean = kept.reduce((s, r) => s + r, 0) / Math.max(1, kept.length);
    score += mean;
    // Graded guard: LoCoMo recall@10 is asked to lead lexical's by 0.03 (round 4).
    if (lexicalRecall) {
      const lex = lexicalRecall.filter((_, i) => keepLoco(i));
      const lexMean = lex.reduce((s, r) => s + r, 0) / Math.max(1, lex.length);
      score -= 5 * Math.max(0, lexMean + 0.03 - mean);
    }
  }
  return score - penalty;
}

export function crossValidate(input: CvInput, grid: Fusion[] = fusionGrid()) {
  const ats = grid.map((f) => input.hybridAt(f));
  const recalls = grid.map((f) => input.locomoRecall10?.(f) ?? null);
  const foldOf = (i: number) => i % FOLDS;
  /** The grid point with the best objective over the questions `use` keeps: [index, score]. */
  const bestOnGrid = (use: (i: number) => boolean): [number, number] => {
    let best: [number, number] = [-1, Number.NEGATIVE_INFINITY];
    grid.forEach((_, g) => {
      const s = objective(input.kinds, input.lexicalAt, input.beforeAt, input.vectorAt, ats[g], recalls[g], use, use, input.locomoLexicalRecall10 ?? null);
      if (s > best[1]) best = [g, s];
    });
    return best;
  };
  const foldScores: { fold: number; chosen: Fusion; heldOutScore: number; heldOutParaphraseHit5: number }[] = [];
  for (let f = 0; f < FOLDS; f++) {
    const [best] = bestOnGrid((i) => foldOf(i) !== f);
    const held = (i: number) => foldOf(i) === f;
    const para = ats[best].filter((_a, i) => held(i) && input.kinds[i] === "paraphrase");
    foldScores.push({
      fold: f,
      chosen: grid[best],
      heldOutScore:
        Math.round(
          objective(input.kinds, input.lexicalAt, input.beforeAt, input.vectorAt, ats[best], recalls[best], held, held, input.locomoLexicalRecall10 ?? null) *
            1000,
        ) / 1000,
      heldOutParaphraseHit5: Math.round((para.filter((a) => a >= 0 && a < 5).length / Math.max(1, para.length)) * 1000) / 1000,
    });
  }
  const [chosen, chosenScore] = bestOnGrid(() => true);
  return { folds: FOLDS, gridSize: grid.length, foldScores: foldScores.map((f) => ({ ...f, chosen: short(f.chosen) })), chosen: grid[chosen], chosenScore };
}

const short = (f: Fusion) =>
  `w${f.lexicalWeight} rel${f.vectorLeadRelative ?? "-"} share${f.vectorLeadShare ?? "-"} tbo${f.translatedBeyondOwn ?? "-"} floor${f.similarityFloor} thin${f.thinCoverage}^${f.thinPower} mass${f.translatedMassGuard ?? "-"} thinFloor${f.thinFloor ?? 0}/${f.translatedThinFloor ?? f.thinFloor ?? 0} margin${f.thinMargin ?? 0} length${f.thinLength ?? 0} lead${f.vectorLead ?? "-"}/${f.vectorLeadMargin ?? "-"} agreement${f.vectorAgreement ?? 0}`;
