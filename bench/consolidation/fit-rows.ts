import type { Set_ } from "./blind";

/** One labelled pair of a blind set as the decision fits see it: its features and its two labels. */
export interface Row {
  set: Set_;
  x: number[];
  merge: boolean;
  supersede: boolean;
}

/** The same key for a pair whichever memory comes first. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
export const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The lowest threshold whose predictions reach `precision` (pooled), i.e. the best recall under it;
 * `none` when no threshold does (a logistic model: 1, nothing proposed; stumps: +Infinity).
 */
export function chooseThreshold(scored: readonly { p: number; y: boolean }[], precision: number, none: number): number {
  const sorted = [...scored].sort((a, b) => b.p - a.p);
  let tp = 0;
  let best = none;
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i]!.y) tp++;
    const next = sorted[i + 1];
    if (next && next.p === sorted[i]!.p) continue;
    if (tp / (i + 1) >= precision) best = sorted[i]!.p;
  }
  return best;
}

/**
 * Leave-one-set-out over `sets`: `train` fits without a set and scores that set's rows
 * (supersede and merge probabilities); then both thresholds, for `precision` pooled. A pair taken
 * as a supersession is not a merge: the merge threshold is chosen on the rest.
 */
export function leaveOneSetOutThresholds(
  rows: readonly Row[],
  sets: readonly Set_[],
  train: (rows: Row[]) => (x: number[]) => { ps: number; pm: number },
  precision: number,
  none: number,
): { supersede: number; merge: number } {
  const held: { r: Row; ps: number; pm: number }[] = [];
  for (const s of sets) {
    const scoreOf = train(rows.filter((r) => r.set !== s));
    for (const r of rows.filter((x) => x.set === s)) held.push({ r, ...scoreOf(r.x) });
  }
  const supersede = chooseThreshold(
    held.map((h) => ({ p: h.ps, y: h.r.supersede })),
    precision,
    none,
  );
  const merge = chooseThreshold(
    held.filter((h) => h.ps < supersede).map((h) => ({ p: h.pm, y: h.r.merge })),
    precision,
    none,
  );
  return { supersede, merge };
}
