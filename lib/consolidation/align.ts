/**
 * One sentence with other words in its slots: aligned in order (longest common subsequence), the
 * two differ only by substitutions ("The [billing] entry point is [src/billing/index.ts]" /
 * "The [search] entry point is [src/search/index.ts]"), never by a word one adds or drops, as a
 * paraphrase or an added detail does (merge.ts reads the runs: all phrasing words is a rewording).
 *
 * The runs where two token sequences differ, aligned in order, when every difference is a
 * substitution (both sides have words there) and at least half of the longer is common;
 * undefined otherwise.
 */
const MAX_TOKENS = 200;
const table = new Uint16Array((MAX_TOKENS + 1) * (MAX_TOKENS + 1));

export function substitutions(a: readonly string[], b: readonly string[]): [string[], string[]][] | undefined {
  const m = Math.min(a.length, MAX_TOKENS);
  const n = Math.min(b.length, MAX_TOKENS);
  const x = a;
  const y = b;
  // One table for every call (LCS suffix lengths, row-major, width n + 1): a run calls this for
  // many pairs, and a fresh table each time was garbage to collect.
  const w = n + 1;
  const dp = table;
  for (let j = 0; j <= n; j++) dp[m * w + j] = 0;
  for (let i = m - 1; i >= 0; i--) {
    dp[i * w + n] = 0;
    for (let j = n - 1; j >= 0; j--) dp[i * w + j] = x[i] === y[j] ? dp[(i + 1) * w + j + 1]! + 1 : Math.max(dp[(i + 1) * w + j]!, dp[i * w + j + 1]!);
  }
  if (dp[0]! * 2 < Math.max(m, n)) return undefined;
  const runs: [string[], string[]][] = [];
  let i = 0;
  let j = 0;
  while (i < m || j < n) {
    const fromA = i;
    const fromB = j;
    while (i < m && j < n && x[i] !== y[j]) {
      if (dp[(i + 1) * w + j]! >= dp[i * w + j + 1]!) i++;
      else j++;
    }
    if (i >= m || j >= n) {
      i = m;
      j = n;
    }
    const runA = x.slice(fromA, Math.min(i, m));
    const runB = y.slice(fromB, Math.min(j, n));
    if (runA.length && runB.length) runs.push([runA, runB]);
    else if (runA.length || runB.length) return undefined;
    i++;
    j++;
  }
  return runs;
}
