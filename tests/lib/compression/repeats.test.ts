import { describe, expect, it } from "vitest";
import { compressMessages } from "../../../lib/compression";
import { contextsPerTest } from "../../helpers/contexts";
import type { testCtx } from "../../helpers/ctx";
import { excerpt, fieldOf, History, SESSION } from "./history";

/** Repeated outputs (lib/compression/repeats.ts): a reference from the first request, the copy kept whole while it matters. */
// The apt-get fixture is mostly an install log, noise removed at first send (noise.test.ts): off
// here, so that these tests see repeats alone.
// The copies a repeat refers to must still be shown whole when the repeat arrives: a patient
// schedule (small parts held, a 500-token batch minimum, reads kept while their file is worked on)
// keeps them so; the default compresses a part as it ages when that pays (schedule.test.ts).
const contexts = contextsPerTest({
  RECOLLECT_COMPRESSION_DISABLED_STRATEGIES: "noise",
  RECOLLECT_COMPRESSION_SMALL_PART_TOKENS: "400",
  RECOLLECT_COMPRESSION_BATCH_MIN_TOKENS: "500",
  RECOLLECT_COMPRESSION_ACTIVE_FILE_TURNS: "8",
});
/** Prices under which a rewrite costs nothing: every aged saving is a batch at once. */
const NO_CACHE = JSON.stringify({ "*": { read: 1, write: 1 } });
/** The direct expand handle every reference carries (issue 39: it resolves in one step). */
const HANDLE = String.raw`; memory_expand\("[0-9a-f]{16}"\)\]`;
const ctxFor = (env: Record<string, string> = {}) => contexts({ env });

const read = excerpt("read-marshmallow-fields");
const apt = excerpt("bash-apt-get-errors");
const compress = (ctx: ReturnType<typeof testCtx>, h: History, end = h.messages.length) =>
  compressMessages(ctx, { sessionID: SESSION, messages: structuredClone(h.messages.slice(0, end)) });

