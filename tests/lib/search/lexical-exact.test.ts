import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exhaustiveRanking } from "../../../lib/search/exhaustive";
import type { SearchFilters } from "../../../lib/search/filters";
import { COLUMN_WEIGHTS, ftsQuery, lexicalSearch, scanPlan } from "../../../lib/search/lexical";
import { lexicalSegments, mergeLexicalIndexSteps } from "../../../lib/indexing";
import { postingsMerged, postingsWarmed, termPostings, warmQueuedPostings } from "../../../lib/search/lexical-postings";
import { topByBm25 } from "../../../lib/search/lexical-top";
import { queryTerms } from "../../../lib/search/tokenizer";
import { bulkMemories } from "../../helpers/bulk-memories";
import { testCtx } from "../../helpers/ctx";
import { statementsRun } from "../../helpers/statement-spy";

/**
 * Scoring outside FTS5 (issue 48): the postings held in memory give bm25()'s scores, and the
 * lexical search past the plan's budget gives the exhaustive ranking's answer, filters included,
 * and follows writes made by another connection to the same file.
 *
 * The store: 3,000 memories, titles on one in five, tags on one in six, Chinese text in one in
 * ten, three projects, a few archived; "alpha", "beta", "gamma" common enough that the FTS5 plan
 * would prune (more postings than POSTINGS_BUDGET).
 */
let ctx: ReturnType<typeof testCtx>;
const N = 3000;
const active: SearchFilters = { projectId: null, statuses: ["active"] };
const QUESTIONS = [
  "alpha beta gamma",
  "alpha release notes",
  "beta gamma delta kubernetes",
  "zeppelin alpha",
  "数据库迁移 alpha",
  "how did the billing migration go",
  "gamma",
];

beforeAll(() => {
  ctx = testCtx();
  bulkMemories(
    ctx.sqlite,
    Array.from({ length: N }, (_, i) => ({
      title: i % 5 === 0 ? `release ${i % 3 === 0 ? "alpha" : "notes"} ${i}` : null,
      content: [
        `note ${i} about the cluster`,
        i % 2 === 0 ? "alpha" : "",
        i % 3 === 0 ? "beta beta" : "",
        i % 4 === 1 ? "gamma" : "",
        i % 7 === 0 ? "delta kubernetes deployment with a much longer body of text to vary the lengths" : "",
        i % 10 === 3 ? "数据库迁移已经完成" : "",
        i % 11 === 0 ? "billing migration" : "",
        i === 1234 ? "zeppelin" : "",
      ].join(" "),
      tags: i % 6 === 0 ? ["alpha", "ops"] : [],
      projectId: i % 3 === 0 ? "p_a" : i % 3 === 1 ? "p_b" : null,
      category: i % 5 === 2 ? "decision" : "fact",
      status: i % 13 === 0 ? "archived" : "active",
    })),
  );
});
afterAll(() => ctx?.close());

/** Every memory the OR of `terms` matches, with FTS5's own bm25() (the weights lexical.ts passes). */
function fts5Scores(sqlite: Database.Database, terms: readonly string[]): Map<number, number> {
  const { title, tags, content } = COLUMN_WEIGHTS;
  const rows = sqlite
    .prepare(`SELECT rowid AS seq, bm25(memory_fts, ${title}, ${tags}, ${content}) AS bm25 FROM memory_fts WHERE memory_fts MATCH ?`)
    .all(ftsQuery(terms)) as { seq: number; bm25: number }[];
  return new Map(rows.map((r) => [r.seq, r.bm25]));
}

/** The bm25() statements `fn` runs (the FTS5 path); none when scored outside FTS5. */
function scoringStatements(sqlite: Database.Database, fn: () => void): string[] {
  return statementsRun(sqlite, "bm25(", fn);
}

/** lexicalSearch's answer equals the exhaustive ranking's: the same scores in order, the same memories but for ties. */
function expectExhaustive(sqlite: Database.Database, hits: { seq: number; bm25: number }[], want: { seq: number; bm25: number }[]) {
  expect(hits.length).toBe(want.length);
  hits.forEach((h, i) => expect(h.bm25).toBeCloseTo(want[i].bm25, 9));
  // Where scores are not tied with the last place, the very same memories.
  const last = want.at(-1)?.bm25;
  const sure = (rows: { seq: number; bm25: number }[]) =>
    rows
      .filter((r) => last === undefined || Math.abs(r.bm25 - last) > 1e-9)
      .map((r) => r.seq)
      .sort((a, b) => a - b);
  expect(sure(hits)).toEqual(sure(want));
  void sqlite;
}

