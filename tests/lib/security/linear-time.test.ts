import { countTokens as raw } from "gpt-tokenizer";
import { afterEach, describe, expect, it } from "vitest";
import { nextStepsIn } from "../../../lib/checkpoints/next-steps";
import { compressMessages } from "../../../lib/compression";
import { isKeyLine, isPrimaryKeyLine } from "../../../lib/compression/lines";
import { requiredLines } from "../../../lib/compression/strategies/key-lines";
import { parseAnswer } from "../../../lib/consolidation/judge";
import { parseEntities } from "../../../lib/entities/parse";
import { parseSuggestions } from "../../../lib/extraction/llm";
import { tokenize } from "../../../lib/search/tokenizer";
import { redactKey, redactPath } from "../../../lib/security/redact-fields";
import { countTokens } from "../../../lib/token-count";
import { testCtx } from "../../helpers/ctx";
import { fieldOf, History } from "../compression/history";
import { LINEAR } from "../../helpers/linear";

/**
 * Text from agents, tools and clients that made a regular expression backtrack for seconds (each
 * input below took 10 s or more with the old patterns; some stalled the server before a token was
 * checked). As in redaction/scanner.test.ts there are no timing assertions: the per-test timeout is the guard.
 * Each test also checks the answer, so a pattern made linear by matching nothing would fail.
 */
const FAST = LINEAR;

describe("linear on adversarial text", () => {
  let ctx: ReturnType<typeof testCtx> | undefined;
  afterEach(() => ctx?.close());

  it("checkpoint next steps: long runs of spaces after a heading word", FAST, () => {
    expect(nextStepsIn(`next steps${" ".repeat(8000)}x plan`)).toEqual([]);
    expect(nextStepsIn(`remaining${" ".repeat(150_000)}x`)).toEqual([]);
    expect(nextStepsIn(`下一步${"啊".repeat(50_000)}x`)).toHaveLength(1);
    // Still found as before.
    expect(nextStepsIn("Next steps:   \n- wire the cache\n- drop the flag")).toEqual(["wire the cache", "drop the flag"]);
    expect(nextStepsIn("下一步要做：  \n- 加缓存")).toEqual(["加缓存"]);
  });

  it("request paths and lookup keys: a long run of scheme characters", FAST, () => {
    const run = "+a".repeat(50_000);
    expect(redactPath(`/api/memories/${run}`)).toBe(`/api/memories/${run}`);
    expect(redactKey(`${run}:/x`)).toBe(`${run}:/x`);
    expect(redactKey("/srv/postgres:/app:hunter2secret@db/x")).not.toContain("hunter2secret");
  });

  it("entities in memory text: long runs of dots, dashes and slashes", FAST, () => {
    expect(parseEntities(`${".".repeat(150_000)}x`)).toEqual([]);
    expect(parseEntities(`a/${"-".repeat(150_000)}`)).toEqual([]);
    expect(parseEntities(`see http://x.example/${".".repeat(150_000)}x, owner/repo#12 and ./src/a.ts:3.`)).toEqual([
      { kind: "url", value: `http://x.example/${".".repeat(150_000)}x` },
      { kind: "issue", value: "owner/repo#12" },
      { kind: "file", value: "src/a.ts" },
    ]);
  });

  it("key lines: long lines of spaces, and prose full of path:line references", FAST, () => {
    const spaces = `${" ".repeat(1999)}x`;
    const refs = "a.ts:1 ".repeat(285);
    const many = (line: string) => Array(2000).fill(line).join("\n");
    expect(requiredLines(many(refs), { kind: "text" })).toEqual([]);
    expect(requiredLines(many(spaces), { kind: "tool" })).toEqual([]);
    for (let i = 0; i < 2000; i++) expect(isPrimaryKeyLine(spaces) || isKeyLine(`-${spaces}`)).toBe(false);
    expect(requiredLines(`${"a.ts:1 ".repeat(3)}error: boom`, { kind: "text" })).toHaveLength(1);
  });

  it("model answers: long runs of spaces or braces", FAST, () => {
    expect(parseSuggestions(`x${" ".repeat(300_000)}y`)).toEqual([]);
    expect(parseAnswer("{".repeat(300_000), "same")).toBeUndefined();
    expect(parseAnswer('Sure: {"same": true, "why": "one fact"} done', "same")).toEqual({ same: true, why: "one fact" });
  });

  it("search results: a grep output with one very long path-like line", FAST, () => {
    ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
    const hits = Array.from({ length: 40 }, (_, i) => `src/f${i % 10}.py:${i + 1}:    x = compute(${i})`);
    const output = [...hits.slice(0, 20), "/".repeat(200_000), ...hits.slice(20)].join("\n");
    const h = new History().user("grep").step({ tools: [{ name: "g", tool: "grep", input: { pattern: "compute" }, output }] });
    h.filler(2);
    const result = compressMessages(ctx, h.body());
    expect(result.stats.byStrategy["search-results"]).toBeGreaterThan(0);
    expect(fieldOf(result.messages, h.ids.g)).toContain("src/f0.py:1:");
  });

  it("token counts: long runs of whitespace, as of any other characters", FAST, () => {
    // One pre-token each for the tokenizer: counted in slices, within a few percent of the exact
    // count (measured exactly on a run a hundred times shorter).
    for (const run of [" ", "\n", "\t", " \n", "=", "x"]) {
      const n = countTokens(`head ${run.repeat(409_600 / run.length)} tail`);
      const exact = raw(run.repeat(4096 / run.length)) * 100;
      expect(Math.abs(n - exact) / exact).toBeLessThan(0.05);
    }
    // Short runs are counted as they are.
    expect(countTokens(`a${" ".repeat(100)}b`)).toBeLessThan(10);
  });

  it("search terms: one very long word (the stemmer is not given it)", FAST, () => {
    for (const word of ["k".repeat(200_000), "Ab".repeat(100_000), "ａ".repeat(100_000)]) {
      const terms = tokenize(`cached ${word} values`);
      expect(terms).toContain("cach");
      expect(terms.some((t) => t.length >= 100_000)).toBe(true);
    }
    // Words of ordinary length are still stemmed.
    expect(tokenize("internationalization decisions")).toEqual(expect.arrayContaining(["internation", "decis"]));
  });

  it("system reminders: a tool output of unclosed opening tags", FAST, () => {
    ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
    const reminder = "<system-reminder>\nPlan mode is active.\n</system-reminder>\n";
    const output = `${reminder}kept\n${"<system-reminder>".repeat(60_000)}`;
    const h = new History().user("look").step({ tools: [{ name: "t", tool: "bash", input: { command: "cat notes" }, output }] });
    h.filler(2);
    const out = fieldOf(compressMessages(ctx, h.body()).messages, h.ids.t);
    expect(out.startsWith("kept\n<system-reminder>")).toBe(true);
    expect(out).not.toContain("Plan mode");
  });
});
