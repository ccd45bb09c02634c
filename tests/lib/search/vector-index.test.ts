import { afterEach, describe, expect, it } from "vitest";
import { createVectorTable, dropVectorTable } from "../../../lib/db/virtual-tables";
import { writeVectors, type VectorRowMeta } from "../../../lib/embeddings/write-vectors";
import { archiveMemory, createMemory, removeMemory } from "../../../lib/memories";
import { vectorSearchSql } from "../../../lib/search/vector";
import { loadSteps, searchVectorIndex, vectorIndexWarming, warmVectorIndex } from "../../../lib/indexing/vector-index";
import { testCtx } from "../../helpers/ctx";
import type { SearchFilters } from "../../../lib/search/filters";

const DIM = 64;
let seed = 7;
const rnd = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296 - 0.5;
};
const centers = Array.from({ length: 20 }, () => Float32Array.from({ length: DIM }, rnd));
/** Clustered vectors, so that nearest neighbours are meaningful. */
const sample = () => {
  const c = centers[Math.floor((rnd() + 0.5) * centers.length)];
  return Float32Array.from({ length: DIM }, (_, i) => c[i] + 0.5 * rnd());
};

const ctxs: { close: () => void }[] = [];
afterEach(() => ctxs.splice(0).forEach((c) => c.close()));
function ctxWithTable() {
  const ctx = testCtx({ env: { RECOLLECT_EMBEDDING_PROVIDER: "none" } });
  ctxs.push(ctx);
  createVectorTable(ctx.sqlite, DIM);
  return ctx;
}
const meta = (seq: number, over: Partial<VectorRowMeta> = {}): VectorRowMeta => ({
  seq,
  projectId: seq % 3 ? "p1" : null,
  scope: "project",
  category: seq % 4 ? "fact" : "event",
  status: seq % 10 ? "active" : "archived",
  sessionId: null,
  ...over,
});

