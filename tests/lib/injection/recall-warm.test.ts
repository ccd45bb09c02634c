import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { recallContextInput } from "../../../lib/contracts/context";
import { buildRecallBlock, warmRecallSearch } from "../../../lib/injection/recall";
import { createMemory } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx({ env: { RECOLLECT_EMBEDDING_PROVIDER: "none" } });
  dir = tempDir("recall-warm-proj-");
});
afterAll(() => ctx?.close());

const QUERY = "how is the cache invalidated after a write";
/** The recall input of a turn of `session`, as the plugin sends it (the warm-up carries no `shown`). */
const input = (session: string, extra: Record<string, unknown> = {}) =>
  recallContextInput.parse({ directory: dir, query: QUERY, sessionID: session, messageID: `msg_${session}`, ...extra });
const searchOf = (session: string) => ctx.services.turnRecallSearches.get(session);
const accessCount = (id: string) => ctx.sqlite.prepare("SELECT access_count FROM memories WHERE id = ?").pluck().get(id) as number;

function seed(): string[] {
  return Array.from(
    { length: 4 },
    (_, i) => createMemory(ctx, { content: `Cache rule ${i}: the cache is invalidated after a write to table t${i}`, directory: dir }).memory.id,
  );
}

describe("the turn's recall search run ahead (POST /api/context/recall/warm)", () => {
  it("the turn builds its block from the warmed search: the same block as without it, the access counted once", async () => {
    const ids = seed();
    expect(await warmRecallSearch(ctx, input("ses_warm"))).toBe(true);
    const warmed = searchOf("ses_warm");
    expect(warmed?.results.length).toBe(4);
    // Run ahead, nothing is counted yet: the turn counts.
    for (const id of ids) expect(accessCount(id)).toBe(0);
    const block = await buildRecallBlock(ctx, input("ses_warm"));
    expect(searchOf("ses_warm")).toBe(warmed); // no second search
    for (const id of ids) expect(accessCount(id)).toBe(1);
    // A session without the warm-up searches on its turn and gets the same bytes.
    const cold = await buildRecallBlock(ctx, input("ses_cold"));
    expect(block.block).not.toBe("");
    expect(block).toEqual(cold);
  });

  it("a turn arriving while its search still runs ahead waits for it instead of searching a second time", async () => {
    const ids = seed();
    const ahead = warmRecallSearch(ctx, input("ses_race")); // not awaited: the turn's request comes meanwhile
    expect(ctx.services.turnRecallWarming.get("ses_race")).toBeDefined();
    const block = await buildRecallBlock(ctx, input("ses_race"));
    expect(await ahead).toBe(true);
    // The search kept is the one run ahead (it counts no access: its rows were not bumped); the
    // turn's own search would have replaced it with rows counted once.
    expect(searchOf("ses_race")?.results.map((r) => r.accessCount)).toEqual([0, 0, 0, 0]);
    for (const id of ids) expect(accessCount(id)).toBe(1);
    expect(block).toEqual(await buildRecallBlock(ctx, input("ses_cold")));
    expect(ctx.services.turnRecallWarming.size).toBe(0);
  });

  it("a memory written between the warm-up and the turn: the turn searches again and shows it", async () => {
    seed();
    await warmRecallSearch(ctx, input("ses_warm"));
    const warmed = searchOf("ses_warm");
    const added = createMemory(ctx, { content: "The cache is invalidated through the outbox after a write, never inline", directory: dir }).memory;
    const block = await buildRecallBlock(ctx, input("ses_warm"));
    expect(searchOf("ses_warm")).not.toBe(warmed);
    expect(block.memoryIds).toContain(added.id);
  });

  it("another turn than the one warmed (other words, another exclude) searches for itself", async () => {
    const ids = seed();
    await warmRecallSearch(ctx, input("ses_warm"));
    const warmed = searchOf("ses_warm");
    // More excluded memories: a deeper search, not the one run ahead.
    await buildRecallBlock(ctx, input("ses_warm", { exclude: [ids[0]] }));
    expect(searchOf("ses_warm")).not.toBe(warmed);
  });

  it("runs nothing without a session, or for a message whose block is decided", async () => {
    seed();
    expect(await warmRecallSearch(ctx, recallContextInput.parse({ directory: dir, query: QUERY }))).toBe(false);
    await buildRecallBlock(ctx, input("ses_done"));
    const decided = searchOf("ses_done");
    ctx.services.turnRecallSearches.clear();
    expect(await warmRecallSearch(ctx, input("ses_done"))).toBe(false);
    expect(searchOf("ses_done")).toBeUndefined();
    expect(decided).toBeDefined();
  });
});
