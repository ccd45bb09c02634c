import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exhaustiveRanking } from "../../../lib/search/exhaustive";
import type { SearchFilters } from "../../../lib/search/filters";
import { lexicalSearch, scanPlan } from "../../../lib/search/lexical";
import { bulkMemories } from "../../helpers/bulk-memories";
import { testCtx } from "../../helpers/ctx";

/**
 * The first window of a filtered lexical search (issue 48): a project filter that passes a quarter
 * of the newest memories used to leave the plan's newest window short of k, and a second scoring
 * statement (FTS5's OR merge and idf pass again) ran over a window four times as wide. The window
 * is now widened by the share that passes, so one statement fills k.
 *
 * The store: 4,000 memories, one in four in project p_a (the rest in p_b, no global ones); "alpha"
 * in every other memory (all of p_a's), "beta" in every third, "gamma" (the rare term, the plan's
 * only candidates) in p_b's memories alone, so the candidates give a p_a search nothing.
 */
let ctx: ReturnType<typeof testCtx>;
const N = 4000;
const K = 100;
const terms = ["gamma", "alpha", "beta"];
const inA: SearchFilters = { projectId: "p_a", statuses: ["active"] };

beforeAll(() => {
  ctx = testCtx();
  bulkMemories(
    ctx.sqlite,
    Array.from({ length: N }, (_, i) => ({
      content: [`note ${i}`, i % 2 === 0 ? "alpha" : "", i % 3 === 0 ? "beta" : "", i % 8 === 1 ? "gamma" : ""].join(" "),
      projectId: i % 4 === 0 ? "p_a" : "p_b",
    })),
  );
});
afterAll(() => ctx?.close());

/** How many scoring statements (bm25() in their text) `fn` runs on the connection. */
function scoringStatements(sqlite: Database.Database, fn: () => void): number {
  const proto = Object.getPrototypeOf(sqlite.prepare("SELECT 1")) as { all: (...a: unknown[]) => unknown };
  const all = proto.all;
  let n = 0;
  proto.all = function (this: { source: string }, ...a: unknown[]) {
    if (this.source.includes("bm25(")) n++;
    return all.apply(this, a);
  };
  try {
    fn();
  } finally {
    proto.all = all;
  }
  return n;
}

describe("the first window of a filtered lexical search", () => {
  it("is a store the plan prunes: candidates and a newest window too small for the filter", () => {
    const plan = scanPlan(ctx.sqlite, terms, K);
    expect(plan.candidates).toBe('"gamma"');
    const newest = plan.maxSeq - plan.fromSeq + 1;
    // About a quarter of the window passes p_a: fewer than k.
    expect(newest / 4).toBeLessThan(K);
    expect(newest).toBeGreaterThan(K / 2);
  });

  it("fills k for a filter passing a quarter of the newest memories in one scoring statement", () => {
    let hits: ReturnType<typeof lexicalSearch> = [];
    expect(scoringStatements(ctx.sqlite, () => (hits = lexicalSearch(ctx, terms, inA, K)))).toBe(1);
    expect(hits).toHaveLength(K);
    const projects = ctx.sqlite.prepare("SELECT DISTINCT project_id FROM memories WHERE seq IN (SELECT value FROM json_each(?))").pluck();
    expect(projects.all(JSON.stringify(hits.map((h) => h.seq)))).toEqual(["p_a"]);
    // Ranked by bm25(), as the exhaustive ranking scores each of them.
    const exact = new Map(exhaustiveRanking(ctx.sqlite, terms, inA, N).map((r) => [r.seq, r.bm25]));
    for (const h of hits) expect(h.bm25).toBeCloseTo(exact.get(h.seq)!, 9);
    expect(hits.map((h) => h.bm25)).toEqual([...hits.map((h) => h.bm25)].sort((a, b) => a - b));
  });

  it("keeps one statement for the unfiltered search, and a short filter still widens to the exhaustive answer", () => {
    expect(scoringStatements(ctx.sqlite, () => expect(lexicalSearch(ctx, terms, { projectId: null, statuses: ["active"] }, K)).toHaveLength(K))).toBe(1);
    // p_b's newest window holds plenty; a filter passing nothing new (archived) widens to the whole store.
    const none = lexicalSearch(ctx, terms, { ...inA, statuses: ["archived"] }, K);
    expect(none).toEqual([]);
    expect(lexicalSearch(ctx, terms, { projectId: "p_b", statuses: ["active"] }, K)).toHaveLength(K);
  });
});
