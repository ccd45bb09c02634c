import Database from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { health } from "../../lib/health";
import { archiveMemory, createMemory, removeMemory } from "../../lib/memories";
import { batchedAccess, flushAccess } from "../../lib/search/access-buffer";
import { searchMemories } from "../../lib/search/search";
import { searchInput } from "../../lib/contracts/search";
import { ctxsClosedAfterEach } from "../helpers/ctxs";

// /api/health's memory counts (lib/health.ts) are kept until a memory is written: the count reads a
// whole status index (about 100 ms at 1,000,000 memories), and a client polls health.

const fresh = ctxsClosedAfterEach();
const COUNT_SQL = "SELECT status, count(*) AS n FROM memories GROUP BY status";

function watchCounts(ctx: ReturnType<typeof fresh>) {
  const prepare = vi.spyOn(ctx.sqlite, "prepare");
  return {
    counted: () => prepare.mock.calls.filter(([text]) => text === COUNT_SQL).length,
    memories: () => health(ctx, Date.now(), "test").counts.memories,
  };
}

describe("health's memory counts", () => {
  it("are counted once while nothing is written; a search's access count is no write of a memory", async () => {
    const ctx = fresh();
    createMemory(ctx, { content: "the staging database is reset every sunday" });
    const w = watchCounts(ctx);
    expect(w.memories()).toMatchObject({ total: 1, active: 1 });
    expect(w.memories()).toMatchObject({ total: 1, active: 1 });
    await searchMemories(ctx, searchInput.parse({ query: "staging database" }), { defer: batchedAccess(ctx) });
    flushAccess(ctx.sqlite);
    expect((ctx.sqlite.prepare("SELECT sum(access_count) AS n FROM memories").get() as { n: number }).n).toBe(1);
    expect(w.memories()).toMatchObject({ total: 1, active: 1 });
    expect(w.counted()).toBe(1);
  });

  it("follow every write of this connection: create, archive, delete, and a rolled-back transaction", () => {
    const ctx = fresh();
    const w = watchCounts(ctx);
    expect(w.memories()).toMatchObject({ total: 0, active: 0 });
    const a = createMemory(ctx, { content: "feature flags live in launchdarkly" }).memory;
    const b = createMemory(ctx, { content: "the release train leaves every tuesday" }).memory;
    expect(w.memories()).toMatchObject({ total: 2, active: 2, archived: 0 });
    archiveMemory(ctx, a.id);
    expect(w.memories()).toMatchObject({ total: 2, active: 1, archived: 1 });
    removeMemory(ctx, b.id);
    expect(w.memories()).toMatchObject({ total: 1, active: 0, archived: 1 });
    expect(() =>
      ctx.sqlite.transaction(() => {
        createMemory(ctx, { content: "a memory whose transaction rolls back" });
        expect(w.memories()).toMatchObject({ total: 2, active: 1 });
        throw new Error("rolled back");
      })(),
    ).toThrow("rolled back");
    expect(w.memories()).toMatchObject({ total: 1, active: 0, archived: 1 });
    // Plain SQL on this connection counts too (TEMP triggers).
    ctx.sqlite.prepare("UPDATE memories SET status = 'active'").run();
    expect(w.memories()).toMatchObject({ total: 1, active: 1, archived: 0 });
  });

  it("follow another connection's commit", () => {
    const ctx = fresh();
    createMemory(ctx, { content: "the staging database is reset every sunday" });
    const w = watchCounts(ctx);
    expect(w.memories()).toMatchObject({ total: 1, active: 1 });
    const other = new Database(ctx.sqlite.name);
    try {
      other.prepare("UPDATE memories SET status = 'archived'").run();
    } finally {
      other.close();
    }
    expect(w.memories()).toMatchObject({ total: 1, active: 0, archived: 1 });
    expect(w.counted()).toBe(2);
  });
});
