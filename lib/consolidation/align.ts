/**
 * One sentence with other words in its slots: aligned in order (longest common subsequence), the
 * two differ only by substitutions ("The [billing] entry point is [src/billing/index.ts]" /
 * "The [search] entry point is [src/search/index.ts]"), never by a word one adds or drops, as a
 * paraphrase or an added detail does.
 */
export function sameTemplate(a: readonly string[], b: readonly string[]): boolean {
  const runs = substitutions(a, b);
  return runs !== undefined && runs.length > 0;
}

/**
 * The runs where two token sequences differ, aligned in order, when every difference is a
 * substitution (both sides have words there) and at least half of the longer is common;
 * undefined otherwise.
 */
export function substitutions(a: readonly string[], b: readonly string[]): [string[], string[]][] | undefined {
  const x = a.slice(0, 200);
  const y = b.slice(0, 200);
  const m = x.length;
  const n = y.length;
  const dp: Uint16Array[] = Array.from({ length: m + 1 }, () => new Uint16Array(n + 1));
  for (let i = m - 1; i >= 0; i--)
    for (let j = n - 1; j >= 0; j--) dp[i]![j] = x[i] === y[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  if (dp[0]![0]! * 2 < Math.max(m, n)) return undefined;
  const runs: [string[], string[]][] = [];
  let i = 0;
  let j = 0;
  while (i < m || j < n) {
    const fromA = i;
    const fromB = j;
    while (i < m && j < n && x[i] !== y[j]) {
      if (dp[i + 1]![j]! >= dp[i]![j + 1]!) i++;
      else j++;
    }
    if (i >= m || j >= n) {
      i = m;
      j = n;
    }
    const runA = x.slice(fromA, i);
    const runB = y.slice(fromB, j);
    if (runA.length && runB.length) runs.push([runA, runB]);
    else if (runA.length || runB.length) return undefined;
    i++;
    j++;
  }
  return runs;
}
