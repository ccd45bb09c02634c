import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { exhaustiveRanking } from "../../../lib/search/exhaustive";
import type { SearchFilters } from "../../../lib/search/filters";
import { lexicalSearch, TOP_FIRST_FACTOR } from "../../../lib/search/lexical";
import { bulkMemories } from "../../helpers/bulk-memories";
import { testCtx } from "../../helpers/ctx";

/**
 * The top-first statement (status and session filters only): FTS5 scores and keeps the best
 * TOP_FIRST_FACTOR * k rows, the join with `memories` marks those that pass. Whether enough pass
 * or not, the answer is the exhaustive ranking's (every posting scored, filters in the statement).
 */
let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
});
afterAll(() => ctx?.close());

const active: SearchFilters = { projectId: null, statuses: ["active"] };

/** seqs of the exhaustive top k. */
function exhaustive(terms: string[], filters: SearchFilters, k: number): number[] {
  return exhaustiveRanking(ctx.sqlite, terms, filters, k).map((r) => r.seq);
}

/** n memories holding "deploy", each longer than the one before: the first scores best. */
function rankedDeploys(n: number, status: (i: number) => string = () => "active"): number[] {
  return bulkMemories(
    ctx.sqlite,
    Array.from({ length: n }, (_, i) => ({ content: `deploy ${Array.from({ length: i + 1 }, (_, j) => `word${j}`).join(" ")}`, status: status(i) })),
  );
}

describe("lexical top-first statement", () => {
  it("falls back to the full statement when too few of the best rows pass the status filter", () => {
    const k = 5;
    // The best-scored 2 * k are archived: none of the top TOP_FIRST_FACTOR * k rows is active.
    expect(Math.ceil(TOP_FIRST_FACTOR * k)).toBeLessThanOrEqual(2 * k);
    const seqs = rankedDeploys(30, (i) => (i < 2 * k ? "archived" : "active"));
    const got = lexicalSearch(ctx, ["deploy"], active, k).map((h) => h.seq);
    expect(got).toEqual(seqs.slice(2 * k, 3 * k));
    expect(got).toEqual(exhaustive(["deploy"], active, k));
  });

  it("answers from the best rows when enough of them pass", () => {
    const seqs = rankedDeploys(30, (i) => (i === 1 ? "archived" : "active"));
    const got = lexicalSearch(ctx, ["deploy"], active, 5).map((h) => h.seq);
    expect(got).toEqual([seqs[0], ...seqs.slice(2, 6)]);
    expect(got).toEqual(exhaustive(["deploy"], active, 5));
    const archived: SearchFilters = { projectId: null, statuses: ["archived"] };
    expect(lexicalSearch(ctx, ["deploy"], archived, 5).map((h) => h.seq)).toEqual([seqs[1]]);
  });

  it("returns what passes when fewer rows than the top-first limit match at all", () => {
    const seqs = rankedDeploys(4, (i) => (i === 0 ? "archived" : "active"));
    expect(lexicalSearch(ctx, ["deploy"], active, 10).map((h) => h.seq)).toEqual(seqs.slice(1));
  });

  it("leaves out other sessions' session-scoped memories, as the full statement does", () => {
    const seqs = rankedDeploys(12);
    // The three best become session memories: one of this session, two of another.
    const toSession = ctx.sqlite.prepare("UPDATE memories SET scope = 'session', session_id = ? WHERE seq = ?");
    toSession.run("ses_mine", seqs[0]);
    toSession.run("ses_other", seqs[1]);
    toSession.run("ses_other", seqs[2]);
    const mine: SearchFilters = { ...active, sessionId: "ses_mine" };
    const got = lexicalSearch(ctx, ["deploy"], mine, 3).map((h) => h.seq);
    expect(got).toEqual([seqs[0], seqs[3], seqs[4]]);
    expect(got).toEqual(exhaustive(["deploy"], mine, 3));
  });
});
