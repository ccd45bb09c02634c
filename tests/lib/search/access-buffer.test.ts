import { afterEach, describe, expect, it } from "vitest";
import { createMemory, removeMemory } from "../../../lib/memories";
import { batchedAccess, flushAccess } from "../../../lib/search/access-buffer";
import { searchMemories } from "../../../lib/search/search";
import { testCtx } from "../../helpers/ctx";
import { walBacklog } from "../../../lib/db/wal-checkpoint";

import { searchInput } from "../../../lib/contracts/search";
const contexts: ReturnType<typeof testCtx>[] = [];
afterEach(() => contexts.splice(0).forEach((c) => c.close()));

const counts = (ctx: ReturnType<typeof testCtx>, id: string) => ({
  count: (ctx.sqlite.prepare("SELECT access_count AS n FROM memories WHERE id = ?").get(id) as { n: number }).n,
  logged: (ctx.sqlite.prepare("SELECT count(*) AS n FROM access_log WHERE memory_id = ?").get(id) as { n: number }).n,
});

describe("batched access counting (the HTTP routes)", () => {
  it("holds the counts of several searches, then writes them all in one go within about a second", async () => {
    const ctx = testCtx();
    contexts.push(ctx);
    const { memory } = createMemory(ctx, { content: "the staging database is reset every sunday" });
    const defer = batchedAccess(ctx);
    for (let i = 0; i < 3; i++) {
      const out = await searchMemories(ctx, searchInput.parse({ query: "staging database" }), { defer });
      // The answer shows the access it counts, before the write.
      expect(out.results[0]).toMatchObject({ id: memory.id, accessCount: 1 });
    }
    expect(counts(ctx, memory.id)).toEqual({ count: 0, logged: 0 });
    await expect.poll(() => counts(ctx, memory.id), { timeout: 30_000, interval: 100 }).toEqual({ count: 3, logged: 3 });
  });

  it("writes at once when asked (a normal stop flushes the same way)", async () => {
    const ctx = testCtx();
    contexts.push(ctx);
    const { memory } = createMemory(ctx, { content: "feature flags live in launchdarkly" });
    await searchMemories(ctx, searchInput.parse({ query: "feature flags" }), { defer: batchedAccess(ctx) });
    expect(counts(ctx, memory.id).count).toBe(0);
    flushAccess(ctx.sqlite);
    expect(counts(ctx, memory.id)).toEqual({ count: 1, logged: 1 });
  });

  it("merges the searches of one flush: counts add up, the latest time wins, one log row per hit in answer order, a deleted memory skipped", async () => {
    const ctx = testCtx();
    contexts.push(ctx);
    const kept = createMemory(ctx, { content: "the release train leaves every tuesday" }).memory;
    const gone = createMemory(ctx, { content: "the release checklist lives in the wiki" }).memory;
    const defer = batchedAccess(ctx);
    const token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    const answered: string[] = [];
    for (const query of ["release train", "release checklist", `release ${token}`]) {
      const out = await searchMemories(ctx, searchInput.parse({ query, sessionId: "ses_merge" }), { defer });
      answered.push(...out.results.map((r) => `${r.id} ${r.lastAccessedAt}`));
    }
    removeMemory(ctx, gone.id);
    flushAccess(ctx.sqlite);
    const keptHits = answered.filter((a) => a.startsWith(kept.id));
    expect(counts(ctx, kept.id)).toEqual({ count: keptHits.length, logged: keptHits.length });
    expect(keptHits.length).toBeGreaterThanOrEqual(2);
    const last = (ctx.sqlite.prepare("SELECT last_accessed_at AS at FROM memories WHERE id = ?").get(kept.id) as { at: number }).at;
    expect(new Date(last).toISOString()).toBe(keptHits.at(-1)!.split(" ")[1]);
    const rows = ctx.sqlite.prepare("SELECT memory_id AS id, kind, session_id AS s, query FROM access_log ORDER BY id").all() as {
      id: string;
      kind: string;
      s: string;
      query: string;
    }[];
    expect(rows.map((r) => r.id)).toEqual(answered.map((a) => a.split(" ")[0]).filter((id) => id === kept.id));
    expect(rows.every((r) => r.kind === "search" && r.s === "ses_merge")).toBe(true);
    expect(rows.map((r) => r.query).join(" ")).not.toContain(token);
    expect(ctx.sqlite.prepare("SELECT count(*) AS n FROM access_log WHERE memory_id = ?").get(gone.id)).toEqual({ n: 0 });
  });

  it("leaves the WAL checkpoint its commit crosses to a worker, off the event loop, and the log is copied soon after", async () => {
    const ctx = testCtx();
    contexts.push(ctx);
    const { memory } = createMemory(ctx, { content: "the nightly backup runs at two" });
    const file = ctx.sqlite.name;
    const autocheckpoint = ctx.sqlite.pragma("wal_autocheckpoint", { simple: true }) as number;
    expect(autocheckpoint).toBe(4000);
    // The search first: what it writes itself (index rows written behind the create) is committed before.
    await searchMemories(ctx, searchInput.parse({ query: "nightly backup" }), { defer: batchedAccess(ctx) });
    // A log just short of wal_autocheckpoint, not copied yet: the access write's commit crosses it.
    ctx.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    ctx.sqlite.pragma("wal_autocheckpoint = 0");
    ctx.sqlite.exec("CREATE TABLE filler (body BLOB NOT NULL)");
    const pageSize = ctx.sqlite.pragma("page_size", { simple: true }) as number;
    const insert = ctx.sqlite.prepare("INSERT INTO filler (body) VALUES (?)");
    // One commit a step: the WAL index counts committed pages only.
    const step = ctx.sqlite.transaction(() => {
      for (let i = 0; i < 10; i++) insert.run(Buffer.alloc(pageSize, i));
    });
    while ((walBacklog(file) ?? 0) < autocheckpoint - 30) step();
    // Then a page a commit (one small row rewritten), up to one page short.
    ctx.sqlite.exec("CREATE TABLE tick (n INTEGER NOT NULL); INSERT INTO tick VALUES (0)");
    const tick = ctx.sqlite.prepare("UPDATE tick SET n = n + 1");
    while ((walBacklog(file) ?? 0) < autocheckpoint - 1) tick.run();
    ctx.sqlite.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
    expect(walBacklog(file)).toBeLessThan(autocheckpoint);

    flushAccess(ctx.sqlite);
    // Written, and the commit did not copy the log into the file (SQLite's autocheckpoint would have, in the COMMIT).
    expect(counts(ctx, memory.id)).toEqual({ count: 1, logged: 1 });
    expect(walBacklog(file)).toBeGreaterThanOrEqual(autocheckpoint);
    expect(ctx.sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(autocheckpoint);
    // A worker copies it.
    await expect.poll(() => walBacklog(file), { timeout: 30_000, interval: 50 }).toBe(0);
  });
});
