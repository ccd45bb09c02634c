import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compressMessages, expandCompressedOriginal, isKeyLine } from "../../../lib/compression";
import { LEVELS } from "../../../lib/compression/pressure";
import { testCtx } from "../../helpers/ctx";
import { excerpt, fieldOf, hashIn, History } from "./history";

let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  // What each strategy keeps, whenever a part is compressed (the scheduling is tested in schedule.test.ts).
  ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
});
afterEach(() => ctx.close());

/** Compresses `h` (with two filler steps after it, so its parts have aged) and returns one part's new text. */
function run(h: History, name: string) {
  h.filler(2);
  const result = compressMessages(ctx, h.body());
  return { result, out: fieldOf(result.messages, h.ids[name]) };
}

const expectExpandable = (out: string, original: string) => expect(expandCompressedOriginal(ctx, hashIn(out)).content).toBe(original);

describe("file reads", () => {
  it("keeps the head, definitions, diagnostics and tail of a real read, and the rest is expandable byte for byte", () => {
    const ex = excerpt("read-marshmallow-fields");
    const h = new History().user("Fix TimeDelta serialization").step({ tools: [{ name: "r", tool: "read", input: ex.input, output: ex.output }] });
    const { out } = run(h, "r");
    const lines = ex.output.split("\n");
    expect(out.length).toBeLessThan(ex.output.length / 2);
    for (const l of lines.slice(0, LEVELS[0].readHead)) expect(out).toContain(l);
    for (const l of lines.slice(-LEVELS[0].readTail)) expect(out).toContain(l);
    for (const l of lines.filter(isKeyLine)) expect(out).toContain(l);
    expect(lines.some((l) => l.includes("def _serialize"))).toBe(true);
    expect(out).toContain("    def _serialize(self, value, attr, obj, **kwargs):");
    expect(out).toMatch(/… \d+ lines omitted …/);
    // The path stays in the call's input; the footer does not repeat it.
    expect(out).toMatch(/\n\[recollect: \d+ of \d+ lines kept; memory_expand\("[0-9a-f]{16}"\)\]$/);
    // Code that only names an error is not a diagnostic: it goes like any other line.
    expect(lines.some((l) => /except .* as error:\s*$/.test(l))).toBe(true);
    for (const l of lines.filter((l) => /except .* as error:\s*$/.test(l))) expect(isKeyLine(l)).toBe(false);
    expectExpandable(out, ex.output);
  });

  it("leaves a short read alone", () => {
    const output = Array.from({ length: 5 }, (_, i) => `${String(i + 1).padStart(5, "0")}| line ${i}`).join("\n");
    const h = new History().user("go").step({ tools: [{ name: "r", tool: "read", input: { filePath: "/a.ts" }, output }] });
    expect(run(h, "r").out).toBe(output);
  });

  it("marks a read of a file edited afterwards as outdated (and only that one)", () => {
    const body = Array.from({ length: 40 }, (_, i) => `${String(i + 1).padStart(5, "0")}| const v${i} = ${i};`).join("\n");
    const h = new History()
      .user("rename")
      .step({ tools: [{ name: "a", tool: "read", input: { filePath: "/repo/src/a.ts" }, output: body }] })
      .step({ tools: [{ name: "b", tool: "read", input: { filePath: "/repo/src/b.ts" }, output: body }] })
      .step({ tools: [{ tool: "edit", input: { filePath: "/repo/src/a.ts", oldString: "v1", newString: "w1" }, output: "Edit applied successfully." }] });
    h.filler(2);
    const result = compressMessages(ctx, h.body());
    const a = fieldOf(result.messages, h.ids.a);
    const b = fieldOf(result.messages, h.ids.b);
    expect(a.startsWith("[recollect: outdated, file edited later; memory_expand(")).toBe(true);
    expect(b).not.toContain("outdated");
    expect(result.stats.byStrategy["outdated-reads"]).toBeGreaterThan(0);
    expect(result.stats.byStrategy["file-reads"]).toBeGreaterThan(0); // b's cut
    expectExpandable(a, body);
  });
});

