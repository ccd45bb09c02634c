import { LEARNED_DECISION } from "./learned-coefficients";
import { FEATURE_NAMES } from "./pair-features";

/** One logistic model: standardised features, weights, and the probability a pair must reach. */
export interface LogisticModel {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
  /** Chosen by leave-one-set-out cross-validation for precision >= 0.9 on the held-out sets. */
  threshold: number;
}

/** The learned decision (bench/consolidation/fit-decision.ts writes learned-coefficients.ts). */
export interface LearnedDecision {
  features: readonly string[];
  merge: LogisticModel;
  supersede: LogisticModel;
}

export function probability(model: Pick<LogisticModel, "mean" | "scale" | "weights" | "bias">, x: readonly number[]): number {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += model.weights[i]! * ((x[i]! - model.mean[i]!) / model.scale[i]!);
  return 1 / (1 + Math.exp(-z));
}

/** The committed coefficients, checked against the features the code computes (a stale file is not used). */
export function learnedDecision(): LearnedDecision | undefined {
  const d = LEARNED_DECISION as LearnedDecision | null;
  if (!d) return undefined;
  const n = FEATURE_NAMES.length;
  const sound = (m: LogisticModel) => m.mean.length === n && m.scale.length === n && m.weights.length === n && m.scale.every((s) => s > 0);
  if (d.features.join(",") !== FEATURE_NAMES.join(",") || !sound(d.merge) || !sound(d.supersede)) return undefined;
  return d;
}
