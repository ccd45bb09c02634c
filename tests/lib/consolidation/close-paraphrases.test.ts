import { describe, expect, it } from "vitest";
import { sameFact } from "../../../lib/consolidation/merge";
import { featuredMemory } from "./fixtures";

// Issue #38, fifteenth pass (docs/consolidation.md "Round three, fifteenth pass", "Close
// paraphrases"): the polarity guard of a merge refuses a pair only when the two texts differ in
// polarity as wholes; a paraphrase may move its "never" to another clause. The cases are from
// tuning data (the first blind set's frozen half, tuning since round three; r3's frozen half).
const pair = (older: string, newer: string) => {
  const a = featuredMemory(1, older, 1, "convention");
  const b = featuredMemory(2, newer, 2, "convention");
  const shared = [...a.tokens].filter((t) => b.tokens.has(t)).length;
  return { a, b, jaccard: shared / (a.tokens.size + b.tokens.size - shared) };
};
/** As the merge by meaning judges a pair its vectors found (cosine 0.95, each the other's nearest). */
const byMeaning = (older: string, newer: string) => sameFact(pair(older, newer), 0.6, 0.95, 0.65, () => false, undefined, true);

describe("a close paraphrase with its negation in another clause", () => {
  it("is the same fact when both texts say no", () => {
    expect(
      byMeaning(
        "Invoice numbers are INV-<year>-<5 digits>, never reused, even for a cancelled invoice.",
        "An invoice number (INV-<year>-<5 digits>) is never reused, not even after the invoice was cancelled.",
      ),
    ).toBe(true);
    expect(
      byMeaning("Wrap errors with fmt.Errorf and %w; never compare error strings.", "Never compare error strings: wrap errors with fmt.Errorf and %w."),
    ).toBe(true);
  });

  it("is not when only one of them says no on the same clause", () => {
    expect(
      byMeaning(
        "Invoice numbers are INV-<year>-<5 digits>, reused for a cancelled invoice.",
        "An invoice number (INV-<year>-<5 digits>) is never reused, not even after the invoice was cancelled.",
      ),
    ).toBe(false);
    expect(byMeaning("Wrap errors with fmt.Errorf and %w; compare error strings.", "Never compare error strings: wrap errors with fmt.Errorf and %w.")).toBe(
      false,
    );
  });
});
