import { afterEach, describe, expect, it } from "vitest";
import { createMemory, removeMemory, updateMemory } from "../../../lib/memories";
import { catchUpDerived, derivedWatermark, PENDING_MAX } from "../../../lib/memories/derived";
import { lexicalSearch } from "../../../lib/search/lexical";
import { testCtx } from "../../helpers/ctx";

// A new memory's derived rows (FTS row, embedding-queue entry, entities) are written behind it, in
// batches (lib/memories/derived.ts); nothing that reads them may see a memory without them.

const open: ReturnType<typeof testCtx>[] = [];
const fresh = (dataDir?: string) => {
  const ctx = testCtx(dataDir ? { dataDir } : {});
  open.push(ctx);
  return ctx;
};
afterEach(() => open.splice(0).forEach((c) => c.sqlite.open && c.close()));

const ftsHits = (ctx: ReturnType<typeof testCtx>, q: string) =>
  (ctx.sqlite.prepare("SELECT rowid FROM memory_fts WHERE memory_fts MATCH ?").all(q) as { rowid: number }[]).map((r) => r.rowid);
const seqOf = (ctx: ReturnType<typeof testCtx>, m: { id: string }) => (ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").get(m.id) as { seq: number }).seq;
const count = (ctx: ReturnType<typeof testCtx>, sql: string, ...p: unknown[]) => (ctx.sqlite.prepare(sql).get(...p) as { n: number }).n;

describe("derived rows written behind the create", () => {
  it("leaves a new memory pending, and a search finds it at once, catching up first", () => {
    const ctx = fresh();
    const { memory } = createMemory(ctx, { content: "Redis TTL is 300 seconds, see #42", title: "Cache" });
    expect(derivedWatermark(ctx.sqlite)).toBe(seqOf(ctx, memory) - 1);
    expect(ftsHits(ctx, "ttl")).toEqual([]);
    expect(lexicalSearch(ctx, "redis ttl", { projectId: null, statuses: ["active"] }, 5).map((h) => h.seq)).toEqual([seqOf(ctx, memory)]);
    expect(derivedWatermark(ctx.sqlite)).toBe(seqOf(ctx, memory));
    expect(ftsHits(ctx, "ttl AND 300")).toEqual([seqOf(ctx, memory)]);
    expect(count(ctx, "SELECT count(*) AS n FROM embedding_queue WHERE memory_id = ?", memory.id)).toBe(1);
    expect(count(ctx, "SELECT count(*) AS n FROM memory_entities WHERE memory_id = ? AND value = '#42'", memory.id)).toBe(1);
  });

  it(`catches up inside the create that makes ${PENDING_MAX} memories pending`, () => {
    const ctx = fresh();
    const seqs = Array.from({ length: PENDING_MAX + 3 }, (_, i) => seqOf(ctx, createMemory(ctx, { content: `batch memory number ${i} about queue ${i * 7}` }).memory));
    expect(derivedWatermark(ctx.sqlite)).toBe(seqs[PENDING_MAX - 1]);
    expect(count(ctx, "SELECT count(*) AS n FROM memory_fts")).toBe(PENDING_MAX);
  });

  it("catches up on a timer a few milliseconds after the last create", async () => {
    const ctx = fresh();
    const { memory } = createMemory(ctx, { content: "the deploy runs on Fridays only" });
    await new Promise((r) => setTimeout(r, 80));
    expect(ftsHits(ctx, "fridai OR friday")).toEqual([seqOf(ctx, memory)]);
    expect(derivedWatermark(ctx.sqlite)).toBe(seqOf(ctx, memory));
  });

  it("catches up what a crash left pending when the database is opened again", () => {
    const ctx = fresh();
    const { memory } = createMemory(ctx, { content: "pending when the process died" });
    ctx.sqlite.close(); // no exit hook, no timer: as after kill -9
    const again = fresh(ctx.dataDir);
    expect(derivedWatermark(again.sqlite)).toBe(seqOf(again, memory));
    expect(ftsHits(again, "pend AND die")).toEqual([seqOf(again, memory)]);
  });

  it("finds a near duplicate among pending memories", () => {
    const ctx = fresh();
    const text = "Use pnpm workspaces for the monorepo packages and keep one lockfile at the root of the repository tree today";
    const first = createMemory(ctx, { content: text }).memory;
    const second = createMemory(ctx, { content: `${text} now` });
    expect(derivedWatermark(ctx.sqlite)).toBeLessThan(seqOf(ctx, first)); // both checks ran against a pending memory
    expect(second).toMatchObject({ deduplicated: true, duplicateOf: first.id });
  });

  it("indexes the latest text of a memory changed while pending, and none of one removed", () => {
    const ctx = fresh();
    const a = createMemory(ctx, { content: "old words about kafka" }).memory;
    const b = createMemory(ctx, { content: "to be removed soon" }).memory;
    updateMemory(ctx, a.id, { content: "new words about rabbitmq" });
    removeMemory(ctx, b.id);
    catchUpDerived(ctx.sqlite);
    expect(ftsHits(ctx, "kafka")).toEqual([]);
    expect(ftsHits(ctx, "rabbitmq")).toEqual([seqOf(ctx, a)]);
    expect(count(ctx, "SELECT count(*) AS n FROM memory_fts")).toBe(1);
    expect(count(ctx, "SELECT count(*) AS n FROM embedding_queue")).toBe(1);
  });

  it("starts the watermark of a database written before derived rows were deferred at its last memory", () => {
    const ctx = fresh();
    for (let i = 0; i < 3; i++) createMemory(ctx, { content: `memory ${i} of an older version` });
    catchUpDerived(ctx.sqlite);
    ctx.sqlite.prepare("DELETE FROM embedding_meta WHERE key = 'derived_seq'").run();
    ctx.close();
    const again = fresh(ctx.dataDir);
    expect(derivedWatermark(again.sqlite)).toBe(3);
    expect(count(again, "SELECT count(*) AS n FROM memory_fts")).toBe(3);
  });
});
