import { describe, expect, it } from "vitest";
import { MAX_CLAIMS, claimsOf } from "../../../lib/embeddings/claims";

describe("claimsOf: the claims of a memory that would get vectors of their own (issue 42, measured only)", () => {
  it("splits sentences and '; ' clauses of four words or more", () => {
    expect(claimsOf("Run just fmt after Rust changes without asking. Do not re-run tests after fmt or fix.")).toEqual([
      "Run just fmt after Rust changes without asking.",
      "Do not re-run tests after fmt or fix.",
    ]);
    expect(claimsOf("Staging deploys on merge to main; production needs a manual approval first.")).toEqual([
      "Staging deploys on merge to main",
      "production needs a manual approval first.",
    ]);
  });

  it("gives none for a single claim, keeps dotted names whole, drops fragments and caps the count", () => {
    expect(claimsOf("Use pretty_assertions::assert_eq for clearer diffs in Rust tests.")).toEqual([]);
    expect(claimsOf("Set embedding.model in config.json to switch models.")).toEqual([]);
    expect(claimsOf("Keep it short. Ok.")).toEqual([]);
    const many = Array.from({ length: 12 }, (_, i) => `Claim number ${i} holds here.`).join(" ");
    expect(claimsOf(many)).toHaveLength(MAX_CLAIMS);
  });
});
