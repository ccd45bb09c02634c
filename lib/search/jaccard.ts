/** Jaccard similarity of two token sets: the tokens they share over all their distinct tokens (0 for two empty sets). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const token of a) if (b.has(token)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

/**
 * The share of the smaller set's tokens found in the other: one text restating another in fewer (or
 * more) words ("Words are split with Intl.Segmenter, not a regex" in "We decided to split words with
 * Intl.Segmenter instead of a regex"). 0 when the smaller set has fewer than `minTokens` (too short to tell).
 */
export function containment(a: ReadonlySet<string>, b: ReadonlySet<string>, minTokens = 3): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size < minTokens) return 0;
  let shared = 0;
  for (const token of small) if (large.has(token)) shared++;
  return shared / small.size;
}

/** The containment at which one text restates the other (the resume block and extraction both use it). */
export const RESTATES_CONTAINMENT = 0.85;
