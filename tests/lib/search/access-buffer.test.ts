import { afterEach, describe, expect, it } from "vitest";
import { createMemory } from "../../../lib/memories";
import { batchedAccess, flushAccess } from "../../../lib/search/access-buffer";
import { searchMemories } from "../../../lib/search/search";
import { testCtx } from "../../helpers/ctx";

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
});
