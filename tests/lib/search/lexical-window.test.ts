import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exhaustiveRanking } from "../../../lib/search/exhaustive";
import type { SearchFilters } from "../../../lib/search/filters";
import { lexicalSearch, ROWID, scanPlan } from "../../../lib/search/lexical";
import { bulkMemories } from "../../helpers/bulk-memories";
import { testCtx } from "../../helpers/ctx";
import { inFts5, statementsRun } from "../../helpers/statement-spy";

/**
 * The widening of a filtered lexical search (issue 48): a project filter that passes a quarter of
 * the newest memories leaves the plan's newest window short of k, and the window widens. The wider
 * step used to score every row again (FTS5's OR merge of every term's postings a second time); it
 * now scores only the seqs the window newly covers and ranks them with the rows already found,
 * which is the same answer.
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

/**
 * The scoring statements (bm25() in their text) `fn` runs on the connection, as SQL. Run inside a
 * transaction: there the postings held in memory are not trusted (lexical-postings.ts) and FTS5's
 * statements answer, the path these tests are about.
 */
function scoringStatements(sqlite: Database.Database, fn: () => void): string[] {
  return statementsRun(sqlite, "bm25(", () => inFts5(sqlite, fn));
}

describe("the widening of a filtered lexical search", () => {
  it("is a store the plan prunes: candidates and a newest window too small for the filter", () => {
    const plan = scanPlan(ctx.sqlite, terms, K);
    expect(plan.candidates).toBe('"gamma"');
    const newest = plan.maxSeq - plan.fromSeq + 1;
    // About a quarter of the window passes p_a: fewer than k; four times as wide holds k.
    expect(newest / 4).toBeLessThan(K);
    expect(plan.window / 4).toBeGreaterThan(K);
  });

  it("answers as one statement over the wider window would, scoring only the newly covered seqs", () => {
    const plan = scanPlan(ctx.sqlite, terms, K);
    let hits: ReturnType<typeof lexicalSearch> = [];
    const statements = scoringStatements(ctx.sqlite, () => (hits = lexicalSearch(ctx, terms, inA, K)));
    expect(statements).toHaveLength(2);
    // The second: a rowid range, neither the first window nor the candidates again.
    expect(statements[1]).toContain(`memory_fts.rowid < ${ROWID}`);
    expect(statements[1]).not.toContain("MATCH ?)");
    // What the wider window scores (its seqs and the candidates'), ranked exhaustively.
    const wider = plan.maxSeq - plan.window + 1;
    const candidates = new Set(ctx.sqlite.prepare("SELECT rowid FROM memory_fts WHERE memory_fts MATCH ?").pluck().all(plan.candidates) as number[]);
    const want = exhaustiveRanking(ctx.sqlite, terms, inA, N)
      .filter((r) => r.seq >= wider || candidates.has(r.seq))
      .slice(0, K);
    expect(hits).toHaveLength(K);
    // The same scores in the same order (memories of equal text tie: either may be chosen).
    hits.forEach((h, i) => expect(h.bm25).toBeCloseTo(want[i].bm25, 9));
    const projects = ctx.sqlite.prepare("SELECT DISTINCT project_id FROM memories WHERE seq IN (SELECT value FROM json_each(?))").pluck();
    expect(projects.all(JSON.stringify(hits.map((h) => h.seq)))).toEqual(["p_a"]);
  });

  it("keeps one statement for the unfiltered search; a filter passing nothing widens to the whole store", () => {
    expect(scoringStatements(ctx.sqlite, () => expect(lexicalSearch(ctx, terms, { projectId: null, statuses: ["active"] }, K)).toHaveLength(K))).toHaveLength(
      1,
    );
    expect(inFts5(ctx.sqlite, () => lexicalSearch(ctx, terms, { ...inA, statuses: ["archived"] }, K))).toEqual([]);
    // Every p_a memory holds alpha: a k above them all returns all 1,000, as the exhaustive ranking does.
    const all = inFts5(ctx.sqlite, () => lexicalSearch(ctx, terms, inA, 1500));
    expect(all).toHaveLength(1000);
    expect(all.map((h) => h.bm25)).toEqual(exhaustiveRanking(ctx.sqlite, terms, inA, 1500).map((r) => r.bm25));
  });

  it("hands FTS5 its rowid bounds as integers, which FTS5 seeks with; a number bound as is, FTS5 drops", () => {
    const seq = (ctx.sqlite.prepare("SELECT max(rowid) FROM memory_fts WHERE memory_fts MATCH '\"alpha\"'").pluck().get() as number) - 2;
    const eq = (bound: string) => ctx.sqlite.prepare(`SELECT rowid FROM memory_fts WHERE memory_fts MATCH '"alpha"' AND rowid = ${bound}`).pluck().all(seq);
    // better-sqlite3 binds a JavaScript number as a REAL; FTS5 takes only an INTEGER bound
    // (fts5GetRowidLimit) and walks the whole postings list otherwise. For `=` SQLite trusts FTS5
    // with the check, so the dropped bound shows as every row: the cost a range bound paid unseen.
    expect(eq(ROWID)).toEqual([seq]);
    expect(eq("?").length).toBe(N / 2);
    // Every bound lexicalSearch pushes into FTS5 (a `+rowid` is a check SQLite makes, never pushed)
    // goes through ROWID: the first window, the widening's range, a tag filter's window.
    const statements = [
      ...scoringStatements(ctx.sqlite, () => lexicalSearch(ctx, terms, inA, K)),
      ...scoringStatements(ctx.sqlite, () => lexicalSearch(ctx, ["alpha", "beta"], inA, K)),
      ...scoringStatements(ctx.sqlite, () => lexicalSearch(ctx, terms, { ...inA, tags: ["x"] }, K)),
    ];
    const pushed = statements.flatMap((s) => [...s.matchAll(/(?<!\+)memory_fts\.rowid ([<>=]+) (\S+)/g)]);
    expect(pushed.length).toBeGreaterThanOrEqual(4);
    for (const [, , bound] of pushed) expect(bound).toBe("CAST(?");
  });
});