describe("in-process vector index", () => {
  it("loads in steps of a few rows (the server warms it sliced, through a second connection) and keeps what changes meanwhile", async () => {
    const ctx = ctxWithTable();
    ctx.sqlite.transaction(() => {
      for (let seq = 1; seq <= 50; seq++) writeVectors(ctx.sqlite, [meta(seq)], [sample()]);
    })();
    const steps = loadSteps(ctx.sqlite, ctx.sqlite, 10);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    // One yield per 10 rows: the event loop gets a turn between every two steps.
    expect([yields, step.value?.size]).toEqual([5, 50]);

    const warm = warmVectorIndex(ctx.sqlite, 10);
    expect(vectorIndexWarming(ctx.sqlite)).toBe(true);
    // Written on this connection while the warm-up reads through its own: kept, re-read at the first search.
    writeVectors(ctx.sqlite, [meta(51)], [sample()]);
    writeVectors(ctx.sqlite, [meta(7, { status: "archived" })], [sample()]);
    expect(await warm).toBe(true);
    expect(vectorIndexWarming(ctx.sqlite)).toBe(false);
    for (const filters of [
      { projectId: null, statuses: ["active"] },
      { projectId: null, statuses: ["archived"] },
    ]) {
      const q = sample();
      const reference = vectorSearchSql(ctx, q, filters, 60);
      expect(searchVectorIndex(ctx.sqlite, q, filters, 60)!.map((h) => h.seq)).toEqual(reference.map((h) => h.seq));
    }
    // Loaded already: a second warm-up does nothing.
    expect(await warmVectorIndex(ctx.sqlite)).toBe(false);
  });

  it("returns what sqlite-vec returns, exactly and through the sign-bit prefilter, with filters applied first", () => {
    const ctx = ctxWithTable();
    ctx.sqlite.transaction(() => {
      for (let seq = 1; seq <= 3000; seq++) writeVectors(ctx.sqlite, [meta(seq)], [sample()]);
    })();
    const filterSets = [
      { projectId: null, statuses: ["active"] },
      { projectId: "p1", statuses: ["active"], categories: ["event"] },
      { projectId: "p2", statuses: ["archived"] },
    ];
    let overlap = 0;
    let total = 0;
    for (const filters of filterSets) {
      for (let i = 0; i < 5; i++) {
        const q = sample();
        const reference = vectorSearchSql(ctx, q, filters, 20);
        const exact = searchVectorIndex(ctx.sqlite, q, filters, 20)!;
        expect(exact.map((h) => h.seq)).toEqual(reference.map((h) => h.seq));
        exact.forEach((h, j) => expect(h.distance).toBeCloseTo(reference[j].distance, 4));
        // Forced through the prefilter (a small exact limit and re-rank pool).
        const pre = searchVectorIndex(ctx.sqlite, q, filters, 20, { exact: 100, rerank: 400 })!;
        const ref = new Set(reference.map((h) => h.seq));
        overlap += pre.filter((h) => ref.has(h.seq)).length;
        total += reference.length;
      }
    }
    // "p2" matches only memories without a project (global ones), which are still returned.
    expect(searchVectorIndex(ctx.sqlite, sample(), filterSets[2], 5)!.length).toBe(5);
    expect(overlap / total).toBeGreaterThan(0.9);
  });

  it("keeps the sign bits right when the index grows past its first size (the arena is copied)", () => {
    const ctx = ctxWithTable();
    for (let seq = 1; seq <= 10; seq++) writeVectors(ctx.sqlite, [meta(seq, { status: "active" })], [sample()]);
    const filters: SearchFilters = { projectId: null, statuses: ["active"] };
    expect(searchVectorIndex(ctx.sqlite, sample(), filters, 5)).toHaveLength(5); // loaded at 1,024 slots
    ctx.sqlite.transaction(() => {
      for (let seq = 11; seq <= 1500; seq++) writeVectors(ctx.sqlite, [meta(seq, { status: "active" })], [sample()]);
    })();
    let overlap = 0;
    for (let i = 0; i < 10; i++) {
      const q = sample();
      const exact = searchVectorIndex(ctx.sqlite, q, filters, 20, { exact: 1_000_000 })!;
      expect(exact.map((h) => h.seq)).toEqual(vectorSearchSql(ctx, q, filters, 20).map((h) => h.seq));
      // Through the prefilter, 300 of 1,500 re-ranked: wrong bits would leave about a fifth of the exact hits.
      const pre = new Set(searchVectorIndex(ctx.sqlite, q, filters, 20, { exact: 100, rerank: 300 })!.map((h) => h.seq));
      overlap += exact.filter((h) => pre.has(h.seq)).length;
    }
    expect(overlap / 200).toBeGreaterThan(0.9);
  });

  it("follows vector writes, filter-column changes and deletions made on the connection", () => {
    const ctx = ctxWithTable();
    const a = createMemory(ctx, { content: "alpha memory" }).memory;
    const b = createMemory(ctx, { content: "beta memory", category: "decision" }).memory;
    const seqOf = (id: string) => (ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").get(id) as { seq: number }).seq;
    const va = sample();
    const vb = sample();
    writeVectors(ctx.sqlite, [meta(seqOf(a.id), { status: "active", projectId: null, category: "fact" })], [va]);
    const filters = { projectId: null, statuses: ["active"] };
    expect(searchVectorIndex(ctx.sqlite, va, filters, 5)!.map((h) => h.seq)).toEqual([seqOf(a.id)]);
    // Loaded now: later changes must reach it.
    writeVectors(ctx.sqlite, [meta(seqOf(b.id), { status: "active", projectId: null, category: "decision" })], [vb]);
    expect(searchVectorIndex(ctx.sqlite, vb, filters, 1)!.map((h) => h.seq)).toEqual([seqOf(b.id)]);
    writeVectors(ctx.sqlite, [meta(seqOf(a.id), { status: "active", projectId: null, category: "fact" })], [vb]);
    expect(searchVectorIndex(ctx.sqlite, vb, filters, 5)![1].distance).toBeCloseTo(0, 5);
    archiveMemory(ctx, a.id);
    expect(searchVectorIndex(ctx.sqlite, vb, filters, 5)!.map((h) => h.seq)).toEqual([seqOf(b.id)]);
    expect(searchVectorIndex(ctx.sqlite, vb, { ...filters, statuses: ["archived"] }, 5)!.map((h) => h.seq)).toEqual([seqOf(a.id)]);
    removeMemory(ctx, b.id);
    expect(searchVectorIndex(ctx.sqlite, vb, filters, 5)).toEqual([]);
    dropVectorTable(ctx.sqlite);
    expect(searchVectorIndex(ctx.sqlite, vb, filters, 5)).toBeNull();
  });

  it("reloads after another connection commits", () => {
    const ctx = ctxWithTable();
    writeVectors(ctx.sqlite, [meta(1, { status: "active" })], [sample()]);
    const q = sample();
    expect(searchVectorIndex(ctx.sqlite, q, { projectId: null, statuses: ["active"] }, 5)!.length).toBe(1);
    const other = testCtx({ dataDir: ctx.dataDir, env: { RECOLLECT_EMBEDDING_PROVIDER: "none" } });
    ctxs.push(other);
    writeVectors(other.sqlite, [meta(2, { status: "active" })], [q]);
    expect(searchVectorIndex(ctx.sqlite, q, { projectId: null, statuses: ["active"] }, 5)!.map((h) => h.seq)).toEqual([2, 1]);
  });
});
