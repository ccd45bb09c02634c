import { describe, expect, it } from "vitest";
import type { SearchResult } from "../../../lib/contracts/search";
import { formatResults, snippet } from "../../../lib/search/format";
import { queryTerms } from "../../../lib/search/tokenizer";
import { countTokens } from "../../../lib/token-count";

// The snippet's word memo and the line prefixes' count memo outlive a search: what one search
// memoised must never change another's answer.
describe("snippets and the formatted block across searches (memos)", () => {
  const filler = (word: string) => Array.from({ length: 60 }, (_, i) => `${word}${i % 7}`).join(" ");
  const text = `${filler("alpha")} the deploys run nightly ${filler("beta")} rollbacks need approval ${filler("gamma")}`;

  it("each search's window holds its own words, whatever an earlier search memoised", () => {
    const deploys = snippet(text, new Set(queryTerms("deploys nightly")));
    const rollbacks = snippet(text, new Set(queryTerms("rollbacks approval")));
    expect(deploys).toContain("deploys run nightly");
    expect(deploys).not.toContain("rollbacks");
    expect(rollbacks).toContain("rollbacks need approval");
    expect(snippet(text, new Set(queryTerms("deploys nightly")))).toBe(deploys);
  });

  it("the same results give the same block, and a budget cuts them the same way every time", () => {
    const result = (i: number): SearchResult =>
      ({
        id: `mem_${i}`,
        title: null,
        content: `memory number ${i} about the release process and its checklist`,
        snippet: `memory number ${i}`,
        category: "fact",
        scope: "project",
        pinned: false,
        age: "2 days",
      }) as unknown as SearchResult;
    const results = [1, 2, 3, 4].map(result);
    const whole = formatResults("release", results, 1000);
    expect(whole.split("\n")).toHaveLength(5);
    expect(formatResults("release", results, 1000)).toBe(whole);
    // A budget too small for the four: the block is cut, stays within it, and is cut the same way again.
    const lines = whole.split("\n");
    const budget = countTokens(lines.slice(0, 3).join("\n")) + 16;
    const cut = formatResults("release", results, budget);
    expect(cut.split("\n").length).toBeLessThan(lines.length);
    expect(countTokens(cut)).toBeLessThanOrEqual(budget);
    expect(formatResults("release", results, budget)).toBe(cut);
    expect(cut).not.toContain("mem_4");
  });
});
