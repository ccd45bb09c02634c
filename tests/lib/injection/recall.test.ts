import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { buildRecallBlock } from "../../../lib/injection/recall";
import { createMemory, updateMemory } from "../../../lib/memories";
import { countTokens } from "../../../lib/token-count";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

import { recallContextInput } from "../../../lib/contracts/context";
import { updateMemoryInput } from "../../../lib/contracts/memories";
let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx({ env: { RECOLLECT_EMBEDDING_PROVIDER: "none" } });
  ctx.config.embedding.provider = "none";
  dir = tempDir("recall-proj-"); // a fresh ctx: a fresh recall cache (ctx.services)
});
afterAll(() => ctx?.close());

describe("buildRecallBlock", () => {
  it("holds the memories relevant to the message, with ages, and not unrelated ones", async () => {
    const m = createMemory(ctx, { content: "The payment webhook retries three times with exponential backoff", category: "gotcha", directory: dir }).memory;
    createMemory(ctx, { content: "Frontend uses Tailwind for styling", category: "convention", directory: dir });
    const r = await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query: "why does the payment webhook retry?" }));
    expect(r.memoryIds).toEqual([m.id]);
    expect(r.block).toContain("[gotcha, project, today] The payment webhook retries");
    expect(r.block).not.toContain("Tailwind");
    expect(r.tokens).toBe(countTokens(r.block));
  });

  it("is empty when nothing matches, and leaves out excluded (already injected) memories", async () => {
    const m = createMemory(ctx, { content: "Deploys go through the blue-green pipeline", directory: dir }).memory;
    expect((await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query: "quantum chromodynamics" }))).block).toBe("");
    expect((await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query: "blue-green deploys", exclude: [m.id] }))).block).toBe("");
  });

  it("does not repeat what the conversation still shows: a shown memory counts toward the limit, unlike an excluded one", async () => {
    const ids = Array.from(
      { length: 4 },
      (_, i) => createMemory(ctx, { content: `Cache rule ${i}: invalidate the cache after writes to table t${i}`, directory: dir }).memory.id,
    );
    const query = "cache invalidate writes";
    const top2 = (await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query, limit: 2 }))).memoryIds;
    expect(top2).toHaveLength(2);
    // Asked again with the first answer still in view: nothing new is worth the tokens.
    const again = await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query, limit: 2, shown: top2 }));
    expect(again).toMatchObject({ block: "", memoryIds: [] });
    // One of the two in view: only the other is shown.
    const one = await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query, limit: 2, shown: [top2[0]] }));
    expect(one.memoryIds).toEqual([top2[1]]);
    expect(one.block).toContain(`Cache rule ${ids.indexOf(top2[1])}:`);
    expect(one.block).not.toContain(`Cache rule ${ids.indexOf(top2[0])}:`);
    // Excluded (pinned) ones make room for the next: two others.
    const excluded = await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query, limit: 2, exclude: top2 }));
    expect(excluded.memoryIds).toHaveLength(2);
    expect(excluded.memoryIds.some((id) => top2.includes(id))).toBe(false);
  });

  it("answers the same bytes for the same session and message, even after the memory changed", async () => {
    const m = createMemory(ctx, { content: "Use the staging bucket for fixtures", directory: dir }).memory;
    const input = { directory: dir, query: "which bucket for fixtures", sessionID: "ses_1", messageID: "msg_1" };
    const first = await buildRecallBlock(ctx, recallContextInput.parse(input));
    expect(first.cached).toBe(false);
    updateMemory(ctx, m.id, updateMemoryInput.parse({ content: "Use the dev bucket for fixtures" }));
    const again = await buildRecallBlock(ctx, recallContextInput.parse(input));
    expect(again.cached).toBe(true);
    expect(again.block).toBe(first.block);
    // Another message gets a fresh answer.
    const other = await buildRecallBlock(ctx, recallContextInput.parse({ ...input, messageID: "msg_2" }));
    expect(other.block).toContain("dev bucket");
  });

  it("stays within the budget and the limit", async () => {
    for (let i = 0; i < 10; i++) createMemory(ctx, { content: `Cache rule ${i}: invalidate the cache after writes to table t${i}`, directory: dir });
    const r = await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query: "cache invalidate writes", limit: 3 }));
    expect(r.memoryIds.length).toBe(3);
    const small = await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query: "cache invalidate writes", budget: 80 }));
    expect(small.tokens).toBeLessThanOrEqual(80);
    expect(small.memoryIds.length).toBeGreaterThan(0);
    expect(small.memoryIds.length).toBeLessThan(5);
  });

  it("rejects an empty query", () => {
    expect(() => recallContextInput.parse({ query: "  " })).toThrow(/query/);
  });
});
