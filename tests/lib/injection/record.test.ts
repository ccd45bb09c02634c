import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { buildRecallBlock } from "../../../lib/injection/recall";
import { recordStableInjection } from "../../../lib/injection/record";
import { buildStableBlock } from "../../../lib/injection/stable";
import { createMemory } from "../../../lib/memories";
import { searchMemories } from "../../../lib/search/search";
import { recallContextInput } from "../../../lib/contracts/context";
import { searchInput } from "../../../lib/contracts/search";
import { testCtx } from "../../helpers/ctx";

let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
});
afterAll(() => ctx?.close());

const injections = () => ctx.sqlite.prepare("SELECT memory_id AS id, session_id AS session, query FROM access_log WHERE kind = 'inject' ORDER BY id").all();
const accessOf = (id: string) => ctx.sqlite.prepare("SELECT access_count AS n FROM memories WHERE id = ?").get(id);

describe("recording injections", () => {
  it("records a session's stable block once per block version", () => {
    const rule = createMemory(ctx, { content: "Never force-push to main", pinned: true, category: "constraint" }).memory;
    const block = buildStableBlock(ctx);
    for (let turn = 0; turn < 3; turn++) recordStableInjection(ctx, "ses_a", block);
    recordStableInjection(ctx, "ses_b", block);
    expect(injections()).toEqual([
      { id: rule.id, session: "ses_a", query: null },
      { id: rule.id, session: "ses_b", query: null },
    ]);
    const changed = { ...block, hash: "another-version" };
    recordStableInjection(ctx, "ses_a", changed);
    expect(injections()).toHaveLength(3);
  });

  it("records the memories of a recall block with the message, once per message", async () => {
    const m = createMemory(ctx, { content: "The marmalade service deploys through the blue pipeline", category: "fact" }).memory;
    const input = recallContextInput.parse({ query: "marmalade deploys", sessionID: "ses_r", messageID: "msg_1" });
    expect((await buildRecallBlock(ctx, input)).memoryIds).toEqual([m.id]);
    expect((await buildRecallBlock(ctx, input)).cached).toBe(true);
    expect(injections()).toEqual([{ id: m.id, session: "ses_r", query: "marmalade deploys" }]);
  });

  it("a search with countAccess: false (the browser's) leaves counts and the log alone", async () => {
    const m = createMemory(ctx, { content: "Zephyrine reports live in the finance share", category: "fact" }).memory;
    const out = await searchMemories(ctx, searchInput.parse({ query: "zephyrine" }), { countAccess: false });
    expect(out.results.map((r) => r.id)).toEqual([m.id]);
    expect(out.results[0].accessCount).toBe(0);
    expect(accessOf(m.id)).toEqual({ n: 0 });
    expect(ctx.sqlite.prepare("SELECT count(*) AS n FROM access_log").get()).toEqual({ n: 0 });
    await searchMemories(ctx, searchInput.parse({ query: "zephyrine" }));
    expect(accessOf(m.id)).toEqual({ n: 1 });
  });
});
