import Database from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { createMemory, listMemories, removeMemory, updateMemory } from "../../../lib/memories";
import { catchUpDerived, derivedWatermark, PENDING_MAX } from "../../../lib/indexing/derived";
import { databaseFile } from "../../../lib/paths";
import { lexicalSearch } from "../../../lib/search/lexical";
import type { testCtx } from "../../helpers/ctx";
import { ctxsClosedAfterEach } from "../../helpers/ctxs";

import { listMemoriesQuery, updateMemoryInput } from "../../../lib/contracts/memories";
// A new memory's derived rows (FTS row, embedding-queue entry, entities) are written behind it, in
// batches (lib/indexing/derived.ts); nothing that reads them may see a memory without them.

const fresh = ctxsClosedAfterEach();

const ftsHits = (ctx: ReturnType<typeof testCtx>, q: string) =>
  (ctx.sqlite.prepare("SELECT rowid FROM memory_fts WHERE memory_fts MATCH ?").all(q) as { rowid: number }[]).map((r) => r.rowid);
const seqOf = (ctx: ReturnType<typeof testCtx>, m: { id: string }) =>
  (ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").get(m.id) as { seq: number }).seq;
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
    const seqs = Array.from({ length: PENDING_MAX + 3 }, (_, i) =>
      seqOf(ctx, createMemory(ctx, { content: `batch memory number ${i} about queue ${i * 7}` }).memory),
    );
    expect(derivedWatermark(ctx.sqlite)).toBe(seqs[PENDING_MAX - 1]);
    expect(count(ctx, "SELECT count(*) AS n FROM memory_fts")).toBe(PENDING_MAX);
  });

  it("catches up on a timer a few milliseconds after the last create", () => {
    const ctx = fresh();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { memory } = createMemory(ctx, { content: "the deploy runs on Fridays only" });
      expect(derivedWatermark(ctx.sqlite)).toBeLessThan(seqOf(ctx, memory)); // pending until the timer fires
      vi.runOnlyPendingTimers();
      expect(ftsHits(ctx, "fridai OR friday")).toEqual([seqOf(ctx, memory)]);
      expect(derivedWatermark(ctx.sqlite)).toBe(seqOf(ctx, memory));
    } finally {
      vi.useRealTimers();
    }
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
    updateMemory(ctx, a.id, updateMemoryInput.parse({ content: "new words about rabbitmq" }));
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

  it("finds pending memories by tag and by entity", () => {
    const ctx = fresh();
    const { memory } = createMemory(ctx, { content: "see issue #314 before deploying", tags: ["deploy"] });
    expect(listMemories(ctx, listMemoriesQuery.parse({ tag: "deploy" })).items.map((m) => m.id)).toEqual([memory.id]);
    expect(listMemories(ctx, listMemoriesQuery.parse({ entity: "#314" })).items.map((m) => m.id)).toEqual([memory.id]);
  });

  it("catches up another connection's pending memories", () => {
    const a = fresh();
    const b = fresh(a.dataDir);
    const { memory } = createMemory(a, { content: "written by the command line while the server runs" });
    expect(lexicalSearch(b, "command line", { projectId: null, statuses: ["active"] }, 5).map((h) => h.seq)).toEqual([seqOf(b, memory)]);
    expect(derivedWatermark(a.sqlite)).toBe(seqOf(a, memory));
  });

  it("does not make a reader wait while another connection holds the write lock", () => {
    const a = fresh();
    const { memory } = createMemory(a, { content: "a pending memory about zookeeper" });
    const other = new Database(databaseFile(a.dataDir)); // a plain connection: opening ours would catch up
    try {
      other.exec("BEGIN IMMEDIATE");
      // Without waiting for the lock (10 s here, then SQLITE_BUSY): the pending memory is not indexed yet.
      expect(lexicalSearch(a, "zookeeper", { projectId: null, statuses: ["active"] }, 5)).toEqual([]);
      other.exec("COMMIT");
      expect(lexicalSearch(a, "zookeeper", { projectId: null, statuses: ["active"] }, 5).map((h) => h.seq)).toEqual([seqOf(a, memory)]);
    } finally {
      other.close();
    }
  });

  it("rolls a catch-up back with the transaction it ran in", () => {
    const ctx = fresh();
    expect(() =>
      ctx.sqlite.transaction(() => {
        for (let i = 0; i <= PENDING_MAX; i++) createMemory(ctx, { content: `rolled back memory ${i} about etcd ${i * 3}` });
        expect(derivedWatermark(ctx.sqlite)).toBe(PENDING_MAX); // caught up inside, as a savepoint
        throw new Error("abort");
      })(),
    ).toThrow("abort");
    expect(derivedWatermark(ctx.sqlite)).toBe(0);
    expect(count(ctx, "SELECT count(*) AS n FROM memory_fts")).toBe(0);
    expect(count(ctx, "SELECT count(*) AS n FROM embedding_queue")).toBe(0);
  });

  it("catches up memories that are already indexed (an older version wrote to the database)", () => {
    const ctx = fresh();
    const { memory } = createMemory(ctx, { content: "indexed twice is still indexed once", tags: ["twice"] });
    catchUpDerived(ctx.sqlite);
    // As if indexed by another writer with other terms, the watermark left behind.
    ctx.sqlite.prepare("INSERT OR REPLACE INTO memory_fts(rowid, title, tags, content) VALUES (?, '', '', 'stale')").run(seqOf(ctx, memory));
    ctx.sqlite.prepare("UPDATE embedding_meta SET value = '0' WHERE key = 'derived_seq'").run();
    expect(catchUpDerived(ctx.sqlite)).toBe(1);
    expect(ftsHits(ctx, "twice")).toEqual([seqOf(ctx, memory)]);
    expect(ftsHits(ctx, "stale")).toEqual([]);
    expect(count(ctx, "SELECT count(*) AS n FROM memory_fts")).toBe(1);
    expect(count(ctx, "SELECT count(*) AS n FROM memory_tags")).toBe(1);
    expect(count(ctx, "SELECT count(*) AS n FROM embedding_queue")).toBe(1);
  });
});
