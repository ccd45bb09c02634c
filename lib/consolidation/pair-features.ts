import { changedValue, clausesOf, oppositePolarity, valuesOf } from "./claims";
import { charsOf, jaccardOf, namesOf, negativeOf, replacedOf, textOf, type Featured } from "./features";

/**
 * The evidence the learned decision weighs for one pair of one placement (older first), every
 * part already computed by the rules: how near the vectors put them, how many words, characters
 * and names they share, whether their values, polarity or clauses differ, whether the newer says
 * it replaces something, and what the rules themselves concluded. Names in FEATURE_NAMES order.
 */
export const FEATURE_NAMES = [
  "cosine",
  "jaccard",
  "charJaccard",
  "namesJaccard",
  "valuesDiffer",
  "valueChanged",
  "sharedValues",
  "lengthRatio",
  "polarityDiffers",
  "oppositePolarity",
  "replacementCue",
  "clauseDifference",
  "sameCategory",
  "chinese",
  "ruleMerge",
  "ruleSupersede",
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

export interface RuleVerdict {
  merge: boolean;
  /** The rules proposed the newer superseding the older. */
  supersede: boolean;
}

const HAN = /[\u3400-\u9fff]/;

export function pairFeatures(older: Featured, newer: Featured, cosine: number, rule: RuleVerdict): number[] {
  const a = textOf(older.memory);
  const b = textOf(newer.memory);
  const va = new Set(valuesOf(a));
  const vb = new Set(valuesOf(b));
  let sharedValues = 0;
  for (const v of va) if (vb.has(v)) sharedValues++;
  const valuesDiffer = va.size + vb.size > 0 && (sharedValues < va.size || sharedValues < vb.size);
  const ca = charsOf(older);
  const cb = charsOf(newer);
  const lengths = [older.tokens.size, newer.tokens.size];
  const clauses = Math.abs(clausesOf(a).length - clausesOf(b).length);
  const values: Record<FeatureName, number> = {
    cosine,
    jaccard: jaccardOf(older.tokens, newer.tokens),
    charJaccard: ca && cb ? jaccardOf(ca, cb) : 0,
    namesJaccard: jaccardOf(namesOf(older), namesOf(newer)),
    valuesDiffer: valuesDiffer ? 1 : 0,
    valueChanged: changedValue(a, b) ? 1 : 0,
    sharedValues: Math.min(sharedValues, 3) / 3,
    lengthRatio: Math.min(...lengths) / (Math.max(...lengths) || 1),
    polarityDiffers: negativeOf(older) !== negativeOf(newer) ? 1 : 0,
    oppositePolarity: oppositePolarity(a, b) ? 1 : 0,
    replacementCue: replacedOf(newer).length > 0 ? 1 : 0,
    clauseDifference: Math.min(clauses, 3) / 3,
    sameCategory: older.memory.category === newer.memory.category ? 1 : 0,
    chinese: HAN.test(a) || HAN.test(b) ? 1 : 0,
    ruleMerge: rule.merge ? 1 : 0,
    ruleSupersede: rule.supersede ? 1 : 0,
  };
  return FEATURE_NAMES.map((n) => values[n]);
}
