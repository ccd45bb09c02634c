import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemory, updateMemory } from "../../../lib/memories";
import { updateMemoryInput } from "../../../lib/contracts/memories";
import { exhaustiveRanking } from "../../../lib/search/exhaustive";
import type { SearchFilters } from "../../../lib/search/filters";
import { lexicalSearch, POSTINGS_BUDGET, scanPlan } from "../../../lib/search/lexical";
import { bulkMemories } from "../../helpers/bulk-memories";
import { testCtx } from "../../helpers/ctx";

/**
 * The lexical plan on a store past its budgets (1,600 memories; "alpha" and "beta" together have
 * more postings than POSTINGS_BUDGET): whatever it prunes, a query with a word in the store is
 * never answered with less than the exhaustive BM25 ranking (every posting scored) would give.
 */
let ctx: ReturnType<typeof testCtx>;
const N = 1600;
const active: SearchFilters = { projectId: null, statuses: ["active"] };

beforeAll(() => {
  ctx = testCtx();
  bulkMemories(
    ctx.sqlite,
    Array.from({ length: N }, (_, i) => ({
      content: [
        `kubernetes cluster note ${i}`,
        i % 2 === 0 ? "alpha" : "",
        i % 3 === 0 ? "beta" : "",
        i % 7 === 0 ? "gamma delta" : "",
        i === 7 ? "zeppelin" : "",
      ].join(" "),
      // The project's memories are the oldest (lowest seqs): never in the newest window.
      projectId: i < 40 ? "p_old" : i % 4 === 0 ? "p_other" : null,
      category: i % 5 === 0 ? "decision" : "fact",
      // Rare tags and pins, mostly among the oldest memories: a filter on them leaves the newest window short.
      tags: i % 50 === 0 ? ["billing", ...(i % 100 === 0 ? ["urgent"] : [])] : i % 9 === 0 ? ["misc"] : [],
      pinned: i % 97 === 0,
    })),
  );
});
afterAll(() => ctx?.close());

/** bm25() values of the exhaustive top k: every posting of every term scored, same filters. */
function exhaustive(terms: string[], filters: SearchFilters, k: number): number[] {
  return exhaustiveRanking(ctx.sqlite, terms, filters, k).map((r) => r.bm25);
}

/** Same length and the same scores as the exhaustive ranking (ties may pick other memories). */
function expectExhaustive(terms: string[], filters: SearchFilters, k: number) {
  const want = exhaustive(terms, filters, k);
  const got = lexicalSearch(ctx, terms, filters, k);
  expect(got).toHaveLength(want.length);
  got.map((h) => h.bm25).forEach((b, i) => expect(b).toBeCloseTo(want[i], 9));
  return got;
}

