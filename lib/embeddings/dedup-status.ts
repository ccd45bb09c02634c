import { LEXICAL_DEDUP } from "../search/status";
import { DEGENERATE_MEAN_COSINE, isDegenerate, type DedupModel, type DedupStatus } from "./dedup-model";

/**
 * Whether cosine similarity may decide duplicates now, with which thresholds, and why: `model`
 * the loaded model's thresholds and fitness (undefined until assessed or without a model),
 * `serviceState`/`serviceReason` the embedding service's state and why, `ready` whether vectors
 * are ready.
 */
export function dedupStatusOf(model: DedupModel | null, serviceState: string, serviceReason: string, ready: boolean): DedupStatus {
  const m = model;
  if (!m) return { ...LEXICAL_DEDUP, reason: `${LEXICAL_DEDUP.reason} (${serviceReason})` };
  const base = {
    model: m.model,
    strictCosine: m.strictCosine,
    similarCosine: m.similarCosine,
    randomPairCosine: m.randomPairCosine,
    sampleBasis: m.sampleBasis,
    sampleSize: m.sampleSize,
  };
  const on = (reason: string): DedupStatus => ({ semantic: true, reason, ...base });
  const off = (reason: string): DedupStatus => ({ semantic: false, reason, ...base });
  if (m.randomPairCosine === null) return off("the model has not been measured yet: exact and lexical deduplication only");
  if (isDegenerate(m)) {
    return off(
      `model embeddings are degenerate (mean random-pair cosine ${m.randomPairCosine.toFixed(2)} > ${DEGENERATE_MEAN_COSINE}, ` +
        `${m.sampleSize} ${m.sampleBasis === "memories" ? "stored memories" : "probe sentences"}): exact and lexical deduplication only`,
    );
  }
  if (!ready) return off(`vectors are not ready (${serviceState}): exact and lexical deduplication only`);
  return on(`cosine >= ${m.strictCosine} and words agreeing fold a near duplicate; cosine >= ${m.similarCosine} links a similar memory for review`);
}
