/**
 * What the two ranked lists of one question look like (issue 42): the shape of their scores, not
 * their content. The fusion (hybrid.ts) feeds them to two tiny logistic models whose coefficients
 * are fitted by cross-validation on the tuning data (bench/search/fusion-model.ts) and committed:
 * one sets how much the lexical list weighs for this question, the other whether the vector
 * list's first hit leads position 1.
 */
export const FEATURES = [
  /** The best lexical hit's idf-weighted share of the question, in its own words (0..1). */
  "bestOwn",
  /** The same for the question's translation (bilingual.ts) when it holds the match; else 0. */
  "bestTranslated",
  /** How far the best lexical hit's share leads the second's. */
  "shareMargin",
  /** 1 − BM25 of the second lexical hit / BM25 of the first (0 = a tie, 1 = the first stands alone). */
  "bm25Gap",
  /** The idf mass of the question (log(1 + present + absent)): a long, specific question or a short one. */
  "questionMass",
  /** The vector list's first cosine similarity. */
  "topSimilarity",
  /** (first − second similarity) / (first − tenth): the vector list's lead in its own spread. */
  "vectorLead",
  /** 1 / rank of the lexical list's first hit in the vector list (0 when absent): the lists agree. */
  "lexicalTopInVector",
  /** 1 / rank of the vector list's first hit in the lexical list (0 when absent). */
  "vectorTopInLexical",
] as const;
export type FeatureName = (typeof FEATURES)[number];
export type QueryFeatures = Record<FeatureName, number>;

/** A logistic model: σ(bias + Σ weight × feature); a feature it does not name weighs 0. */
export interface QueryModel {
  bias: number;
  weights: Partial<Record<FeatureName, number>>;
}

export function probability(model: QueryModel, features: QueryFeatures): number {
  let z = model.bias;
  for (const name of FEATURES) z += (model.weights[name] ?? 0) * features[name];
  return 1 / (1 + Math.exp(-z));
}

export function queryFeatures(input: {
  /** The lexical list, best first: its seq, bm25() (negative, lower is better) and share of the question. */
  lexical: readonly { seq: number; bm25: number; share: number }[];
  bestOwn: number;
  bestTranslated: number;
  /** The idf mass of the question's own terms (coverage present + absent; 0 when unknown). */
  questionMass: number;
  /** The vector list, nearest first (cosine distance). */
  vector: readonly { seq: number; distance: number }[];
}): QueryFeatures {
  const { lexical, vector } = input;
  const shares = lexical.map((h) => h.share).sort((a, b) => b - a);
  const first = lexical[0]?.bm25 ?? 0;
  const second = lexical[1]?.bm25 ?? 0;
  const spread = vector.length > 1 ? vector[Math.min(9, vector.length - 1)].distance - vector[0].distance : 0;
  const lexicalTop = lexical[0] ? vector.findIndex((h) => h.seq === lexical[0].seq) : -1;
  const vectorTop = vector[0] ? lexical.findIndex((h) => h.seq === vector[0].seq) : -1;
  return {
    bestOwn: input.bestOwn,
    bestTranslated: input.bestTranslated,
    shareMargin: (shares[0] ?? 0) - (shares[1] ?? 0),
    bm25Gap: lexical.length === 0 ? 0 : lexical.length === 1 || first > -1e-9 ? 1 : Math.max(0, 1 - second / first),
    questionMass: Math.log1p(Math.max(0, input.questionMass)),
    topSimilarity: vector.length ? 1 - vector[0].distance : 0,
    vectorLead: vector.length > 1 ? (spread > 1e-9 ? (vector[1].distance - vector[0].distance) / spread : 0) : vector.length ? 1 : 0,
    lexicalTopInVector: lexicalTop >= 0 ? 1 / (lexicalTop + 1) : 0,
    vectorTopInLexical: vectorTop >= 0 ? 1 / (vectorTop + 1) : 0,
  };
}
