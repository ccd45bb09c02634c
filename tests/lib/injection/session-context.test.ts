import { afterEach, describe, expect, it } from "vitest";
import { captureCheckpoint, rawCheckpoint } from "../../../lib/checkpoints";
import { captureCheckpointInput, rawCheckpointQuery, resumeQuery } from "../../../lib/contracts/checkpoints";
import { recallContextInput } from "../../../lib/contracts/context";
import { nudgeNow } from "../../../lib/extraction/nudge";
import { storeSuggestions } from "../../../lib/extraction/store";
import { buildRecallBlock } from "../../../lib/injection/recall";
import { resumeContext } from "../../../lib/injection/resume";
import { createMemory } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { kvHistory } from "../checkpoints/history";

/** What a session gets besides its history (issue 40): the resume block, the nudge, idle checkpoints as deltas. */
type Ctx = ReturnType<typeof testCtx>;
const open: Ctx[] = [];
afterEach(() => {
  for (const ctx of open.splice(0)) ctx.close();
});
function setup() {
  const ctx = testCtx();
  open.push(ctx);
  const directory = tempDir("session-context-");
  return { ctx, directory };
}

describe("the resume block", () => {
  it("leaves out what a pinned memory already says, within its default budget", () => {
    const { ctx, directory } = setup();
    captureCheckpoint(ctx, captureCheckpointInput.parse({ directory, sessionID: "ses_day1", trigger: "idle", messages: kvHistory(directory), suggest: false }));
    const before = resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_a", budget: "300" })).block ?? "";
    expect(before).toContain("**Constraints**\n- Never add a new dependency for this.");
    // The model pinned the constraint in its own words.
    createMemory(ctx, { content: "Never add a new dependency for the KV store.", category: "constraint", pinned: true, directory });
    const after = resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_b", budget: "300" }));
    // Neither under Constraints nor in the user's first words under Task (that sentence goes, the rest stays).
    expect(before).toContain("Never add a new dependency for this.");
    expect(after.block).not.toContain("Never add a new dependency");
    expect(after.block).toContain("**Task**");
    expect(after.block).toContain("## Resuming");
    const byDefault = resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_c" }));
    expect(byDefault.block).toContain("## Resuming");
    expect(byDefault.tokens).toBeLessThanOrEqual(ctx.config.injection.resumeBudgetTokens);
    expect(ctx.config.injection.resumeBudgetTokens).toBe(130);
  });

  it("gives the same block again to a session whose answer was lost (`again`), and nothing to a plain second ask", () => {
    const { ctx, directory } = setup();
    captureCheckpoint(ctx, captureCheckpointInput.parse({ directory, sessionID: "ses_day1", trigger: "idle", messages: kvHistory(directory), suggest: false }));
    const first = resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_new" }));
    expect(first.block).toContain("## Resuming");
    // Another session's checkpoint stored after the delivery does not change the block asked again.
    captureCheckpoint(
      ctx,
      captureCheckpointInput.parse({ directory, sessionID: "ses_other", trigger: "idle", messages: kvHistory(directory).slice(0, 1), suggest: false }),
    );
    expect(resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_new" }))).toMatchObject({ block: null, reason: "delivered" });
    const again = resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_new", again: "true" }));
    expect(again).toMatchObject({ block: first.block, checkpointId: first.checkpointId });
  });
});

describe("the extraction nudge, built when it is sent", () => {
  it("names only suggestions still waiting: not one confirmed, stored in other words, or shown in the message's recall block", async () => {
    const { ctx, directory } = setup();
    const projectId = createMemory(ctx, { content: "seed", directory }).memory.projectId!;
    const [confirmed, paraphrased, shown, waiting] = storeSuggestions(ctx, projectId, "ses_1", [
      { category: "constraint", content: "Never push to the main branch without a review.", via: "rules" },
      { category: "convention", content: "Release notes are written in the imperative mood for every tag.", via: "rules" },
      { category: "decision", content: "The exporter writes CSV files with a header row.", via: "rules" },
      { category: "decision", content: "The queue keeps failed jobs for seven days.", via: "rules" },
    ]);
    const ids = [confirmed!.memoryId, paraphrased!.memoryId, shown!.memoryId, waiting!.memoryId];
    // The model stores the first as it was said (the store confirms the suggestion)...
    createMemory(ctx, { content: "Never push to the main branch without a review.", category: "constraint", directory });
    // ... and the second in other words (the store links it to the suggestion as similar).
    createMemory(ctx, { content: "Release notes are written in the imperative mood for each tag.", category: "convention", directory });

    const nudge = nudgeNow(ctx, ids, new Set([shown!.memoryId]));
    expect(nudge).toContain("The queue keeps failed jobs for seven days.");
    expect(nudge).not.toMatch(/main branch|imperative|CSV/);
    expect(nudgeNow(ctx, [confirmed!.memoryId, paraphrased!.memoryId], new Set())).toBeNull();

    // Through the recall call the plugin makes with the message: the block's own memories are not named.
    const recall = await buildRecallBlock(
      ctx,
      recallContextInput.parse({ directory, query: "how long does the queue keep failed jobs?", suggestions: ids, sessionID: "ses_1", messageID: "msg_9" }),
    );
    if (recall.memoryIds.includes(waiting!.memoryId)) expect(recall.nudge).toBeNull();
    else expect(recall.nudge).toContain("seven days");
    // The same bytes when the message is asked again.
    const again = await buildRecallBlock(ctx, recallContextInput.parse({ directory, query: "x", suggestions: [], sessionID: "ses_1", messageID: "msg_9" }));
    expect(again.nudge).toBe(recall.nudge);
  });
});

describe("idle checkpoints as deltas", () => {
  it("continue the session's last checkpoint with the new messages only, and refuse a base that differs", () => {
    const { ctx, directory } = setup();
    const history = kvHistory(directory) as { info: { id: string } }[];
    const head = history.slice(0, 3);
    const first = captureCheckpoint(ctx, captureCheckpointInput.parse({ directory, sessionID: "ses_1", trigger: "idle", messages: head, suggest: false }));
    const since = { checkpoint: first.id, count: head.length, lastID: head[head.length - 1]!.info.id };
    const next = captureCheckpoint(
      ctx,
      captureCheckpointInput.parse({ directory, sessionID: "ses_1", trigger: "idle", messages: history.slice(3), suggest: false, since }),
    );
    const whole = captureCheckpoint(ctx, captureCheckpointInput.parse({ directory, sessionID: "ses_2", trigger: "idle", messages: history, suggest: false }));
    // The same checkpoint as the whole history sent at once.
    expect(rawCheckpoint(ctx, next.id, rawCheckpointQuery.parse({ limit: 500 })).total).toBe(history.length);
    const plain = (md: string) => md.replace(/ses_[12]|[0-9a-f-]{36}|\d{4}-\d\d-\d\dT[\d:.]+Z/g, "");
    expect(plain(next.markdown)).toBe(plain(whole.markdown));
    // The base is the session's previous idle checkpoint, deleted once the next is stored: a stale base is refused.
    expect(() =>
      captureCheckpoint(
        ctx,
        captureCheckpointInput.parse({ directory, sessionID: "ses_1", trigger: "idle", messages: history.slice(3), suggest: false, since }),
      ),
    ).toThrow(/send the whole history/);
    const wrongLast = { checkpoint: next.id, count: 3, lastID: "msg_other" };
    expect(() =>
      captureCheckpoint(
        ctx,
        captureCheckpointInput.parse({ directory, sessionID: "ses_1", trigger: "idle", messages: history.slice(3), suggest: false, since: wrongLast }),
      ),
    ).toThrow(/history changed/);
  });
});
