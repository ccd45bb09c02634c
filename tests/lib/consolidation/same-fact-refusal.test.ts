import { describe, expect, it } from "vitest";
import { jaccardOf } from "../../../lib/consolidation/features";
import { sameFact, sameFactRefusal } from "../../../lib/consolidation/merge";
import type { Pair } from "../../../lib/consolidation/supersede";
import { featuredMemory } from "./fixtures";

// Issue #38, fifteenth pass: bench/consolidation/paraphrase-study.ts prints which guard of
// sameFact refuses a pair; sameFact is sameFactRefusal() === undefined. Pairs from the tuning
// stores (r3 frozen, r5 tuning) and the docs' examples, compared as a pair found by its vectors (cosine 0.8).
const pairOf = (x: string, y: string): Pair => {
  const a = featuredMemory(1, x, 1, "convention");
  const b = featuredMemory(2, y, 2, "convention");
  return { a, b, jaccard: jaccardOf(a.tokens, b.tokens) };
};
const refusal = (p: Pair) => sameFactRefusal(p, 0.6, 0.8, 0.65, () => false, undefined, true);

describe("sameFactRefusal", () => {
  it("names the guard that refuses a pair, and agrees with sameFact", () => {
    const cases = [
      pairOf(
        "Wrap errors with fmt.Errorf and %w; never compare error strings.",
        "Use fmt.Errorf with %w to wrap errors, and check them with errors.Is instead of comparing strings.",
      ),
      pairOf("API timeout is 30 s.", "DB timeout is 30 s."),
      pairOf("The billing entry point is src/billing/index.ts.", "The search entry point is src/search/index.ts."),
      pairOf(
        "Every new function gets a /// documentation comment saying what it does and why.",
        "Add a /// doc comment to each new function describing its action and purpose.",
      ),
    ];
    expect(cases.map(refusal)).toEqual(["polarity", "one word swapped", "each adds a subject", undefined]);
    for (const p of cases) expect(sameFact(p, 0.6, 0.8, 0.65, () => false, undefined, true)).toBe(refusal(p) === undefined);
  });

  it("says a pair is not similar when no measure brings it near", () => {
    const p = pairOf("Commit messages follow Conventional Commits.", "Releases are cut only from the main branch.");
    expect(sameFactRefusal(p, 0.6, 0.3, 0.65)).toBe("not similar");
  });
});
