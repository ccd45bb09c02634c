import Database from "better-sqlite3";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { recallContextInput } from "../../../lib/contracts/context";
import { updateMemoryInput } from "../../../lib/contracts/memories";
import { memoryWriteVersion } from "../../../lib/db/triggers";
import { buildRecallBlock } from "../../../lib/injection/recall";
import { createMemory, updateMemory } from "../../../lib/memories";
import { recordAccess } from "../../../lib/search/access";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx({ env: { RECOLLECT_EMBEDDING_PROVIDER: "none" } });
  dir = tempDir("turn-recall-proj-");
});
afterAll(() => ctx?.close());

const QUERY = "go on with the cache invalidation";
/** One turn's recall: a new message each turn, as the plugin sends it. */
const turn = (n: number, extra: Record<string, unknown> = {}) =>
  buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query: QUERY, sessionID: "ses_turns", messageID: `msg_${n}`, ...extra }));
const cachedResults = () => ctx.services.turnRecallSearches.get("ses_turns")?.results;
const accessCount = (id: string) => (ctx.sqlite.prepare("SELECT access_count FROM memories WHERE id = ?").pluck().get(id) as number) ?? -1;

describe("the turn's recall search, reused while the store is unchanged", () => {
  it("a turn asking the same as the last reuses its ranked results, builds the same block and still counts the access", async () => {
    const ids = Array.from(
      { length: 3 },
      (_, i) => createMemory(ctx, { content: `Cache rule ${i}: invalidate the cache after writes to t${i}`, directory: dir }).memory.id,
    );
    const first = await turn(1);
    const results = cachedResults();
    expect(first.memoryIds.length).toBe(3);
    const second = await turn(2);
    expect(cachedResults()).toBe(results); // the same search, not a new one
    expect(second).toEqual(first);
    for (const id of ids) expect(accessCount(id)).toBe(2);
    // This turn's own `shown` still applies to the reused results.
    expect(await turn(3, { shown: first.memoryIds })).toMatchObject({ block: "", memoryIds: [] });
    // Another query searches again.
    await turn(4, { query: "cache invalidation rules for t1" });
    expect(cachedResults()).not.toBe(results);
  });

  it("a memory created or changed on this connection searches again", async () => {
    createMemory(ctx, { content: "Cache rule: invalidate the cache after every write", directory: dir });
    await turn(1);
    const added = createMemory(ctx, { content: "Cache invalidation goes through the outbox, never inline", directory: dir }).memory;
    const afterCreate = await turn(2);
    expect(afterCreate.memoryIds).toContain(added.id);
    updateMemory(ctx, added.id, updateMemoryInput.parse({ content: "Cache invalidation goes through the event bus" }));
    const afterUpdate = await turn(3);
    expect(afterUpdate.block).toContain("event bus");
  });

  it("counting an access leaves the version as it is; any other write or another connection's commit changes it", () => {
    const m = createMemory(ctx, { content: "Deploys go through the blue-green pipeline", directory: dir }).memory;
    const v0 = memoryWriteVersion(ctx.sqlite);
    recordAccess(ctx, [m.id], "recall", null, "deploys");
    expect(memoryWriteVersion(ctx.sqlite)).toBe(v0);
    updateMemory(ctx, m.id, updateMemoryInput.parse({ title: "Deploys" }));
    const v1 = memoryWriteVersion(ctx.sqlite);
    expect(v1).not.toBe(v0);
    const other = new Database(ctx.sqlite.name);
    try {
      other.prepare("UPDATE memories SET content = 'Deploys go through the canary pipeline' WHERE id = ?").run(m.id);
    } finally {
      other.close();
    }
    expect(memoryWriteVersion(ctx.sqlite)).not.toBe(v1);
  });

  it("another connection's change is seen by the next turn", async () => {
    const m = createMemory(ctx, { content: "Cache rule: invalidate the cache after writes to the orders table", directory: dir }).memory;
    expect((await turn(1)).block).toContain("orders table");
    const other = new Database(ctx.sqlite.name);
    try {
      other.prepare("UPDATE memories SET status = 'archived' WHERE id = ?").run(m.id);
    } finally {
      other.close();
    }
    expect((await turn(2)).memoryIds).toEqual([]);
  });
});
