import { afterAll, describe, expect, it } from "vitest";
import { extractMemories } from "../../../lib/extraction";
import { archiveMemory, createMemory, getMemory, listMemories } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

import { extractInput } from "../../../lib/contracts/extraction";
import { listMemoriesQuery } from "../../../lib/contracts/memories";
describe("extractMemories", () => {
  const ctx = testCtx();
  const directory = tempDir("recollect-proj-");
  afterAll(() => ctx.close());

  it("stores what was said as suggested extractor memories and nudges once", async () => {
    const res = await extractMemories(
      ctx,
      extractInput.parse({
        directory,
        sessionID: "s1",
        text: "Let me think. We decided to use pnpm for this repo. Should we also use turbo? Never commit the .env file.",
      }),
    );
    expect(res.suggestions.map((s) => [s.category, s.content, s.via, s.deduplicated])).toEqual([
      ["decision", "We decided to use pnpm for this repo.", "rules", false],
      ["constraint", "Never commit the .env file.", "rules", false],
    ]);
    const m = getMemory(ctx, res.suggestions[0].memoryId);
    expect([m.status, m.source, m.scope, m.category]).toEqual(["suggested", "extractor", "project", "decision"]);
    expect(m.metadata).toMatchObject({ via: "rules", rule: "en.decided", sessionID: "s1" });
    expect(res.nudge).toContain("We decided to use pnpm for this repo.");
    expect(res.nudge).toContain(res.suggestions[0].memoryId);

    // Said again (slightly differently cased): deduplicated, no second memory, no second nudge.
    const again = await extractMemories(ctx, extractInput.parse({ directory, sessionID: "s2", text: "we decided to use pnpm for this repo." }));
    expect(again.suggestions).toHaveLength(1);
    expect(again.suggestions[0]).toMatchObject({ memoryId: res.suggestions[0].memoryId, deduplicated: true });
    expect(again.nudge).toBeNull();
    expect(listMemories(ctx, listMemoriesQuery.parse({ directory, status: "suggested" })).items).toHaveLength(2);
  });

  it("does not bring back a rejected suggestion nor nudge about an active memory", async () => {
    const first = await extractMemories(ctx, extractInput.parse({ directory, sessionID: "s3", text: "Always run the linter before committing." }));
    archiveMemory(ctx, first.suggestions[0].memoryId);
    const back = await extractMemories(ctx, extractInput.parse({ directory, sessionID: "s3", text: "Always run the linter before committing!" }));
    expect(back.suggestions[0]).toMatchObject({ memoryId: first.suggestions[0].memoryId, deduplicated: true });
    expect(back.nudge).toBeNull();

    createMemory(ctx, { directory, content: "The API must return 409 on claim conflicts.", category: "constraint" });
    const stored = await extractMemories(ctx, extractInput.parse({ directory, sessionID: "s3", text: "The API must return 409 on claim conflicts." }));
    expect(stored.suggestions[0].deduplicated).toBe(true);
    expect(stored.nudge).toBeNull();
  });

  it("does not suggest what the model stored in its own, shorter words (issue 40: the two-day bench's paraphrase)", async () => {
    createMemory(ctx, { directory, content: "Words are split with Intl.Segmenter, not a regex (the regex broke on emoji).", category: "decision" });
    const said = "We decided to split words with Intl.Segmenter instead of a regex, because the regex broke on emoji.";
    const res = await extractMemories(ctx, extractInput.parse({ directory, sessionID: "s4", text: said }));
    expect(res.suggestions.map((s) => s.deduplicated)).toEqual([true]);
    expect(res.nudge).toBeNull();
    // A different rule sharing a few words is still suggested.
    const other = await extractMemories(
      ctx,
      extractInput.parse({ directory, sessionID: "s4", text: "We decided to split the report into pages because the export timed out." }),
    );
    expect(other.suggestions.map((s) => s.deduplicated)).toEqual([false]);
  });

  it("does not suggest a decision the model stored in this session in its own words (issue 40: the two-day tuning half)", async () => {
    const stored = "The sliding window is kept in Redis sorted sets, not in-process counters (several workers).";
    const said = "We're going with Redis sorted sets for the sliding window instead of in-process counters, since the app runs on several workers.";
    // Stored in another session, this paraphrase is not close enough to be held...
    createMemory(ctx, { directory, content: stored, category: "decision", metadata: { sessionID: "s5a" } });
    const elsewhere = await extractMemories(ctx, extractInput.parse({ directory, sessionID: "s5b", text: said }));
    expect(elsewhere.suggestions.map((s) => s.deduplicated)).toEqual([false]);
    // ...stored in this very session under the same category, it is.
    const fresh = tempDir("recollect-proj-");
    createMemory(ctx, { directory: fresh, content: stored, category: "decision", metadata: { sessionID: "s5c" } });
    const same = await extractMemories(ctx, extractInput.parse({ directory: fresh, sessionID: "s5c", text: said }));
    expect(same.suggestions.map((s) => s.deduplicated)).toEqual([true]);
    expect(same.nudge).toBeNull();
  });

  it("reads OpenCode messages: text parts only, synthetic parts and tool output skipped, secrets redacted", async () => {
    const res = await extractMemories(
      ctx,
      extractInput.parse({
        directory,
        sessionID: "s4",
        trigger: "idle",
        messages: [
          {
            info: { id: "m1", role: "user" },
            parts: [
              { type: "text", text: "Do not log the token; it is API_KEY=sk-abcdefghijklmnopqrstuvwxyz123456 in prod." },
              { type: "text", text: "We decided to drop Windows support.", synthetic: true },
            ],
          },
          {
            info: { id: "m2", role: "assistant" },
            parts: [
              { type: "tool", tool: "bash", state: { status: "completed", input: { command: "cat README" }, output: "We decided to use Rust." } },
              { type: "text", text: "You must restart the server. The fix was to set busy_timeout before WAL." },
            ],
          },
        ],
      }),
    );
    expect(res.suggestions.map((s) => s.category)).toEqual(["constraint", "gotcha"]);
    expect(res.suggestions[0].content).toContain("[REDACTED:");
    expect(res.suggestions[0].content).not.toContain("sk-abcdefghijklmnop");
    expect(res.llm).toEqual({ ran: false, reason: "disabled" });
  });

  it("refuses input without a project or without text", () => {
    // The contract refuses both before the verb runs (the route parses with it).
    expect(() => extractInput.parse({ sessionID: "s", text: "x" })).toThrow(/directory or a project/);
    expect(() => extractInput.parse({ directory, sessionID: "s" })).toThrow(/messages or text/);
  });
});
