import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createMemory } from "../../../lib/memories";
import type { SearchFilters } from "../../../lib/search/filters";
import { lexicalSearch } from "../../../lib/search/lexical";
import { boostTitleMatches, TITLE_MATCH_BOOST } from "../../../lib/search/title-match";
import { testCtx } from "../../helpers/ctx";

let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
});
afterAll(() => ctx?.close());

const all: SearchFilters = { projectId: null, statuses: ["active"] };

describe("title-match boost", () => {
  it("multiplies the bm25 of hits whose title names a query term and re-sorts", () => {
    const hits = [
      { seq: 1, bm25: -4, title: "Bob" },
      { seq: 2, bm25: -3, title: "Alice's notes" },
      { seq: 3, bm25: -2, title: null },
    ];
    const out = boostTitleMatches(hits, ["alic", "garden"]);
    expect(out.map((h) => h.seq)).toEqual([2, 1, 3]);
    expect(out[0].bm25).toBeCloseTo(-3 * (1 + TITLE_MATCH_BOOST));
    expect(out[1].bm25).toBe(-4);
  });

  it("lets a title naming a term found in most memories (idf ~0 for bm25) lift that memory", () => {
    // "alice" is in the title of most memories, so FTS5's bm25 gives it no weight at all.
    for (let i = 0; i < 6; i++) createMemory(ctx, { title: "Alice", content: `Alice wrote entry ${i} about the weather and tea` });
    createMemory(ctx, { title: "Bob", content: "Alice mentioned the garden" });
    const mine = createMemory(ctx, { title: "Alice", content: "Went to the garden with friends today and planted seeds" }).memory;
    const bob = ctx.sqlite.prepare("SELECT seq FROM memories WHERE title = 'Bob'").get() as { seq: number };
    const mineSeq = (ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").get(mine.id) as { seq: number }).seq;
    // Without the title, Bob's shorter memory would win on the shared term alone.
    const contentOnly = lexicalSearch(ctx, ["garden"], all, 10);
    expect(contentOnly[0].seq).toBe(bob.seq);
    const hits = lexicalSearch(ctx, "What did Alice do in the garden?", all, 10);
    expect(hits.map((h) => h.seq).slice(0, 2)).toEqual([mineSeq, bob.seq]);
  });
});
