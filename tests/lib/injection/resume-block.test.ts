import { describe, expect, it } from "vitest";
import type { CheckpointExtract } from "../../../lib/contracts/checkpoints";
import { buildResumeBlock } from "../../../lib/injection/resume";

/** The resume block goes out on every request of the new session: nothing in it twice. */
const extract = (over: Partial<CheckpointExtract>): CheckpointExtract => ({
  task: null,
  latestRequest: null,
  progress: [],
  decisions: [],
  constraints: [],
  filesModified: [],
  errors: [],
  nextSteps: [],
  criticalContext: [],
  ...over,
});
const meta = { createdAt: Date.now(), trigger: "idle" };
const build = (x: CheckpointExtract, budget = 2000) => buildResumeBlock(x, meta, budget)?.block ?? "";
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe("buildResumeBlock", () => {
  it("shows the user's words under Task only, even when they also read as decisions", () => {
    const block = build(
      extract({
        task: "Fix the parser, keep the cache config as decided.",
        latestRequest: "Now the exporter, as decided.",
        decisions: ["Fix the parser, keep the cache config as decided.", "We use SQLite WAL mode for the queue.", "Now the exporter, as decided."],
      }),
    );
    expect(block).toContain(
      "**Decisions**\n- We use SQLite WAL mode for the queue.\n\n**Task**\n- Fix the parser, keep the cache config as decided.\n- Latest request: Now the exporter, as decided.",
    );
    expect(count(block, "Fix the parser")).toBe(1);
    expect(count(block, "Now the exporter")).toBe(1);
  });

  it("leaves out a critical-context line that repeats an open error or the last test run", () => {
    const block = build(
      extract({
        errors: [{ tool: "bash", message: "AssertionError: expected 3 to be 4", fixed: false } as CheckpointExtract["errors"][number]],
        progress: ["Last test run failed: `npm test`"],
        criticalContext: ["Unresolved: bash: AssertionError: expected 3 to be 4", "Test command: `npm test`", "The staging DB is read-only"],
      }),
    );
    expect(count(block, "AssertionError")).toBe(1);
    expect(count(block, "npm test")).toBe(1);
    expect(block).toContain("**Critical context**\n- The staging DB is read-only");
  });

  it("keeps an item that a longer line merely contains, and drops one that equals a line shown", () => {
    const block = build(
      extract({
        decisions: ["Never push to main without review", "Use pnpm."],
        constraints: ["Never push to main", "use pnpm"],
      }),
    );
    expect(block).toMatch(/\*\*Constraints\*\*\n- Never push to main$/);
    expect(count(block, "pnpm")).toBe(1);
  });

  it("keeps a restated command or error when no line shows it as written", () => {
    const block = build(
      extract({
        decisions: ["Remake the cache lazily"],
        progress: ["Last test run failed: `npm test -- --run parser`"],
        criticalContext: ["Test command: `make`", "Test command: `npm test`"],
      }),
    );
    expect(block).toContain("**Critical context**\n- Test command: `make`\n- Test command: `npm test`");
  });

  it("keeps the user's words among the decisions when the budget leaves Task out", () => {
    const words = "Fix the parser, keep the cache config as decided.";
    const x = extract({ task: words, decisions: [words, "We keep SQLite WAL mode."] });
    // Room for the header and that one decision: apart from the decisions, Task would not fit.
    const budget = buildResumeBlock(extract({ decisions: [words] }), meta, 2000)!.tokens;
    const tight = buildResumeBlock(x, meta, budget)!.block;
    expect(tight).not.toContain("**Task**");
    expect(tight).toContain(`**Decisions**\n- ${words}`);
    // With room for Task, the words are there once, under Task.
    const roomy = build(x);
    expect(roomy).toContain(`**Task**\n- ${words}`);
    expect(count(roomy, words)).toBe(1);
  });

  it("stays within its budget", () => {
    const x = extract({ decisions: Array.from({ length: 40 }, (_, i) => `Decision number ${i}: the queue keeps ${i} workers busy`) });
    const built = buildResumeBlock(x, meta, 120)!;
    expect(built.tokens).toBeLessThanOrEqual(120);
    expect(built.block).toContain("Decision number 0");
  });
});

describe("buildResumeBlock: few tokens on every request (issue 40)", () => {
  it("shows a latest request that restates the task once, as the task now", () => {
    const block = build(
      extract({
        task: "Next: fix the parser handling in the report export, keep the cache config as decided.",
        latestRequest: "Next: fix the worker handling in the report export, keep the cache config as decided.",
      }),
    );
    expect(block).toContain("**Task**\n- Next: fix the worker handling in the report export, keep the cache config as decided.");
    expect(block).not.toContain("parser handling");
    expect(block).not.toContain("Latest request:");
  });

  it("lists the files on one line, the first five named and the rest counted", () => {
    const files = Array.from({ length: 7 }, (_, i) => ({ path: `src/m${i}.ts`, ops: i === 0 ? ["write"] : ["edit"], count: i < 2 ? 2 : 1 }));
    const block = build(extract({ filesModified: files as CheckpointExtract["filesModified"] }));
    expect(block).toContain("**Files modified**\n- src/m0.ts (write ×2), src/m1.ts (×2), src/m2.ts, src/m3.ts, src/m4.ts, +2 more");
  });
});