describe("command output", () => {
  it("keeps the errors and the tail of a real apt-get run and drops the repeated noise", () => {
    const ex = excerpt("bash-apt-get-errors");
    const h = new History().user("build it").step({ tools: [{ name: "c", tool: "bash", input: ex.input, output: ex.output }] });
    const { out } = run(h, "c");
    const lines = ex.output.split("\n");
    for (const l of lines.filter(isKeyLine)) expect(out).toContain(l);
    expect(out).toContain("E: Unable to locate package llvm-dev");
    const ign = (s: string) => s.split("\n").filter((l) => l.startsWith("Ign:")).length;
    expect(ign(out)).toBeLessThan(ign(ex.output));
    expect(out).toMatch(/\[recollect: \d+ of \d+ lines kept; memory_expand\(/);
    expectExpandable(out, ex.output);
  });

  it("keeps failed tests, assertion lines and path:line references of a pytest run", () => {
    const passed = Array.from({ length: 80 }, (_, i) => `tests/test_fields.py::test_case_${i} PASSED`);
    const output = [
      "============================= test session starts ==============================",
      "collected 82 items",
      ...passed.slice(0, 40),
      "tests/test_fields.py::test_timedelta_rounding FAILED",
      ...passed.slice(40),
      "=================================== FAILURES ===================================",
      "___________________________ test_timedelta_rounding ____________________________",
      "    def test_timedelta_rounding():",
      ">       assert field.serialize('d', obj) == 345",
      "E       AssertionError: assert 344 == 345",
      "tests/test_fields.py:1732: AssertionError",
      "=========================== short test summary info ============================",
      "FAILED tests/test_fields.py::test_timedelta_rounding - AssertionError: assert 344 == 345",
      "========================= 1 failed, 81 passed in 1.23s =========================",
    ].join("\n");
    const h = new History().user("run tests").step({ tools: [{ name: "t", tool: "bash", input: { command: "pytest tests/test_fields.py" }, output }] });
    const { out } = run(h, "t");
    expect(out).toContain("tests/test_fields.py::test_timedelta_rounding FAILED");
    expect(out).toContain("E       AssertionError: assert 344 == 345");
    expect(out).toContain("tests/test_fields.py:1732: AssertionError");
    expect(out).toContain("========================= 1 failed, 81 passed in 1.23s =========================");
    expect(out.split("\n").filter((l) => l.endsWith(" PASSED")).length).toBeLessThan(10);
    expectExpandable(out, output);
  });

  it("cuts a few huge lines to both ends of the text", () => {
    const output = `${"01".repeat(3000)}\n(Current directory: /x)\nbash-$`;
    const h = new History().user("decode").step({ tools: [{ name: "c", tool: "bash", input: { command: "cat bits.txt" }, output }] });
    const { out } = run(h, "c");
    expect(out.length).toBeLessThan(1200);
    expect(out).toContain("characters omitted");
    expect(out).toContain("bash-$");
    expectExpandable(out, output);
  });
});

describe("search results", () => {
  const grep = () => {
    const lines = ["Found 60 matches"];
    for (let f = 0; f < 20; f++) {
      lines.push(`/repo/src/mod${f}/index.ts:`);
      for (let m = 0; m < 3; m++) lines.push(`  Line ${10 * m + 1}: export function handler${m}() {`);
      lines.push("");
    }
    return lines.join("\n");
  };

  it("keeps the first files with their first matches, grouped as the tool printed them, and counts the rest", () => {
    const output = grep();
    const h = new History().user("find handlers").step({ tools: [{ name: "g", tool: "grep", input: { pattern: "handler" }, output }] });
    const { out } = run(h, "g");
    expect(out).toContain("Found 60 matches");
    const { searchFiles, perFile } = LEVELS[0];
    for (let f = 0; f < searchFiles; f++) expect(out).toContain(`/repo/src/mod${f}/index.ts:\n  Line 1: export function handler0() {`);
    expect(out).not.toContain(`/repo/src/mod${searchFiles}/index.ts:\n`);
    expect(out).toContain(`… (+${3 - perFile} more in /repo/src/mod0/index.ts)`);
    expect(out).toContain(`… (+${3 * (20 - searchFiles)} more in ${20 - searchFiles} other groups: /repo/src/mod${searchFiles}/index.ts, `);
    expectExpandable(out, output);
  });

  it("groups a long glob listing by directory", () => {
    const output = Array.from({ length: 90 }, (_, i) => `/repo/${i < 60 ? "src" : "tests"}/file${i}.ts`).join("\n");
    const h = new History().user("list").step({ tools: [{ name: "g", tool: "glob", input: { pattern: "**/*.ts" }, output }] });
    const { out } = run(h, "g");
    expect(out).toContain("/repo/src/file0.ts");
    expect(out).toContain(`(+${60 - LEVELS[0].perFile} more in /repo/src)`);
    expect(out).toContain("/repo/tests/file60.ts");
    expect(out.length).toBeLessThan(output.length / 3);
  });

  it("treats grep run through bash as search results", () => {
    const output = Array.from({ length: 40 }, (_, i) => `src/f${i % 10}.py:${i + 1}:    x = compute(${i})`).join("\n");
    const h = new History().user("grep").step({ tools: [{ name: "g", tool: "bash", input: { command: "grep -rn compute src" }, output }] });
    const { result, out } = run(h, "g");
    expect(result.stats.byStrategy["search-results"]).toBeGreaterThan(0);
    expect(out).toContain("src/f0.py:1:    x = compute(0)");
  });
});

describe("JSON arrays", () => {
  it("keeps the first items, one of each other shape and the last, and says how many were left out", () => {
    const items: Record<string, unknown>[] = Array.from({ length: 50 }, (_, i) => ({ id: i, name: `item ${i}` }));
    items[25] = { id: 25, error: "quota exceeded" };
    const output = JSON.stringify({ total: 50, items }, null, 2);
    const h = new History().user("list").step({ tools: [{ name: "j", tool: "mcp_api_list", input: {}, output }] });
    const { out } = run(h, "j");
    const parsed = JSON.parse(out.slice(0, out.lastIndexOf("\n[recollect:"))) as { total: number; items: unknown[] };
    expect(parsed.total).toBe(50);
    expect(parsed.items).toEqual([items[0], items[1], items[25], "… 46 more items of the shapes shown (50 in all) …", items[49]]);
    expectExpandable(out, output);
  });
});

describe("reasoning, reminders, errors, duplicates, prose", () => {
  it("strips old reasoning", () => {
    const reasoning = "The failing test compares rounded microseconds; the serializer truncates instead of rounding. ".repeat(4);
    const h = new History().user("why").step({ name: "s", reasoning, text: "Found it." });
    const { out, result } = run(h, "s.reasoning");
    expect(out).toMatch(/^\[recollect: reasoning removed; memory_expand\("[0-9a-f]{16}"\)\]$/);
    expect(fieldOf(result.messages, h.ids["s.text"])).toBe("Found it.");
    expectExpandable(out, reasoning);
  });

  it("removes system reminders from old messages but not from the latest user message", () => {
    const reminder = "<system-reminder>\nPlan mode is active. You MUST NOT make any edits.\n</system-reminder>";
    const h = new History().user(`Look at the parser.\n${reminder}`, "old").filler(3).user(`Now fix it.\n${reminder}`, "latest").filler(3);
    const result = compressMessages(ctx, h.body());
    const old = fieldOf(result.messages, h.ids.old);
    expect(old.startsWith("Look at the parser.\n[recollect: system reminder removed; memory_expand(")).toBe(true);
    expect(old).not.toContain("Plan mode");
    expect(fieldOf(result.messages, h.ids.latest)).toBe(`Now fix it.\n${reminder}`);
    expectExpandable(old, `Look at the parser.\n${reminder}`);
  });

  it("truncates an old tool error to its first lines and diagnostics", () => {
    const error = [
      "Error: command failed with exit code 1",
      ...Array.from({ length: 50 }, (_, i) => `  building module ${i + 1} of 50 (${i * 7} kB)`),
      "TypeError: Cannot read properties of undefined (reading 'map')",
      "    at render (/repo/src/view.tsx:42:17)",
    ].join("\n");
    const h = new History().user("build").step({ tools: [{ name: "e", tool: "bash", input: { command: "npm run build" }, error }] });
    const { out, result } = run(h, "e");
    expect(out).toContain("Error: command failed with exit code 1");
    expect(out).toContain("TypeError: Cannot read properties of undefined (reading 'map')");
    expect(out).toContain("    at render (/repo/src/view.tsx:42:17)");
    expect(out).toMatch(/… \d+ lines? omitted …/);
    expect(out.split("\n").length).toBeLessThan(error.split("\n").length - 10);
    expect(result.stats.byStrategy["tool-errors"]).toBeGreaterThan(0);
    expectExpandable(out, error);
  });

  it("keeps every frame of an old tool error's stack, dependencies' frames too (or leaves the error whole)", () => {
    const frames = Array.from({ length: 50 }, (_, i) => `    at Object.<anonymous> (/repo/node_modules/lib/x${i}.js:${i + 1}:5)`);
    const error = [
      "Error: command failed with exit code 1",
      ...frames,
      "TypeError: Cannot read properties of undefined (reading 'map')",
      "    at render (/repo/src/view.tsx:42:17)",
    ].join("\n");
    const h = new History().user("build").step({ tools: [{ name: "e", tool: "bash", input: { command: "npm run build" }, error }] });
    const { out } = run(h, "e");
    for (const line of [...frames, "TypeError: Cannot read properties of undefined (reading 'map')", "    at render (/repo/src/view.tsx:42:17)"])
      expect(out).toContain(line.trim());
  });

  it("drops the older of two identical calls but keeps its key lines; the latest stays whole", () => {
    const passing = Array.from({ length: 30 }, (_, i) => `  ✓ adds case ${i} (${i} ms)`).join("\n");
    const first = `FAIL src/a.test.ts\n${passing}\n  ● sums\n    expect(received).toBe(expected)\nTests: 1 failed, 30 passed`;
    const second = "PASS src/a.test.ts\nTests: 4 passed";
    const h = new History()
      .user("test")
      .step({ tools: [{ name: "t1", tool: "bash", input: { command: "npm test", description: "run tests" }, output: first }] })
      .step({ tools: [{ tool: "edit", input: { filePath: "src/a.ts", oldString: "a", newString: "b" }, output: "ok" }] })
      .step({ tools: [{ name: "t2", tool: "bash", input: { description: "run tests", command: "npm test" }, output: second }] });
    const { out, result } = run(h, "t1");
    expect(out).toContain("[recollect: same call repeated later; memory_expand(");
    expect(out).toContain("FAIL src/a.test.ts");
    expect(out).toContain("Tests: 1 failed, 30 passed");
    expect(out).not.toContain("expect(received)");
    expect(fieldOf(result.messages, h.ids.t2)).toBe(second);
    expectExpandable(out, first);
  });

  it("condenses old assistant prose but keeps its structure", () => {
    const text = [
      "## Root cause",
      "",
      "Let me explain what is going on here in some detail so that it is clear. The serializer in `src/marshmallow/fields.py` truncates microseconds instead of rounding them. I looked at several other places too. Everything else seemed fine to me after a careful look.",
      "",
      "- `TimeDelta._serialize` divides with `//`",
      "- the tests expect rounding",
      "",
      "```python",
      "return int(value.total_seconds() / base_unit.total_seconds())",
      "```",
      "",
      "Okay, now I will go ahead and make the change, and then I will run the tests again to see whether everything passes as expected this time around.",
    ].join("\n");
    const h = new History().user("explain").step({ name: "p", text });
    const { out } = run(h, "p.text");
    expect(out).toContain("## Root cause");
    expect(out).toContain("- `TimeDelta._serialize` divides with `//`");
    expect(out).toContain("return int(value.total_seconds() / base_unit.total_seconds())");
    expect(out).toContain("The serializer in `src/marshmallow/fields.py` truncates microseconds instead of rounding them.");
    expect(out).not.toContain("Everything else seemed fine");
    expect(out).not.toContain("Okay, now I will go ahead");
    expectExpandable(out, text);
  });

  it("cuts any other large tool output to head, diagnostics and tail", () => {
    const output = Array.from({ length: 120 }, (_, i) => (i === 60 ? "Error: rate limited at https://api.example.com" : `<p>paragraph ${i}</p>`)).join("\n");
    const h = new History().user("fetch").step({ tools: [{ name: "w", tool: "webfetch", input: { url: "https://example.com" }, output }] });
    const { out, result } = run(h, "w");
    expect(out).toContain("<p>paragraph 0</p>");
    expect(out).toContain("<p>paragraph 119</p>");
    expect(out).toContain("Error: rate limited at https://api.example.com");
    expect(result.stats.byStrategy["long-output"]).toBeGreaterThan(0);
  });
});

describe("every aged output, repeated lines, plans", () => {
  it("does not keep lines repeated from the previous tool output (an environment prompt) but keeps repeated diagnostics", () => {
    const prompt = ["(Open file: /repo/a.py)", "(Current directory: /repo)", "bash-$"];
    const first = ["total 3", "a.py", "b.py", ...prompt].join("\n");
    const body = Array.from({ length: 30 }, (_, i) => `row ${i}: value ${i * 7}`);
    const second = [...body.slice(0, 20), "ValueError: bad row", ...body.slice(20), "done: 30 rows", ...prompt].join("\n");
    const h = new History()
      .user("go")
      .step({ tools: [{ tool: "bash", input: { command: "ls -l" }, output: first }] })
      .step({ tools: [{ name: "c", tool: "bash", input: { command: "python rows.py" }, output: second }] });
    const { out } = run(h, "c");
    for (const l of prompt) expect(out).not.toContain(l);
    // The tail is counted without the repeated lines: the output's own last lines are kept.
    expect(out).toContain("done: 30 rows");
    expect(out).toContain("row 29: value 203");
    expect(out).toContain("ValueError: bad row");
    expectExpandable(out, second);
  });

  it("keeps a diagnostic repeated within one output only once", () => {
    const lines = Array.from({ length: 60 }, (_, i) => (i % 10 === 5 ? "src/a.py:12: DeprecationWarning: x is deprecated" : `line ${i}`));
    const output = lines.join("\n");
    const h = new History().user("go").step({ tools: [{ name: "c", tool: "bash", input: { command: "pytest" }, output }] });
    const { out } = run(h, "c");
    expect(out.split("\n").filter((l) => l === "src/a.py:12: DeprecationWarning: x is deprecated")).toHaveLength(1);
    expectExpandable(out, output);
  });

  it("does not mark a read outdated after an edit that failed (a failed edit changed nothing)", () => {
    const body = Array.from({ length: 40 }, (_, i) => `${String(i + 1).padStart(5, "0")}| const v${i} = ${i};`).join("\n");
    const h = new History()
      .user("rename")
      .step({ tools: [{ name: "a", tool: "read", input: { filePath: "/repo/src/a.ts" }, output: body }] })
      .step({ tools: [{ tool: "edit", input: { filePath: "/repo/src/a.ts", oldString: "zz", newString: "w1" }, error: "Error: oldString not found" }] });
    const { out, result } = run(h, "a");
    expect(out).not.toContain("outdated");
    expect(result.stats.byStrategy["file-reads"]).toBeGreaterThan(0);
  });

  it("drops the plan sentences of old prose (the next tool call shows them) but keeps findings and reasons", () => {
    const text =
      "We are indeed seeing the same output as the issue. Let's open `fields.py` and navigate to line 1474. I will use find_file to see where it is. We should use `round` because integer division truncates.";
    const h = new History().user("fix").step({ name: "p", text });
    const { out } = run(h, "p.text");
    expect(out).toContain("We are indeed seeing the same output as the issue.");
    expect(out).toContain("We should use `round` because integer division truncates.");
    expect(out).not.toContain("Let's open");
    expect(out).not.toContain("I will use find_file");
    expectExpandable(out, text);
  });
});

describe("small outputs and long lines", () => {
  it("removes lines of a small output repeated from the previous output, expandable byte for byte", () => {
    const prompt = [
      "(Open file: /__Users__someone__LLM_CTF_Dataset_Dev__HTB__crypto__BabyEncryption/decrypt.py)",
      "(Current directory: /__Users__someone__LLM_CTF_Dataset_Dev__HTB__crypto__BabyEncryption)",
      "bash-$",
    ];
    const second = ["345", ...prompt].join("\n");
    const h = new History()
      .user("go")
      .step({ tools: [{ tool: "bash", input: { command: "python a.py" }, output: ["344", ...prompt].join("\n") }] })
      .step({ tools: [{ name: "c", tool: "bash", input: { command: "python b.py" }, output: second }] });
    const { out, result } = run(h, "c");
    expect(out.startsWith("345\n[recollect: 3 repeated lines; memory_expand(")).toBe(true);
    expect(result.stats.byStrategy["repeated-lines"]).toBeGreaterThan(0);
    expectExpandable(out, second);
  });

  it("keeps only the start of a very long kept line, but a long key line whole", () => {
    const hex = "AB".repeat(400);
    const key = `Error: ${"x".repeat(400)}`;
    const output = [hex, ...Array.from({ length: 20 }, (_, i) => `row ${i}`), key, "end", hex].join("\n");
    const h = new History().user("go").step({ tools: [{ name: "c", tool: "bash", input: { command: "dump" }, output }] });
    const { out } = run(h, "c");
    expect(out).not.toContain(hex);
    expect(out).toContain(`${hex.slice(0, LEVELS[0].maxLineChars)}… (+${hex.length - LEVELS[0].maxLineChars} characters)`);
    expect(out).toContain(key);
    expectExpandable(out, output);
  });
});

describe("key lines, narration, failed calls", () => {
  it("counts diagnostics as key lines but not code that only names an error", () => {
    // Diagnostics, including a linter naming the exception and a path:line on a line of code.
    for (const l of [
      "- E999 IndentationError: unexpected indent",
      "F821 undefined name 'x'",
      "ValueError: bad row",
      "src/a.py:12: in test_x",
      "    raise ValueError(msg)  # src/a.py:40",
      "FAILED tests/test_a.py::test_b",
      "@babel/core@7.24.0: install failed",
      '#8 ERROR: process "/bin/sh -c make" did not complete successfully',
    ])
      expect(isKeyLine(l), l).toBe(true);
    // Source code shown by a read or an edit window.
    for (const l of [
      "1480:        except (TypeError, ValueError) as error:",
      "        except OverflowError as error:",
      '    raise self.make_error("invalid") from error',
      "def test_fail():",
      "  00012| // the request failed: retry",
      '\tif err != nil { return fmt.Errorf("failed: %w", err) }',
    ])
      expect(isKeyLine(l), l).toBe(false);
  });

  it("keeps the error messages of a failed call before the stack frames that only locate them", () => {
    const frames = Array.from({ length: 40 }, (_, i) => `    at step${i} (/repo/src/s${i}.ts:${i + 1}:3)`);
    const error = [
      "Error: build failed",
      ...frames.slice(0, 35),
      "TypeError: x is not a function",
      ...frames.slice(35),
      "    at main (/repo/src/main.ts:1:1)",
    ].join("\n");
    const h = new History().user("build").step({ tools: [{ name: "e", tool: "bash", input: { command: "npm run build" }, error }] });
    const { out } = run(h, "e");
    expect(out).toContain("TypeError: x is not a function");
    // Frames in the project are path:line lines: every one survives (or the part stays whole).
    for (const f of frames) expect(out).toContain(f.trim());
    if (out !== error) expectExpandable(out, error);
  });

  it("leaves the environment prompt of a failed call out when the previous output showed it", () => {
    const prompt = ["(Open file: /repo/a.py)", "(Current directory: /repo)", "bash-$"];
    const window = Array.from({ length: 30 }, (_, i) => `${i + 1}:    x_${i} = ${i}`);
    const error = [
      "Your proposed edit has introduced new syntax error(s).",
      "",
      "ERRORS:",
      "- E999 IndentationError: unexpected indent",
      ...window,
      "Your changes have NOT been applied.",
      ...prompt,
    ].join("\n");
    const h = new History()
      .user("edit")
      .step({ tools: [{ tool: "bash", input: { command: "python a.py" }, output: ["344", ...prompt].join("\n") }] })
      .step({ tools: [{ name: "e", tool: "edit", input: { filePath: "a.py", newString: "  x" }, error }] });
    const { out } = run(h, "e");
    expect(out).toContain("- E999 IndentationError: unexpected indent");
    expect(out).toContain("Your changes have NOT been applied.");
    for (const l of prompt) expect(out).not.toContain(l);
    expectExpandable(out, error);
  });

  it("drops narration of where the agent is and predictions, but keeps findings", () => {
    const text =
      "We are now looking at the relevant section of the `fields.py` file where the serialization occurs. The bug is the integer division, which truncates the decimal part on line 1475. This should preserve the milliseconds precision as expected.";
    const h = new History().user("fix").step({ name: "p", text });
    const { out } = run(h, "p.text");
    expect(out).not.toContain("We are now looking");
    expect(out).not.toContain("This should preserve");
    expect(out).toContain("The bug is the integer division, which truncates the decimal part on line 1475.");
    expectExpandable(out, text);
    // Findings phrased like narration or predictions stay.
    const findings =
      "We are seeing a TypeError when the list is empty, not the expected output. It should be 345 but the tool prints 344 instead. This should print `345` once the rounding is right.";
    const h2 = new History().user("fix").step({ name: "q", text: findings });
    const kept = run(h2, "q.text").out;
    expect(kept).toBe(findings);
  });
});
