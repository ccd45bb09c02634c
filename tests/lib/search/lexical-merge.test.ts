import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEXICAL_SEGMENTS_MAX, lexicalSegments, mergeLexicalIndexSteps } from "../../../lib/indexing";
import type { SearchFilters } from "../../../lib/search/filters";
import { lexicalSearch } from "../../../lib/search/lexical";
import { bulkMemories } from "../../helpers/bulk-memories";
import { testCtx } from "../../helpers/ctx";
import { counted } from "../../helpers/steps";

/**
 * The sweep's merge of the lexical index (lib/indexing/lexical-merge.ts): a store written in
 * several transactions holds several FTS5 segments; past the limit they become one, in steps, and
 * every search answers exactly as before.
 */
let ctx: ReturnType<typeof testCtx>;
const active: SearchFilters = { projectId: null, statuses: ["active"] };
const QUERIES = ["alpha", "beta gamma", "kubernetes note", "zeppelin alpha", "delta"];
const answers = () => QUERIES.map((q) => lexicalSearch(ctx, q, active, 20).map((h) => [h.seq, Math.round(h.bm25 * 1e9)]));

beforeAll(() => {
  ctx = testCtx();
  // Without automerge every transaction leaves its own segment.
  ctx.sqlite.prepare("INSERT INTO memory_fts(memory_fts, rank) VALUES ('automerge', 0)").run();
  for (let batch = 0; batch < LEXICAL_SEGMENTS_MAX + 2; batch++)
    bulkMemories(
      ctx.sqlite,
      Array.from({ length: 50 }, (_, i) => ({
        content: `kubernetes note ${batch * 50 + i} ${i % 2 ? "alpha" : "beta"} ${i % 5 ? "" : "gamma delta"} ${i === 7 ? "zeppelin" : ""}`,
      })),
    );
});
afterAll(() => ctx.close());

describe("mergeLexicalIndexSteps", () => {
  it("merges a store past the segment limit into one segment in several steps, with the same answers", () => {
    expect(lexicalSegments(ctx.sqlite)).toBeGreaterThan(LEXICAL_SEGMENTS_MAX);
    const before = answers();
    expect(before.every((a) => a.length > 0)).toBe(true);
    // One page a step, so that this small index takes several: the server's steps write 64.
    const { value: steps, yields } = counted(mergeLexicalIndexSteps(ctx.sqlite, LEXICAL_SEGMENTS_MAX, () => false, 1));
    expect(yields).toBeGreaterThan(0);
    expect(steps).toBe(yields + 1);
    expect(lexicalSegments(ctx.sqlite)).toBe(1);
    expect(answers()).toEqual(before);
  });

  it("leaves an index at or under the limit alone", () => {
    const { value, yields } = counted(mergeLexicalIndexSteps(ctx.sqlite));
    expect({ value, yields }).toEqual({ value: 0, yields: 0 });
    expect(lexicalSegments(ctx.sqlite)).toBe(1);
  });
});