describe("repeated outputs", () => {
  it("sends an output identical to one still shown whole as a reference from its first request, and the same bytes after", () => {
    const ctx = ctxFor();
    const h = new History()
      .user("Fix the TimeDelta test")
      .step({ tools: [{ name: "first", tool: "read", input: { filePath: "src/fields.py" }, output: read.output }] })
      .filler(2)
      .step({ tools: [{ name: "again", tool: "read", input: { filePath: "src/fields.py" }, output: read.output }] });
    const at = h.messages.length;
    const first = compress(ctx, h);
    const reference = fieldOf(first.messages, h.ids.again);
    expect(reference).toMatch(new RegExp(String.raw`^\[recollect: unchanged, the same output as the same call 3 messages above; not repeated here${HANDLE}$`));
    expect(fieldOf(first.messages, h.ids.first)).toBe(read.output);
    expect(first.stats.byStrategy.repeats).toBeGreaterThan(1000);

    // The session goes on: what was sent is sent again byte for byte, the copy whole (its file is being worked on).
    h.step({ tools: [{ tool: "edit", input: { filePath: "src/fields.py", oldString: "a", newString: "b" }, output: "Edit applied." }] }).filler(3, "g");
    for (let end = at + 1; end <= h.messages.length; end++) {
      const later = compress(ctx, h, end);
      expect(later.messages.slice(0, at).map((m) => JSON.stringify(m))).toEqual(first.messages.map((m) => JSON.stringify(m)));
      expect(fieldOf(later.messages, h.ids.again)).toBe(reference);
    }
  });

  it("names the earlier call when the inputs differ, and redacts it", () => {
    const ctx = ctxFor();
    const h = new History()
      .user("Install the deps")
      .step({ tools: [{ tool: "bash", input: { command: "apt-get install llvm-dev --token=ghp_abcdefghijklmnopqrstuvwxyz0123456789" }, output: apt.output }] })
      .step({ tools: [{ name: "again", tool: "bash", input: { command: "apt-get install -y llvm-dev" }, output: apt.output }] });
    const reference = fieldOf(compress(ctx, h).messages, h.ids.again);
    expect(reference).toMatch(
      new RegExp(
        String.raw`^\[recollect: unchanged, the same output as the bash call \{"command":"apt-get install llvm-dev --token=.*\} 1 message above; not repeated here${HANDLE}$`,
      ),
    );
    expect(reference).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
  });

  it("sends the output whole when the copy it repeats is already shown compressed", () => {
    // Every aged saving is a batch at once: the first output is compressed before the repeat comes.
    const ctx = ctxFor({ RECOLLECT_COMPRESSION_BATCH_MIN_TOKENS: "0", RECOLLECT_COMPRESSION_CACHE_PRICING: NO_CACHE });
    const h = new History()
      .user("Install the deps")
      .step({ tools: [{ name: "first", tool: "bash", input: { command: "apt-get install llvm-dev" }, output: apt.output }] })
      .filler(3);
    expect(fieldOf(compress(ctx, h).messages, h.ids.first)).not.toBe(apt.output);
    h.step({ tools: [{ name: "again", tool: "bash", input: { command: "apt-get install llvm-dev" }, output: apt.output }] });
    expect(fieldOf(compress(ctx, h).messages, h.ids.again)).toBe(apt.output);
  });

  it("makes no reference of other outputs, small ones, or anything when the strategy is disabled", () => {
    const small = "a.py\nb.py\nc.py";
    const history = () =>
      new History()
        .user("Look around")
        .step({ tools: [{ tool: "bash", input: { command: "ls" }, output: small }] })
        .step({ tools: [{ name: "smallAgain", tool: "bash", input: { command: "ls" }, output: small }] })
        .step({ tools: [{ name: "otherTool", tool: "grep", input: { pattern: "x" }, output: read.output }] })
        .step({ tools: [{ tool: "read", input: { filePath: "src/fields.py" }, output: read.output }] })
        .step({ tools: [{ name: "same", tool: "read", input: { filePath: "src/fields.py" }, output: read.output }] })
        .step({ tools: [{ name: "other", tool: "read", input: { filePath: "src/fields.py" }, output: `${read.output}\n1999: changed` }] });
    let h = history();
    let out = compress(ctxFor(), h).messages;
    // (Aged, they may be compressed as usual: a reference is what they are not.)
    for (const id of [h.ids.smallAgain, h.ids.other, h.ids.otherTool]) expect(fieldOf(out, id)).not.toMatch(/^\[recollect: unchanged/);
    expect(fieldOf(out, h.ids.smallAgain)).toBe(small);
    expect(fieldOf(out, h.ids.same)).toMatch(/^\[recollect: unchanged/);
    // A protected tool's output (Recollect's own memory_* tools, `task`, ...) is never touched.
    const protectedTool = new History()
      .user("What did we decide?")
      .step({ tools: [{ tool: "memory_search", input: { query: "cache" }, output: read.output }] })
      .step({ tools: [{ name: "again", tool: "memory_search", input: { query: "cache" }, output: read.output }] });
    expect(fieldOf(compress(ctxFor(), protectedTool).messages, protectedTool.ids.again)).toBe(read.output);
    h = history();
    out = compress(ctxFor({ RECOLLECT_COMPRESSION_DISABLED_STRATEGIES: "repeats,noise" }), h).messages;
    expect(fieldOf(out, h.ids.same)).not.toMatch(/^\[recollect: unchanged/);
  });

  it("refers to the runs of lines an output repeats from the previous output of its tool, never to key lines or reads", () => {
    const ctx = ctxFor();
    const header = Array.from({ length: 12 }, (_, i) => `collected test_module_${i}.py::test_case_${i} PASSED with a fairly long line of output`);
    const first = [...header, "FAILED tests/test_fields.py:42 - AssertionError: 3 != 4", "1 failed, 12 passed"].join("\n");
    const second = [...header, "FAILED tests/test_fields.py:42 - AssertionError: 3 != 4", "tests/test_fields.py:57: extra", "1 failed, 12 passed in 0.4s"].join(
      "\n",
    );
    const h = new History()
      .user("Run the tests")
      .step({ tools: [{ name: "first", tool: "bash", input: { command: "pytest" }, output: first }] })
      .step({ tools: [{ name: "second", tool: "bash", input: { command: "pytest -x" }, output: second }] })
      .step({ tools: [{ tool: "read", input: { filePath: "a.txt" }, output: first }] })
      .step({ tools: [{ name: "reread", tool: "read", input: { filePath: "a.txt", offset: 2 }, output: second }] });
    const out = compress(ctx, h).messages;
    expect(fieldOf(out, h.ids.first)).toBe(first);
    expect(fieldOf(out, h.ids.second)).toMatch(
      new RegExp(
        `^${[
          "\\[recollect: 12 lines as in the bash output 1 message above, its lines 1-12\\]",
          "FAILED tests/test_fields.py:42 - AssertionError: 3 != 4",
          "tests/test_fields.py:57: extra",
          "1 failed, 12 passed in 0.4s",
          `\\[recollect: runs of lines shown by reference${HANDLE}`,
        ].join("\n")}$`,
      ),
    );
    expect(fieldOf(out, h.ids.reread)).toBe(second);
  });

  it("compares a command run again with its own previous run, not with another command's output in between", () => {
    const ctx = ctxFor();
    const header = Array.from({ length: 12 }, (_, i) => `collected test_module_${i}.py::test_case_${i} PASSED with a fairly long line of output`);
    const h = new History()
      .user("Run the tests")
      .step({ tools: [{ tool: "bash", input: { command: "pytest" }, output: [...header, "1 failed"].join("\n") }] })
      .step({ tools: [{ tool: "bash", input: { command: "cat setup.cfg" }, output: apt.output }] })
      .step({ tools: [{ name: "again", tool: "bash", input: { command: "pytest" }, output: [...header, "2 failed"].join("\n") }] });
    expect(fieldOf(compress(ctx, h).messages, h.ids.again)).toMatch(
      new RegExp(
        `^${["\\[recollect: 12 lines as in the bash output 2 messages above, its lines 1-12\\]", "2 failed", `\\[recollect: runs of lines shown by reference${HANDLE}`].join("\n")}$`,
      ),
    );
  });

  it("refers only to copies shown whole: never to a partial repeat, never to a read of another file", () => {
    const ctx = ctxFor();
    const header = Array.from({ length: 12 }, (_, i) => `collected test_module_${i}.py::test_case_${i} PASSED with a fairly long line of output`);
    const first = [...header, "1 failed"].join("\n");
    const second = [...header, "2 failed, run again"].join("\n");
    const h = new History()
      .user("Run the tests")
      .step({ tools: [{ tool: "bash", input: { command: "pytest" }, output: first }] })
      .step({ tools: [{ name: "partial", tool: "bash", input: { command: "pytest -x" }, output: second }] })
      .step({ tools: [{ name: "sameAsPartial", tool: "bash", input: { command: "pytest -x" }, output: second }] })
      .step({ tools: [{ tool: "read", input: { filePath: "src/a.py" }, output: read.output }] })
      .step({ tools: [{ name: "otherFile", tool: "read", input: { filePath: "src/b.py" }, output: read.output }] });
    const out = compress(ctx, h).messages;
    expect(fieldOf(out, h.ids.partial)).toMatch(/^\[recollect: 12 lines as in the bash output 1 message above/);
    // Its copy would be the partial one: it refers to the whole output instead.
    expect(fieldOf(out, h.ids.sameAsPartial)).toMatch(/^\[recollect: 12 lines as in the bash output 2 messages above/);
    expect(fieldOf(out, h.ids.otherFile)).not.toMatch(/^\[recollect: unchanged/);
  });

  it("does not call a read outdated when it was read again, unchanged, after the edit", () => {
    // Batches at once; the first read stays whole while its file is worked on (activeFileTurns 8), then goes.
    const ctx = ctxFor({ RECOLLECT_COMPRESSION_BATCH_MIN_TOKENS: "0", RECOLLECT_COMPRESSION_CACHE_PRICING: NO_CACHE });
    const h = new History()
      .user("Fix the TimeDelta test")
      .step({ tools: [{ name: "first", tool: "read", input: { filePath: "src/fields.py", offset: 1457 }, output: read.output }] })
      .step({ tools: [{ tool: "edit", input: { filePath: "src/fields.py", oldString: "x = 1", newString: "x = 2" }, output: "Edit applied." }] })
      .step({ tools: [{ name: "again", tool: "read", input: { filePath: "src/fields.py", offset: 1457 }, output: read.output }] })
      .filler(10);
    const out = compress(ctx, h).messages;
    expect(fieldOf(out, h.ids.again)).toMatch(/^\[recollect: unchanged/);
    const copy = fieldOf(out, h.ids.first);
    expect(copy).not.toBe(read.output);
    expect(copy).not.toContain("outdated");
  });

  it("keeps the content of the copy once both have aged, instead of calling it a duplicate of the reference", () => {
    // Every aged saving is a batch at once, and reads are not kept for the work on their file.
    const ctx = ctxFor({
      RECOLLECT_COMPRESSION_BATCH_MIN_TOKENS: "0",
      RECOLLECT_COMPRESSION_CACHE_PRICING: NO_CACHE,
      RECOLLECT_COMPRESSION_ACTIVE_FILE_TURNS: "0",
    });
    const h = new History()
      .user("Install the deps")
      .step({ tools: [{ name: "first", tool: "bash", input: { command: "apt-get install llvm-dev" }, output: apt.output }] })
      .step({ tools: [{ name: "again", tool: "bash", input: { command: "apt-get install llvm-dev" }, output: apt.output }] });
    expect(fieldOf(compress(ctx, h).messages, h.ids.first)).toBe(apt.output);
    h.filler(3);
    const out = compress(ctx, h).messages;
    const copy = fieldOf(out, h.ids.first);
    expect(copy).not.toBe(apt.output);
    expect(copy).not.toContain("same call repeated later");
    expect(copy).toContain("E: Unable to locate package llvm-dev");
    expect(fieldOf(out, h.ids.again)).toMatch(/^\[recollect: unchanged/);
  });
});
