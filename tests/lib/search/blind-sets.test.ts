import { describe, expect, it } from "vitest";
import { P7_MEMORIES, P7_QUERIES, p7Half } from "../../../bench/search/p7-set";
import { checkP6Set, checkP7Set, checkQuestionSet } from "../../../bench/search/unseen-split";

// The issue-42 blind sets stay valid: every label names a memory, and no paraphrase shares a
// content word (lib's tokenizer) with its answer. The sets are labels, so an edit must keep them so.
describe("issue-42 blind sets", () => {
  it("the shared check flags a paraphrase that shares a stemmed word, and an unknown answer", () => {
    const memories = [{ key: "m1", content: "Run the formatter before each commit." }];
    const problems = checkQuestionSet(
      memories,
      [
        { id: "a", q: "what runs ahead of committing?", expect: "m1" },
        { id: "b", q: "which tool tidies layout prior to saving work?", expect: "m1" },
        { id: "c", q: "anything", expect: "m2" },
      ],
      { unique: (q) => q.id, duplicates: "dup", name: (q) => q.id, mustNotShare: () => true },
    );
    expect(problems).toEqual(["a shares run, commit: what runs ahead of committing?", "c: unknown answer m2"]);
  });

  it("p6 and p7 have no problems", () => {
    expect(checkP6Set()).toEqual([]);
    expect(checkP7Set()).toEqual([]);
  });

  it("p7 holds the sizes it was written with, both halves non-empty", () => {
    expect(P7_MEMORIES.length).toBe(156);
    const count = (kind: string, half: "tuning" | "frozen") => P7_QUERIES.filter((q) => q.kind === kind && p7Half(q) === half).length;
    expect(count("paraphrase", "tuning") + count("paraphrase", "frozen")).toBe(233);
    expect(count("paraphrase", "frozen")).toBe(118);
    expect(count("zh", "tuning") + count("zh", "frozen")).toBe(32);
    expect(count("zh", "frozen")).toBe(15);
  });
});
