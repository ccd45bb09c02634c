import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSessions, scoreSessions } from "../../../bench/checkpoints/quality";
import { decisionsIn } from "../../../lib/checkpoints/decisions";
import { errorsOf } from "../../../lib/checkpoints/errors";
import { extractCheckpoint } from "../../../lib/checkpoints/extract";
import { nextStepsIn } from "../../../lib/checkpoints/next-steps";
import type { ToolCall, Turn } from "../../../lib/checkpoints/timeline";

const FIXTURES = path.join(import.meta.dirname, "../../fixtures/checkpoints");

describe("decisions", () => {
  it.each([
    "I'll go with an in-memory LRU, since there is one process.",
    "Let's use cursor pagination instead of offsets.",
    "Decision: pino, because it writes JSON lines.",
    "We'll keep the pages router; the app router is a separate task.",
    "I'm going with a single constant to avoid the mix-up.",
    "Going with a multi-stage build on node:22-slim.",
    "We decided to add a trigram index.",
    "Server-sent events it is: they ride on the existing port.",
    "We'll stream the CSV rather than build it in memory.",
  ])("finds the English decision %j", (s) => expect(decisionsIn(s)).toEqual([s]));

  it.each([
    "我决定用内存令牌桶，因为只有一个实例。",
    "采用 next-intl，因为它支持服务端组件。",
    "选择用预签名 URL。",
    "就用 drizzle-kit 生成迁移，不手写 SQL。",
    "模板部分定为纯函数。",
    "改用扁平配置。",
  ])("finds the Chinese decision %j", (s) => expect(decisionsIn(s)).toEqual([s]));

  it.each([
    "Let's use grep to find where the token is read.",
    "I'll run the tests now.",
    "Should we go with Redis?",
    "If we need more instances we could go with Redis.",
    "We haven't decided between Postgres and SQLite.",
    "Let's not go with the queue library for now.",
    "Let's remove the file since it is no longer needed.",
    "Let me read the config first, because it sets the port.",
    "还没决定用哪个认证服务。",
    "要不要用 Redis？",
    "接下来准备换用 jschardet 做探测。",
  ])("is not fooled by %j", (s) => expect(decisionsIn(s)).toEqual([]));
});

describe("next steps", () => {
  it("takes announced steps in English and Chinese", () => {
    expect(nextStepsIn("Fixed it. Next step: add the 429 headers.")).toEqual(["Next step: add the 429 headers."]);
    expect(nextStepsIn("Done. Next: remove the debug helper.")).toEqual(["Next: remove the debug helper."]);
    expect(nextStepsIn("Remaining: document the cursor parameter.")).toHaveLength(1);
    expect(nextStepsIn("TODO: apply the helper to the import tests.")).toHaveLength(1);
    expect(nextStepsIn("Still need to add a test for the refresh path.")).toHaveLength(1);
    expect(nextStepsIn("After that I will port the users route.")).toHaveLength(1);
    expect(nextStepsIn("已修复。下一步：加上 429 响应头。")).toEqual(["下一步：加上 429 响应头。"]);
    expect(nextStepsIn("设置页已经支持切换。还需要把日期格式也本地化。")).toEqual(["还需要把日期格式也本地化。"]);
  });

  it("takes the items of a list under a plan heading, and only those", () => {
    expect(nextStepsIn("Still broken. Next steps:\n1. Check the font package.\n2. Re-run the build.\n\nThe rest is fine.")).toEqual([
      "Check the font package.",
      "Re-run the build.",
    ]);
    expect(nextStepsIn("队列已经能跑了。后面要做：\n1. 失败任务的重试\n2. 管理页显示队列长度")).toEqual(["失败任务的重试", "管理页显示队列长度"]);
    expect(nextStepsIn("Changes:\n- renamed take() to consume()\n- added a test")).toEqual([]);
  });

  it("in the last message, skips a recap's items and keeps the plan's", () => {
    const last =
      "Done.\n\n**Accomplished:**\n- ✅ Built the plugin\n- ✅ Fixed iOS networking\n\n**Next Phase (6):**\n- Visualization of entity relationships\n- Export sessions to PDF";
    expect(nextStepsIn(last, true)).toEqual(["Visualization of entity relationships", "Export sessions to PDF"]);
    expect(nextStepsIn("Ready to implement:\n1. Add the route\n2. Wire the form", true)).toEqual(["Add the route", "Wire the form"]);
    expect(nextStepsIn("Remaining work completed so far:\n- port the CLI", true)).toEqual(["port the CLI"]);
  });

  it("ignores questions and code", () => {
    expect(nextStepsIn("Should I do the next step now?")).toEqual([]);
    expect(nextStepsIn("```\n// TODO: next step\n```")).toEqual([]);
  });
});

