import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { captureCheckpointInput } from "../../../lib/contracts/checkpoints";
import { contextSummaryQuery } from "../../../lib/contracts/context";
import { captureCheckpoint } from "../../../lib/checkpoints";
import { contextSummary } from "../../../lib/injection/summary";
import { buildStableBlock } from "../../../lib/injection/stable";
import { createLoopInput, updateLoopInput } from "../../../lib/contracts/loops";
import { cancelLoop, createLoop, updateLoop } from "../../../lib/loops";
import { createMemory } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx({ env: { RECOLLECT_EMBEDDING_PROVIDER: "none" } });
  dir = tempDir("summary-proj-");
});
afterAll(() => ctx?.close());

const summary = (q: Record<string, unknown>, now?: number) => contextSummary(ctx, contextSummaryQuery.parse(q), now);

describe("contextSummary", () => {
  it("counts the project's memories, the pinned block, the inbox, the last checkpoint and the session's savings", () => {
    createMemory(ctx, { content: "Never deploy on Fridays", category: "constraint", pinned: true, directory: dir });
    createMemory(ctx, { content: "The API uses cursor pagination", category: "convention", directory: dir });
    createMemory(ctx, { content: "Maybe the cache TTL is too short", status: "suggested", directory: dir });
    createMemory(ctx, { content: "Prefers short commit messages", category: "preference", scope: "global" });
    createMemory(ctx, { content: "Another project's fact", directory: tempDir("summary-other-") });
    const messages = [{ info: { id: "m1", role: "user" }, parts: [{ type: "text", text: "Fix the login redirect loop" }] }];
    const cp = captureCheckpoint(ctx, captureCheckpointInput.parse({ directory: dir, sessionID: "ses_a", trigger: "manual", suggest: false, messages }));
    ctx.sqlite.prepare("INSERT INTO compression_stats (session_id, tokens_before, tokens_after, by_strategy) VALUES (?, ?, ?, '{}')").run("ses_a", 5000, 1200);
    ctx.sqlite.prepare("INSERT INTO compression_stats (session_id, tokens_before, tokens_after, by_strategy) VALUES (?, ?, ?, '{}')").run("ses_b", 900, 100);

    const s = summary({ directory: dir, sessionID: "ses_a" }, Date.now() + 90_000);
    expect(s.memories).toEqual({ project: 2, global: 1 });
    expect(s.inbox).toBe(1);
    const stable = buildStableBlock(ctx, { directory: dir });
    expect(s.pinned).toEqual({ count: 1, tokens: stable.tokens });
    expect(stable.tokens).toBeGreaterThan(0);
    expect(s.lastCheckpoint?.id).toBe(cp.id);
    expect(s.lastCheckpoint!.ageSeconds).toBeGreaterThanOrEqual(90);
    expect(s.tokensSaved).toBe(3800);
    expect(s.searchMode).toBe("lexical");
  });

  it("lists the project's running loops, newest first, five at most: slug, phase, iteration", () => {
    const start = (task: string, maxIterations = 15) => createLoop(ctx, createLoopInput.parse({ directory: dir, task, maxIterations }));
    const first = start("First loop of the project");
    updateLoop(ctx, first.id, updateLoopInput.parse({ iteration: 2, phase: "audit" }));
    const ended = start("An ended loop");
    cancelLoop(ctx, ended.id);
    createLoop(ctx, createLoopInput.parse({ directory: tempDir("summary-other-"), task: "Another project's loop" }));
    const second = start("Second loop, unlimited", 0);
    updateLoop(ctx, second.id, updateLoopInput.parse({ iteration: 1, phase: "code" }));
    let s = summary({ directory: dir });
    expect(s.loopsRunning).toBe(2);
    expect(s.loops).toEqual([
      { id: second.id, slug: second.slug, phase: "code", iteration: 1, maxIterations: 0 },
      { id: first.id, slug: first.slug, phase: "audit", iteration: 2, maxIterations: 15 },
    ]);
    for (let i = 0; i < 5; i++) start(`More work ${i}`);
    s = summary({ directory: dir });
    expect(s.loopsRunning).toBe(7);
    expect(s.loops).toHaveLength(5);
    expect(s.loops.map((l) => l.id)).not.toContain(first.id);
  });

  it("answers zeros for an empty project and no session", () => {
    const s = summary({ directory: dir });
    expect(s).toMatchObject({
      memories: { project: 0, global: 0 },
      pinned: { count: 0, tokens: 0 },
      inbox: 0,
      lastCheckpoint: null,
      tokensSaved: 0,
      loopsRunning: 0,
      loops: [],
    });
  });
});