describe("lexical plan past the budget", () => {
  it("sets aside a word found in no memory instead of keeping it as the rarest", () => {
    const plan = scanPlan(ctx.sqlite, ["nowher", "kubernet"]);
    expect(plan.terms).toEqual(["kubernet"]);
    // The bug: the unmatched word was the only one kept, and the answer was empty.
    const hits = lexicalSearch(ctx, ["nowher", "kubernet"], active, 10);
    expect(hits).toHaveLength(10);
  });

  it("answers an unmatched rare word with common words as the exhaustive ranking does", () => {
    expectExhaustive(["nowher", "alpha", "beta"], active, 10);
    expectExhaustive(["nowher", "gamma", "kubernet"], active, 10);
  });

  it("scores the common words too when a rare word is there", () => {
    // zeppelin is in one memory; the rest of the limit comes from the common words' best.
    const got = expectExhaustive(["zeppelin", "alpha", "beta", "kubernet"], active, 10);
    expect(got[0].seq).toBe(8);
  });

  it("fills the limit with only common words at a store above the budget", () => {
    const plan = scanPlan(ctx.sqlite, ["alpha", "beta"]);
    expect(plan.terms).toEqual(["beta", "alpha"]);
    expect(800 + 534).toBeGreaterThan(POSTINGS_BUDGET);
    expectExhaustive(["alpha", "beta"], active, 10);
    expect(lexicalSearch(ctx, ["kubernet", "cluster"], active, 100)).toHaveLength(100);
    expect(lexicalSearch(ctx, ["nowher", "kubernet", "cluster"], active, 100)).toHaveLength(100);
  });

  it("gives tag and pinned filters the same guarantee", () => {
    expectExhaustive(["alpha", "beta"], { ...active, tags: ["billing"] }, 10);
    expectExhaustive(["nowher", "kubernet"], { ...active, tags: ["billing", "urgent"] }, 50);
    expectExhaustive(["kubernet", "cluster"], { ...active, pinned: true }, 10);
    expectExhaustive(["alpha", "gamma"], { ...active, pinned: false, tags: ["misc"] }, 100);
    expectExhaustive(["alpha", "beta"], { ...active, projectId: "p_old", tags: ["billing"], pinned: true }, 10);
    // Every tag asked for, not any: 16 memories carry both.
    const both = lexicalSearch(ctx, ["kubernet"], { ...active, tags: ["billing", "urgent"] }, 100);
    expect(both).toHaveLength(16);
    expect(lexicalSearch(ctx, ["kubernet"], { ...active, tags: ["billing"] }, 100)).toHaveLength(32);
    expect(lexicalSearch(ctx, ["kubernet"], { ...active, pinned: true }, 100)).toHaveLength(17);
  });

  it("passes over tagged rows that fail the other filters, however well they score", () => {
    // The tag's rows are scored best first and joined afterwards: 40 archived ones outscore the 5 active.
    bulkMemories(ctx.sqlite, [
      ...Array.from({ length: 40 }, (_, i) => ({ content: `quokka quokka quokka archived ${i}`, status: "archived", tags: ["billing"] })),
      ...Array.from({ length: 5 }, (_, i) => ({ content: `quokka active note ${i} with more words`, tags: ["billing"] })),
    ]);
    const got = lexicalSearch(ctx, ["quokka"], { ...active, tags: ["billing"] }, 10);
    expect(got).toHaveLength(5);
    expectExhaustive(["quokka"], { ...active, tags: ["billing"] }, 10);
  });

  it("finds a memory tagged after the tag's rows were cached, and an edit that drops the tag (the rows follow the index)", () => {
    const tagged = { ...active, tags: ["ferry"] };
    expect(lexicalSearch(ctx, ["kubernet"], tagged, 10)).toHaveLength(0);
    const { memory } = createMemory(ctx, { content: "kubernetes cluster ferry schedule", tags: ["ferry"] });
    const seq = ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").pluck().get(memory.id) as number;
    expect(lexicalSearch(ctx, ["kubernet"], tagged, 10).map((h) => h.seq)).toEqual([seq]);
    // Cached now: the same answer again, the same scores as the exhaustive ranking.
    expectExhaustive(["kubernet", "cluster"], tagged, 10);
    updateMemory(ctx, memory.id, updateMemoryInput.parse({ tags: [] }));
    expect(lexicalSearch(ctx, ["kubernet"], tagged, 10)).toHaveLength(0);
    // More tag expressions than the cache keeps: each still answers as the exhaustive ranking.
    for (const tags of [["billing"], ["misc"], ["billing", "urgent"], ["urgent"], ["ferry"], ["billing"]])
      expectExhaustive(["alpha", "kubernet"], { ...active, tags }, 20);
  });

  it("gives filtered queries the same guarantee (project, category, scope, status)", () => {
    const project: SearchFilters = { ...active, projectId: "p_old" };
    // p_old's own 40 memories are the oldest, plus the global ones.
    expectExhaustive(["nowher", "alpha", "beta"], project, 50);
    expectExhaustive(["alpha", "beta"], { ...project, scopes: ["project"] }, 50);
    expectExhaustive(["kubernet"], { ...project, scopes: ["project"] }, 50);
    expectExhaustive(["nowher", "gamma", "delta"], { ...active, categories: ["decision"] }, 50);
    expectExhaustive(["alpha", "beta", "kubernet"], { ...active, projectId: "p_old", scopes: ["project"], categories: ["decision"] }, 10);
    // A store whose newest memories are archived: the window widens past them.
    ctx.sqlite.prepare("UPDATE memories SET status = 'archived' WHERE seq > ?").run(N - 500);
    try {
      expectExhaustive(["nowher", "kubernet"], active, 100);
      expectExhaustive(["alpha", "beta"], active, 100);
    } finally {
      ctx.sqlite.prepare("UPDATE memories SET status = 'active'").run();
    }
  });

  it("finds a word stored just after it was searched for in vain", () => {
    expect(lexicalSearch(ctx, ["zanzibar"], active, 10)).toHaveLength(0);
    const { memory } = createMemory(ctx, { content: "The zanzibar release train leaves on Fridays" });
    const hits = lexicalSearch(ctx, ["zanzibar", "kubernet"], active, 10);
    expect(hits[0].seq).toBe(ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").pluck().get(memory.id));
    expect(hits).toHaveLength(10);
  });

  it("finds a word an edit adds after it was searched for in vain, however often (absent terms are remembered)", () => {
    for (let i = 0; i < 3; i++) expect(lexicalSearch(ctx, ["quixot"], active, 10)).toHaveLength(0);
    const id = ctx.sqlite.prepare("SELECT id FROM memories WHERE seq = 3").pluck().get() as string;
    // An edit keeps the memory's seq: the store's size does not change, its lexical index does.
    updateMemory(ctx, id, updateMemoryInput.parse({ content: "a quixotic plan for the cluster" }));
    expect(lexicalSearch(ctx, ["quixot"], active, 10).map((h) => h.seq)).toEqual([3]);
    // Inside a transaction, an index row written there is found too (pending, not yet in FTS5's structure).
    expect(lexicalSearch(ctx, ["zorblax"], active, 10)).toHaveLength(0);
    let inside: number[] = [];
    expect(() =>
      ctx.sqlite.transaction(() => {
        ctx.sqlite.prepare("INSERT OR REPLACE INTO memory_fts(rowid, title, tags, content) VALUES (5, '', '', 'zorblax')").run();
        inside = lexicalSearch(ctx, ["zorblax"], active, 10).map((h) => h.seq);
        throw new Error("roll back");
      })(),
    ).toThrow("roll back");
    expect(inside).toEqual([5]);
  });
});