let n = 0;
const call = (tool: string, input: Record<string, unknown>, output = "", status = "completed", error = ""): ToolCall => ({
  tool,
  input,
  output,
  status,
  error,
});
const turn = (role: "user" | "assistant", text: string, ...tools: ToolCall[]): Turn => ({ index: n++, id: null, role, text, tools, patchedFiles: [] });
const bash = (command: string, output: string) => call("bash", { command }, output);
const edit = (filePath: string) => call("edit", { filePath, oldString: "a", newString: "b" }, "ok");

describe("errors fixed or open", () => {
  const failing = bash("npm run build", "Failed to compile.\nsrc/app.ts:3:1\nTypeError: x is not a function\n> Build error occurred");

  it("names the specific line, not the generic one, with an assertion's expected/received", () => {
    expect(errorsOf([turn("assistant", "", failing)])[0].message).toBe("TypeError: x is not a function");
    const py = bash("grep -rn foo . && python run.py", 'Traceback (most recent call last):\n  File "run.py", line 3\nValueError: bad input');
    expect(errorsOf([turn("assistant", "", py)])[0].message).toBe("ValueError: bad input");
    const pw = bash("npx playwright test", "Error: expect(received).toBe(expected)\n\nExpected: 200\nReceived: 403\n1 failed");
    expect(errorsOf([turn("assistant", "", pw)])[0].message).toContain("Received: 403");
  });

  it("a failed command's error names the failing line, not only its exit code", () => {
    const pytest = call(
      "bash",
      { command: "pytest tests" },
      "",
      "error",
      "Exit code 1\ntests/test_profile.py::TestProfileAPI::test_update_profile FAILED [ 66%]\n1 failed, 4 passed",
    );
    expect(errorsOf([turn("assistant", "", pytest)])[0].message).toBe("tests/test_profile.py::TestProfileAPI::test_update_profile FAILED (Exit code 1)");
    const git = call("bash", { command: "git add -A" }, "", "error", "Exit code 128\nfatal: not a git repository (or any of the parent directories): .git");
    expect(errorsOf([turn("assistant", "", git)])[0].message).toContain("fatal: not a git repository");
    expect(errorsOf([turn("assistant", "", git)])[0].message).toContain("Exit code 128");
    const plain = call("bash", { command: "make" }, "", "error", "Exit code 2");
    expect(errorsOf([turn("assistant", "", plain)])[0].message).toBe("Exit code 2");
  });

  it("the same failing test seen again at another progress percentage is one error", () => {
    const run = (pct: string) => bash("pytest -v", `tests/a.py::test_x FAILED [${pct}]\n1 failed`);
    expect(errorsOf([turn("assistant", "", run(" 20%")), turn("assistant", "", run(" 33%"))])).toHaveLength(1);
  });

  it("a ticked recap line naming no error says nothing about the latest one", () => {
    const git = call("bash", { command: "git add -A" }, "", "error", "Exit code 128\nfatal: not a git repository");
    expect(errorsOf([turn("assistant", "", git), turn("assistant", "Summary:\n- ✅ Fixed iOS networking issues")])[0].fixed).toBe(false);
    expect(errorsOf([turn("assistant", "", git), turn("assistant", "I fixed this issue by running git init.")])[0].fixed).toBe(true);
  });

  it("fixed by a later successful run of the same command", () => {
    expect(errorsOf([turn("assistant", "", failing), turn("assistant", "", bash("npm run build", "✓ Compiled"))])[0].fixed).toBe(true);
  });

  it("fixed by a later edit of the file the error names, open when it is not edited", () => {
    expect(errorsOf([turn("assistant", "", failing), turn("assistant", "", edit("/repo/src/app.ts"))])[0].fixed).toBe(true);
    expect(errorsOf([turn("assistant", "", failing), turn("assistant", "", edit("/repo/src/other.ts"))])[0].fixed).toBe(false);
  });

  it("a recurrence after the edit keeps it open", () => {
    expect(errorsOf([turn("assistant", "", failing), turn("assistant", "", edit("/repo/src/app.ts")), turn("assistant", "", failing)])[0].fixed).toBe(false);
  });

  it("fixed when the assistant says so (naming it, or the latest error), in English and Chinese", () => {
    const e = bash("node x.js", "EACCES: permission denied");
    expect(errorsOf([turn("assistant", "", e), turn("assistant", "I resolved the EACCES error by changing the owner.")])[0].fixed).toBe(true);
    expect(errorsOf([turn("assistant", "", e), turn("assistant", "The RangeError is gone.")])[0].fixed).toBe(false);
    expect(errorsOf([turn("assistant", "", e), turn("assistant", "问题解决了，改了属主。")])[0].fixed).toBe(true);
    expect(errorsOf([turn("assistant", "", e), turn("assistant", "I fixed the expiry check.")])[0].fixed).toBe(false);
  });

  it("stays open when the assistant says it is not fixed, or only might be", () => {
    const e = bash("node x.js", "Error: ENOENT: no such file or directory, open 'a.ttf'\n    at lib/pdf.ts:12:8");
    expect(errorsOf([turn("assistant", "", e), turn("assistant", "I haven't fixed the ENOENT yet.")])[0].fixed).toBe(false);
    expect(errorsOf([turn("assistant", "", e), turn("assistant", "If the path is right, this should be fixed.")])[0].fixed).toBe(false);
    expect(
      errorsOf([turn("assistant", "", e), turn("assistant", "", edit("lib/pdf.ts")), turn("assistant", "The build still fails with this error.")])[0].fixed,
    ).toBe(false);
    expect(errorsOf([turn("assistant", "", e), turn("assistant", "还是报错，问题还没解决。")])[0].fixed).toBe(false);
  });
});

