import { describe, expect, it } from "vitest";
import { compressMessages, expandCompressedOriginal, isKeyLine } from "../../../lib/compression";
import { noiseTool, withoutNoise } from "../../../lib/compression/noise";
import { contextsPerTest } from "../../helpers/contexts";
import { excerpt, fieldOf, hashIn, History } from "./history";

/** Noise at first send (lib/compression/noise.ts): left out of an output from its first request, key lines kept, one expand away. */
const contexts = contextsPerTest();

const passing = Array.from({ length: 40 }, (_, i) => `tests/test_fields.py::test_case_${i} PASSED                [ ${i}%]`);
const pytest = [
  "============================= test session starts ==============================",
  "collected 41 items",
  "",
  ...passing,
  "tests/test_fields.py::test_timedelta FAILED              [100%]",
  "E       AssertionError: assert 3 == 4",
  "tests/test_fields.py:42: AssertionError",
  "=========================== short test summary info ============================",
  "FAILED tests/test_fields.py::test_timedelta - AssertionError: assert 3 == 4",
  "========================= 1 failed, 40 passed in 0.52s =========================",
].join("\n");

describe("noise at first send", () => {
  it("leaves out passing tests from the first request, keeps every key line and the summary, and expands to the output", () => {
    const ctx = contexts();
    const h = new History()
      .user("Run the tests")
      .step({ name: "s", tools: [{ name: "run", tool: "bash", input: { command: "pytest tests" }, output: pytest }] });
    const out = fieldOf(compressMessages(ctx, h.body()).messages, h.ids.run);
    expect(out).not.toContain("test_case_7 PASSED");
    for (const line of pytest.split("\n").filter(isKeyLine)) expect(out).toContain(line);
    expect(out).toContain("1 failed, 40 passed in 0.52s");
    expect(out).toMatch(/\[recollect: not sent: 40 passing-test lines; memory_expand\("[0-9a-f]{16}"\)\]$/);
    expect(expandCompressedOriginal(ctx, hashIn(out)).content).toBe(pytest);
    // The next request sends the same bytes (the provider caches it once, as sent).
    h.step({ tools: [{ tool: "bash", input: { command: "ls" }, output: "a.py" }] });
    expect(fieldOf(compressMessages(ctx, h.body()).messages, h.ids.run)).toBe(out);
  });

  it("leaves out install logs, escape sequences, lines repeated in a row and the middle of a long listing", () => {
    const pip = excerpt("bash-pip-install").output;
    const cut = withoutNoise(pip);
    expect(cut?.removed["install-log lines"]).toBeGreaterThan(0);
    for (const line of pip.split("\n").filter(isKeyLine)) expect(cut?.text).toContain(line);
    expect(withoutNoise("\x1b[31mred\x1b[0m text")?.text).toBe("red text");
    expect(withoutNoise(["start", ...Array(10).fill("waiting"), "done"].join("\n"))?.text).toBe("start\nwaiting\n[the line above 9 more times]\ndone");
    const listing = Array.from({ length: 400 }, (_, i) => `./src/module_${i}/file_${i}.py`);
    listing[200] = "find: './secret': Permission denied";
    const listed = withoutNoise(listing.join("\n"))!.text;
    expect(listed).toContain("./src/module_0/file_0.py");
    expect(listed).toContain("./src/module_399/file_399.py");
    expect(listed).not.toContain("./src/module_150/file_150.py");
    expect(listed).toContain("find: './secret': Permission denied");
    expect(withoutNoise("plain output\nof two lines")).toBeUndefined();
  });

  it("never cuts what the model must read whole: reads, file contents and diffs through a shell, edits", () => {
    expect(noiseTool("bash", { command: "pytest -q" })).toBe(true);
    for (const command of [
      "cat src/a.py",
      "sed -n '1,80p' src/a.py",
      "nl -ba src/a.py | sed -n '10,20p'",
      "git diff",
      "cd repo && git show HEAD",
      "head -50 log.txt",
    ])
      expect(noiseTool("bash", { command })).toBe(false);
    expect(noiseTool("read", { filePath: "a.py" })).toBe(false);
    expect(noiseTool("edit", { filePath: "a.py" })).toBe(false);
    // Each at its first send (once aged, the schedule may compress any output: schedule.test.ts).
    const ctx = contexts();
    const h = new History().user("Look").step({ tools: [{ name: "cat", tool: "bash", input: { command: "cat tests/out.txt" }, output: pytest }] });
    expect(fieldOf(compressMessages(ctx, h.body()).messages, h.ids.cat)).toBe(pytest);
    h.step({ tools: [{ name: "read", tool: "read", input: { filePath: "tests/out.txt" }, output: pytest }] });
    expect(fieldOf(compressMessages(ctx, h.body()).messages, h.ids.read)).toBe(pytest);
  });

  it("is off with `noise` in disabledStrategies", () => {
    const ctx = contexts({ env: { RECOLLECT_COMPRESSION_DISABLED_STRATEGIES: "noise" } });
    const h = new History().user("Run the tests").step({ tools: [{ name: "run", tool: "bash", input: { command: "pytest tests" }, output: pytest }] });
    expect(fieldOf(compressMessages(ctx, h.body()).messages, h.ids.run)).toBe(pytest);
  });
});
