import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { extractCheckpointSteps } from "../../../lib/checkpoints/extract";
import { messagesJsonSteps } from "../../../lib/checkpoints/json-steps";
import { timelineSteps } from "../../../lib/checkpoints/timeline";
import { captureCheckpointInput } from "../../../lib/contracts/checkpoints";
import { ruleSuggestionsSteps } from "../../../lib/extraction/extract";
import { messageTextsSteps } from "../../../lib/extraction/texts";
import { contractSteps, parseContractWhole } from "../../../lib/http/contract-sliced";
import { STEP_ITEMS } from "../../../lib/slices";
import { History } from "../compression/history";
import { counted } from "../../helpers/steps";

/**
 * Issue 37: checkpoint capture's body check, timeline, extraction and suggestions ran whole (a
 * 100,000-message capture held /api/health 22 s at load). Each is now steps; here, without a clock,
 * each must yield at least once per message (the body check once per STEP_ITEMS) and give what the
 * one-piece form gives (`schema.parse` for the body; the extractors' own tests cover their results).
 */
/** 2,200 messages with decisions, errors, fixes, test runs, edits and an option list. */
function bigHistory() {
  const h = new History("ses_ckpt_steps");
  for (let i = 0; i < 1_100; i++) {
    h.user(i % 100 === 1 ? "b" : `Let's use SQLite for cache ${i} because it is simpler. Never log tokens ${i}.`);
    h.step({
      text:
        i % 100 === 0
          ? "Options:\nA) Keep the cache\nB) Drop the cache\nWhich one?"
          : `I fixed the TypeError in src/f${i % 9}.ts and decided to keep retries at ${i % 5}.`,
      tools: [
        i % 3 === 0
          ? {
              tool: "bash",
              input: { command: "npm test" },
              output: i % 2 ? "Tests: 3 passed" : `FAIL src/f${i % 9}.test.ts\nTypeError: x is undefined at src/f${i % 9}.ts:${i}`,
            }
          : { tool: "edit", input: { filePath: `/repo/src/f${i % 9}.ts`, oldString: "a", newString: "b" }, output: "ok" },
      ],
    });
  }
  return h;
}

describe("checkpoint capture runs in steps", () => {
  it("the body check yields once per STEP_ITEMS messages and equals schema.parse", () => {
    const body = { directory: "/repo", sessionID: "ses_ckpt_steps", trigger: "manual", messages: bigHistory().messages };
    expect(body.messages.length).toBeGreaterThan(2 * STEP_ITEMS);
    const run = counted(contractSteps(captureCheckpointInput, "messages", body));
    expect(run.yields).toBeGreaterThanOrEqual(Math.floor(body.messages.length / STEP_ITEMS));
    expect(run.value).toEqual(captureCheckpointInput.parse(body));
  });

  it("a bad message deep in the body is named by its index, as schema.parse names it", () => {
    const messages: unknown[] = bigHistory().messages;
    messages[2_045] = { info: { role: "robot" }, parts: [] };
    const body = { directory: "/repo", sessionID: "ses_ckpt_steps", messages };
    const whole = captureCheckpointInput.safeParse(body);
    expect(whole.success).toBe(false);
    let thrown: unknown;
    try {
      parseContractWhole(captureCheckpointInput, "messages", body);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ZodError);
    expect((thrown as ZodError).issues[0].path).toEqual(["messages", 2_045, "info", "role"]);
    expect((thrown as ZodError).issues[0].path).toEqual(whole.error?.issues[0].path);
  });

  it("too many messages: the array's own limit, before any message is parsed", () => {
    const message = { info: { role: "user" }, parts: [] };
    const body = { directory: "/repo", sessionID: "ses_ckpt_steps", messages: new Array(100_001).fill(message) };
    expect(() => parseContractWhole(captureCheckpointInput, "messages", body)).toThrow(ZodError);
    try {
      parseContractWhole(captureCheckpointInput, "messages", body);
    } catch (error) {
      expect((error as ZodError).issues[0]).toMatchObject({ path: ["messages"], code: "too_big" });
    }
  });

  it("timeline, extraction and suggestions yield once per message", () => {
    const messages = captureCheckpointInput.parse({ directory: "/repo", sessionID: "ses_ckpt_steps", messages: bigHistory().messages }).messages;
    const n = messages.length;

    const timeline = counted(timelineSteps(messages));
    expect(timeline.yields).toBeGreaterThanOrEqual(n);
    expect(timeline.value).toHaveLength(n);

    const extracted = counted(extractCheckpointSteps(timeline.value, "/repo"));
    // One a turn in each pass over the whole history (decisions, choices, errors, files).
    expect(extracted.yields).toBeGreaterThanOrEqual(3 * n);
    expect(extracted.value.decisions.length).toBeGreaterThan(0);
    expect(extracted.value.decisions.some((d) => d.startsWith("Chose "))).toBe(true);
    expect(extracted.value.errors.length).toBeGreaterThan(0);
    expect(extracted.value.filesModified.map((f) => f.path)).toContain("src/f1.ts");

    const texts = counted(messageTextsSteps(messages));
    expect(texts.yields).toBeGreaterThanOrEqual(n);
    const suggestions = counted(ruleSuggestionsSteps(texts.value));
    expect(suggestions.yields).toBeGreaterThanOrEqual(texts.value.length);
    expect(suggestions.value.length).toBeGreaterThan(0);
  });

  it("the stored JSON is encoded one message a step and copied STEP_ITEMS messages a step, byte for byte JSON.stringify's", () => {
    const h = bigHistory();
    h.user('non-ASCII: café, 東京, emoji \u{1F600}, a quote " and a line\nbreak');
    const messages = h.messages;
    const run = counted(messagesJsonSteps(messages));
    // The whole text is never built (or encoded) in one step: a 58 MB capture held health 170-310 ms doing so.
    expect(run.yields).toBeGreaterThanOrEqual(messages.length + Math.floor(messages.length / STEP_ITEMS));
    expect(run.value.equals(Buffer.from(JSON.stringify(messages)))).toBe(true);
    expect(counted(messagesJsonSteps([])).value.toString()).toBe("[]");
  });
});