describe("progress", () => {
  it("names what now works, in English and Chinese", () => {
    const x = extractCheckpoint([
      turn("user", "Make search tolerate typos."),
      turn("assistant", "Typo search works now; p95 is 38 ms. The export tests pass reliably."),
      turn("assistant", "设置页已经支持中英文切换。"),
    ]);
    expect(x.progress).toEqual(
      expect.arrayContaining(["Typo search works now; p95 is 38 ms.", "The export tests pass reliably.", "设置页已经支持中英文切换。"]),
    );
  });
});

describe("checkpoint quality on the tuning sessions", () => {
  it("finds every expected decision, next step, file and error status", () => {
    const { byLang, misses } = scoreSessions(loadSessions(path.join(FIXTURES, "tuning", "sessions.json")));
    for (const kind of ["decisions", "constraints", "nextSteps", "files", "errors"] as const)
      expect(byLang.all[kind].found, misses.join("\n")).toBe(byLang.all[kind].expected);
  });
});

describe("checkpoint quality on the unseen sessions (issue 23; never tuned on)", () => {
  it("has at least 15 sessions in English and Chinese; >= 90% of decisions, next steps and constraints, errors fixed/open >= 90% right", () => {
    const sessions = loadSessions(path.join(FIXTURES, "unseen", "sessions.json"));
    expect(sessions.length).toBeGreaterThanOrEqual(15);
    expect(new Set(sessions.map((s) => s.lang))).toEqual(new Set(["en", "zh"]));
    const { byLang, misses } = scoreSessions(sessions);
    for (const kind of ["decisions", "constraints", "nextSteps", "errors"] as const)
      expect(byLang.all[kind].found / byLang.all[kind].expected, misses.join("\n")).toBeGreaterThanOrEqual(0.9);
  });
});
