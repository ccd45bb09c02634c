import { describe, expect, it } from "vitest";
import { PrefixCache, totalCost } from "../../../bench/lib/cache-cost";

const A = { key: "A", tokens: 100 };
const B = { key: "B", tokens: 50 };
const B2 = { key: "B'", tokens: 40 };
const C = { key: "C", tokens: 10 };
const MIN = 60_000;

describe("the simulated prompt cache of the benchmarks", () => {
  it("bills cached prefixes at 0.1x, the rest at 1.25x, and forgets a prefix 5 minutes after its last use (a hand-computed run)", () => {
    const cache = new PrefixCache();
    const costs = [
      // Nothing cached yet: 150 x 1.25.
      cache.request([A, B], 0),
      // A and B cached: 150 x 0.1 + 10 x 1.25.
      cache.request([A, B, C], 1 * MIN),
      // B changed: only A is a cached prefix; C after a changed block is not: 100 x 0.1 + 50 x 1.25.
      cache.request([A, B2, C], 2 * MIN),
      // More than 5 minutes after the last use of every prefix: all written again.
      cache.request([A, B2, C], 7 * MIN + 1),
      // A was refreshed a moment ago, A-B was last used at minute 1: 100 x 0.1 + 50 x 1.25.
      cache.request([A, B], 7 * MIN + 2),
    ];
    expect(costs.map((c) => c.cost)).toEqual([187.5, 27.5, 72.5, 187.5, 72.5]);
    expect(costs.map((c) => c.cachedTokens)).toEqual([0, 150, 100, 0, 100]);
    // Appended (past the previous request's length): A B; C; nothing (B' rewritten); nothing (all
    // expired, rewritten); nothing (B was sent before: rewritten).
    expect(costs.map((c) => c.tailTokens)).toEqual([150, 10, 0, 0, 0]);
    const total = totalCost(costs);
    expect(total).toEqual({
      requests: 5,
      tokens: 760,
      cachedTokens: 350,
      tailTokens: 160,
      rewrittenTokens: 250,
      cost: 547.5,
      // 350 x 0.1, 160 x 1.25, 250 x 1.25: the sum is the cost.
      costOf: { reads: 35, tailWrites: 200, rewrites: 312.5 },
      cacheableShare: 350 / 760,
    });
  });

  it("counts a new conversation's first request as appended when told where its new blocks start", () => {
    const cache = new PrefixCache();
    cache.request([A, B, C], 0);
    // A shorter request of another conversation: A is cached, B' is new content, not a rewrite.
    const next = cache.request([A, B2], 1 * MIN, 1);
    expect(next).toEqual({ tokens: 140, cachedTokens: 100, tailTokens: 40, cost: 100 * 0.1 + 40 * 1.25 });
  });
});