/** Loads the postings a search of `terms` scores (what warmQueuedPostings does after a search). */
const hold = (terms: readonly string[]) => expect(termPostings(ctx.sqlite, scanPlan(ctx.sqlite, terms).terms)).not.toBeNull();

describe("scoring outside FTS5", () => {
  it("holds each memory's part of bm25(): summed, FTS5's own score to 1e-9, for every memory matched (CJK, titles, tags)", () => {
    for (const q of QUESTIONS) {
      const terms = scanPlan(ctx.sqlite, queryTerms(q)).terms;
      expect(terms.length).toBeGreaterThan(0);
      const view = termPostings(ctx.sqlite, terms);
      expect(view).not.toBeNull();
      const want = fts5Scores(ctx.sqlite, terms);
      const got = topByBm25(view!, N + 1);
      expect(got.length).toBe(want.size);
      for (const { seq, bm25 } of got) expect(Math.abs(bm25 - want.get(seq)!)).toBeLessThan(1e-9);
    }
  });

  it("answers past the plan's budget as the exhaustive ranking does, with no FTS5 scoring statement, under every filter", () => {
    const filters: SearchFilters[] = [
      active,
      { projectId: "p_a", statuses: ["active"] },
      { projectId: "p_b", statuses: ["active"], categories: ["decision"] },
      { projectId: null, statuses: ["archived"] },
      { projectId: null, statuses: ["active"], scopes: ["global"] },
    ];
    let pruned = 0;
    for (const q of QUESTIONS) {
      const terms = queryTerms(q);
      const plan = scanPlan(ctx.sqlite, terms);
      if (plan.candidates === null && plan.fromSeq <= 1) continue;
      pruned++;
      for (const f of filters)
        for (const k of [10, 100]) {
          let hits: ReturnType<typeof lexicalSearch> = [];
          hold(terms);
          expect(scoringStatements(ctx.sqlite, () => (hits = lexicalSearch(ctx, terms, f, k)))).toEqual([]);
          // The title boost applies after the ranking, as it does on the FTS5 path: compare before it.
          const raw = hits.map((h) => ({ seq: h.seq, bm25: h.bm25 }));
          const titled = new Set(ctx.sqlite.prepare("SELECT seq FROM memories WHERE title IS NOT NULL").pluck().all() as number[]);
          if (raw.some((h) => titled.has(h.seq))) continue;
          expectExhaustive(ctx.sqlite, raw, exhaustiveRanking(ctx.sqlite, terms, f, k));
        }
    }
    expect(pruned).toBeGreaterThanOrEqual(4);
  });

  it("ranks before the title boost exactly as bm25() does (a question whose hits have titles)", () => {
    const terms = queryTerms("alpha release");
    const hits = lexicalSearch(ctx, terms, active, 10);
    const scores = fts5Scores(ctx.sqlite, scanPlan(ctx.sqlite, terms).terms);
    // Each hit's score is bm25() times the boost or not; none of the exhaustive top 10 is missing.
    for (const h of hits) {
      const base = scores.get(h.seq)!;
      expect([base, base * 1.75].some((s) => Math.abs(s - h.bm25) < 1e-9)).toBe(true);
    }
  });

  it("follows another connection's writes: a new memory, an edit, a delete (FTS5's records change)", () => {
    // No title holds these words: the title boost leaves bm25() as it is. Past the budget: the
    // answers come from the postings in memory (no FTS5 scoring statement), which must follow.
    const terms = queryTerms("zeppelin gamma beta");
    const search = () => {
      let hits: ReturnType<typeof lexicalSearch> = [];
      hold(terms);
      expect(scoringStatements(ctx.sqlite, () => (hits = lexicalSearch(ctx, terms, active, 10)))).toEqual([]);
      return hits;
    };
    const before = search();
    expect(before[0].seq).toBe(1235);
    const other = new Database(ctx.sqlite.name);
    try {
      // A new memory with the rare word twice: it leads.
      const [added] = bulkMemories(other, [{ content: "zeppelin zeppelin gamma" }]);
      let hits = search();
      expect(hits[0].seq).toBe(added);
      expectExhaustive(ctx.sqlite, hits, exhaustiveRanking(ctx.sqlite, terms, active, 10));
      // An edit of the index row that drops the rare word, then a delete of the first holder.
      other.transaction(() => {
        other.prepare("DELETE FROM memory_fts WHERE rowid = ?").run(added);
        other.prepare("INSERT INTO memory_fts(rowid, title, tags, content) VALUES (?, '', '', 'gamma')").run(added);
      })();
      hits = search();
      expect(hits[0].seq).toBe(1235);
      expectExhaustive(ctx.sqlite, hits, exhaustiveRanking(ctx.sqlite, terms, active, 10));
      other.prepare("DELETE FROM memory_fts WHERE rowid = ?").run(1235);
      hits = search();
      expect(hits.map((h) => h.seq)).not.toContain(1235);
      expectExhaustive(ctx.sqlite, hits, exhaustiveRanking(ctx.sqlite, terms, active, 10));
    } finally {
      other.close();
    }
  });

  it("follows a memory moved into or out of the filter's project, by this connection or another", () => {
    const terms = queryTerms("alpha beta gamma");
    const inA: SearchFilters = { projectId: "p_a", statuses: ["active"] };
    const search = () => {
      let hits: ReturnType<typeof lexicalSearch> = [];
      hold(terms);
      expect(scoringStatements(ctx.sqlite, () => (hits = lexicalSearch(ctx, terms, inA, 10)))).toEqual([]);
      return hits;
    };
    const first = search()[0].seq;
    const projectOf = ctx.sqlite.prepare("SELECT project_id FROM memories WHERE seq = ?").pluck();
    expect(projectOf.get(first)).toBe("p_a");
    const other = new Database(ctx.sqlite.name);
    try {
      // Another connection moves the best p_a memory to p_b: it leaves the answer.
      other.prepare("UPDATE memories SET project_id = 'p_b' WHERE seq = ?").run(first);
      let hits = search();
      expect(hits.map((h) => h.seq)).not.toContain(first);
      expectExhaustive(ctx.sqlite, hits, exhaustiveRanking(ctx.sqlite, terms, inA, 10));
      // This connection moves it back: it is the best again.
      ctx.sqlite.prepare("UPDATE memories SET project_id = 'p_a' WHERE seq = ?").run(first);
      hits = search();
      expect(hits[0].seq).toBe(first);
      expectExhaustive(ctx.sqlite, hits, exhaustiveRanking(ctx.sqlite, terms, inA, 10));
    } finally {
      other.close();
    }
  });

  it("measures a hit's coverage from the held postings as FTS5's lookup does", () => {
    const terms = queryTerms("alpha beta gamma kubernetes");
    const lookups: string[] = [];
    const proto = Object.getPrototypeOf(ctx.sqlite.prepare("SELECT 1")) as { all: (...a: unknown[]) => unknown };
    const all = proto.all;
    proto.all = function (this: { source: string }, ...a: unknown[]) {
      if (this.source.includes("+rowid IN (SELECT value FROM json_each")) lookups.push(this.source);
      return all.apply(this, a);
    };
    let held: ReturnType<typeof lexicalSearch> = [];
    let looked: ReturnType<typeof lexicalSearch> = [];
    hold(terms);
    try {
      held = lexicalSearch(ctx, terms, active, 50, { coverage: true });
      expect(lookups).toEqual([]);
      // Inside a transaction: FTS5's statements and FTS5's lookup of each term.
      looked = ctx.sqlite.transaction(() => lexicalSearch(ctx, terms, active, 50, { coverage: true }))();
      expect(lookups.length).toBeGreaterThan(0);
    } finally {
      proto.all = all;
    }
    const bySeq = new Map(looked.map((h) => [h.seq, h.coverage]));
    const both = held.filter((h) => bySeq.has(h.seq));
    expect(both.length).toBeGreaterThan(10);
    for (const h of both) expect(h.coverage).toEqual(bySeq.get(h.seq));
    expect(new Set(both.map((h) => h.coverage?.matched)).size).toBeGreaterThan(1);
  });

  it("keeps the postings through this connection's merge steps, and drops them for another's", () => {
    const terms = queryTerms("alpha beta gamma");
    // Three more segments (a committed index write each; index rows with no memory, which no
    // search returns), then the merge sweep's steps.
    const indexRow = ctx.sqlite.prepare("INSERT INTO memory_fts(rowid, title, tags, content) VALUES (?, '', '', 'alpha merge segment')");
    for (let i = 0; i < 3; i++) indexRow.run(N + 100 + i);
    expect(lexicalSegments(ctx.sqlite)).toBeGreaterThan(1);
    const want = exhaustiveRanking(ctx.sqlite, terms, active, 10);
    hold(terms);
    expectExhaustive(ctx.sqlite, lexicalSearch(ctx, terms, active, 10), want);
    expect(termPostings(ctx.sqlite, terms, { heldOnly: true })).not.toBeNull();
    let calls = 0;
    const steps = mergeLexicalIndexSteps(
      ctx.sqlite,
      0,
      () => false,
      8,
      (before, after) => {
        calls++;
        postingsMerged(ctx.sqlite, before, after);
      },
    );
    while (!steps.next().done);
    expect(calls).toBeGreaterThan(0);
    expect(lexicalSegments(ctx.sqlite)).toBe(1);
    // Still held (no reload), still exact.
    expect(termPostings(ctx.sqlite, terms, { heldOnly: true })).not.toBeNull();
    expectExhaustive(ctx.sqlite, lexicalSearch(ctx, terms, active, 10), want);
    // A merge by another connection: the record changed under us, so everything is dropped.
    const other = new Database(ctx.sqlite.name);
    try {
      other.exec("INSERT INTO memory_fts(memory_fts) VALUES ('optimize')");
      other.prepare("INSERT INTO memory_fts(rowid, title, tags, content) VALUES (?, '', '', 'alpha another segment')").run(N + 200);
      other.exec("INSERT INTO memory_fts(memory_fts) VALUES ('optimize')");
    } finally {
      other.close();
    }
    expect(termPostings(ctx.sqlite, terms, { heldOnly: true })).toBeNull();
  });

  it("leaves the answer to FTS5's statements inside a transaction (pending index writes are not in FTS5's records)", () => {
    const terms = queryTerms("alpha beta gamma");
    expect(termPostings(ctx.sqlite, terms)).not.toBeNull();
    ctx.sqlite.transaction(() => {
      expect(termPostings(ctx.sqlite, terms)).toBeNull();
      expect(scoringStatements(ctx.sqlite, () => lexicalSearch(ctx, terms, active, 10)).length).toBeGreaterThan(0);
    })();
  });
  it("never loads the lengths on a search's path: after a write the first search answers from FTS5, the lengths and postings load after it, the next is scored in memory", async () => {
    const terms = queryTerms("zeppelin gamma beta");
    const other = new Database(ctx.sqlite.name);
    try {
      // Another connection's write: every held posting and the lengths are stale.
      bulkMemories(other, [{ content: "zeppelin gamma, a fresh one" }]);
    } finally {
      other.close();
    }
    const want = exhaustiveRanking(ctx.sqlite, terms, active, 10);
    let first: ReturnType<typeof lexicalSearch> = [];
    expect(scoringStatements(ctx.sqlite, () => (first = lexicalSearch(ctx, terms, active, 10))).length).toBeGreaterThan(0);
    expect(termPostings(ctx.sqlite, scanPlan(ctx.sqlite, terms).terms, { heldOnly: true })).toBeNull();
    // What searchMemories does past its last await.
    warmQueuedPostings(ctx.sqlite);
    await postingsWarmed();
    expect(termPostings(ctx.sqlite, scanPlan(ctx.sqlite, terms).terms, { heldOnly: true })).not.toBeNull();
    let second: ReturnType<typeof lexicalSearch> = [];
    expect(scoringStatements(ctx.sqlite, () => (second = lexicalSearch(ctx, terms, active, 10)))).toEqual([]);
    expectExhaustive(ctx.sqlite, second, want);
    expect(first.length).toBe(10);
  });
});
