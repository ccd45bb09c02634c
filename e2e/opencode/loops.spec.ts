import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, type TestServer } from "../../tests/helpers/server";
import { lastUserText, startFakeLlm, textOf, type ChatRequest, type FakeLlm, type Reply } from "./helpers/fake-llm";
import { newSession, prompt, sharedGlobalOpencode, startOpencode, tempDir, type Opencode } from "./helpers/opencode";

/**
 * Code-and-audit loops in the real OpenCode client (pinned), driven by the plugin against our real
 * server and a scripted fake LLM. The `code` and `auditor` agents are defined here in
 * opencode.json (a valid user setup); opencode.json lives in the user's config dir so that the
 * loop's worktree (another directory OpenCode serves) gets the same plugin, provider and agents.
 *
 * OpenCode reads the user's config once per process, so a test with loop options of its own starts
 * its own OpenCode; the tests with the default options share one process (`sharedGlobalOpencode`),
 * each in a new project dir (a git repository of its own) whose instance is disposed after it; a
 * failed test ends the shared process, so the next one gets a new OpenCode.
 */

let server: TestServer;
let llm: FakeLlm;
let oc: Opencode | undefined;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  if (!process.env.RECOLLECT_SKIP_BUILD) ensureBuild();
  [server, llm] = await Promise.all([startServer(), startFakeLlm()]);
  await defaults.warm(); // the shared OpenCode's start-up is not the first test's to pay
});

test.afterAll(async () => {
  await oc?.stop();
  await defaults.discard();
  await server?.stop();
  await llm?.close();
});

/** The fake LLM is shared: each test reads only the requests made after it started. */
let firstRequest = 0;
test.beforeEach(() => {
  firstRequest = llm.requests.length;
});
const bodies = () => llm.requests.slice(firstRequest).map((r) => r.body);

test.afterEach(async ({}, info) => {
  const failed = info.status !== info.expectedStatus;
  if (failed && oc)
    console.log(
      oc
        .log()
        .split("\n")
        .filter((l) => /recollect|loop|error/i.test(l))
        .slice(-40)
        .join("\n"),
    );
  if (failed) await defaults.discard();
  await oc?.stop();
  oc = undefined;
});

const AGENTS = {
  code: { description: "loop coder", mode: "primary", prompt: "You are the loop's coder. Change files to finish the task." },
  auditor: { description: "loop auditor", mode: "primary", prompt: "You are the loop's auditor. Review diffs; record findings with memory_finding." },
};

let worktreesDir = "";
const README = { "README.md": "# demo\n" };
/** The user's config of a loop test: the plugin with these loop options, the provider, the agents. */
const userConfig = (loops: Record<string, unknown>, extraModels: string[] = []) => ({
  llmUrl: llm.url,
  agents: AGENTS,
  extraModels,
  pluginOptions: {
    url: server.url,
    dataDir: server.dataDir,
    autoStart: false,
    timeoutMs: 5000,
    compressTimeoutMs: 10_000,
    loops: { worktreesDir, pollMs: 300, adoptPollMs: 0, ...loops },
  },
});
// The default loop options, shared by the tests that set none; its worktrees dir is set when it starts.
const defaultsWorktrees = () => tempDir("oc-loop-wt-");
let sharedWorktreesDir = "";
const defaults = sharedGlobalOpencode(() => {
  sharedWorktreesDir ||= defaultsWorktrees();
  worktreesDir = sharedWorktreesDir;
  return userConfig({});
});
async function start(loops: Record<string, unknown> = {}, files: Record<string, string> = README, extraModels: string[] = []) {
  if (Object.keys(loops).length === 0 && extraModels.length === 0) {
    oc = await defaults.open({ git: true, files });
    worktreesDir = sharedWorktreesDir;
    return oc;
  }
  await defaults.discard(); // one OpenCode at a time: its stall and fail-open deadlines race no other
  ownOpencodeTimeout();
  worktreesDir = tempDir("oc-loop-wt-");
  oc = await startOpencode({ ...userConfig(loops, extraModels), git: true, globalConfig: true, files });
  return oc;
}

/**
 * A test with an OpenCode of its own pays its start and first turns (a start is waited for up to
 * 180 s): at load 18 on 2 cores, with CI's install beside it, test 8 ran out of the 120 s default
 * in its first prompt. The bound is for a hang.
 */
const ownOpencodeTimeout = () => test.setTimeout(360_000);

const lastRole = (r: ChatRequest) => r.messages[r.messages.length - 1]?.role;
const isCoder = (r: ChatRequest) => r.messages.some((m) => m.role === "user" && textOf(m).includes("of an autonomous coding loop"));
const isAuditor = (r: ChatRequest) => r.messages.some((m) => m.role === "user" && textOf(m).startsWith("You audit iteration"));
const iterationOf = (r: ChatRequest) =>
  Number(
    /iteration (\d+)/.exec(
      r.messages
        .filter((m) => m.role === "user")
        .map(textOf)
        .join("\n"),
    )?.[1] ?? 0,
  );
const workdirOf = (r: ChatRequest) => /working in (\S+?)\. /.exec(r.messages.map(textOf).join("\n"))?.[1] ?? "";
const toolResults = (r: ChatRequest) => r.messages.filter((m) => m.role === "tool").map(textOf);

type Loop = Record<string, any>;
async function loopsOf(dir: string): Promise<Loop[]> {
  return (await (await server.api(`/api/loops?directory=${encodeURIComponent(dir)}`)).json()).items;
}
async function getLoop(id: string): Promise<Loop> {
  return (await server.api(`/api/loops/${id}`)).json();
}
async function waitEnded(id: string, timeout = 90_000): Promise<Loop> {
  let loop: Loop = {};
  await expect.poll(async () => (loop = await getLoop(id)).status, { timeout, intervals: [250] }).not.toBe("running");
  return loop;
}

/**
 * The main session asks the architect (whose tools the loop tools are) for a loop; the fake LLM
 * calls memory_loop with these arguments.
 */
async function startLoop(args: Record<string, unknown>): Promise<Loop> {
  const session = await newSession(oc!);
  await prompt(oc!, session, "start the loop", "architect");
  const loops = await loopsOf(oc!.projectDir);
  expect(loops.length, JSON.stringify(args)).toBe(1);
  return loops[0]!;
}
function mainScript(args: Record<string, unknown>, rest: (req: ChatRequest) => Reply | undefined) {
  llm.setResponder((req) => {
    if (isCoder(req) || isAuditor(req)) return rest(req);
    if (lastRole(req) === "tool") return { text: "loop started" };
    if (lastUserText(req).includes("start the loop")) return { toolCalls: [{ name: "memory_loop", args }] };
    return { text: "ok" };
  });
}
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

test("1. code -> audit with a finding -> code -> clean audit -> complete, in a worktree on its own branch", async () => {
  await start();
  // The second coder waits until the open finding has been checked; otherwise the loop can resolve it first.
  let findingChecked!: () => void;
  const checked = new Promise<void>((resolve) => (findingChecked = resolve));
  mainScript({ task: "Create hello.txt saying hello", maxIterations: 5 }, (req) => {
    const n = iterationOf(req);
    if (isCoder(req)) {
      if (lastRole(req) === "tool") return { text: n >= 2 ? "Fixed.\n<promise>LOOP_COMPLETE</promise>" : "First pass written." };
      const content = n >= 2 ? "hello, world\n" : "helo\n";
      const write = { name: "write", args: { filePath: path.join(workdirOf(req), "hello.txt"), content } };
      return { toolCalls: [write], waitFor: n >= 2 ? checked : undefined };
    }
    if (lastRole(req) === "tool") return { text: "Audit done." };
    if (n === 1) return { toolCalls: [{ name: "memory_finding", args: { file: "hello.txt", line: 1, severity: "major", description: "typo: helo" } }] };
    return { toolCalls: [{ name: "memory_finding", args: { file: "hello.txt", line: 1, resolved: true } }] };
  });
  const loop = await startLoop({});
  expect(loop.branch).toBe(`recollect/loop-${loop.slug}`);
  // The worktree exists while the loop runs.
  await expect.poll(async () => (await getLoop(loop.id)).worktreePath ?? "", { timeout: 30_000 }).not.toBe("");
  const worktree = (await getLoop(loop.id)).worktreePath as string;
  expect(git(oc!.projectDir, "worktree", "list")).toContain(worktree);

  // While the finding is open, the Loops state and KV show it.
  await expect.poll(async () => (await getLoop(loop.id)).findingsOpen, { timeout: 60_000 }).toBe(1);
  const key = encodeURIComponent("review-finding:hello.txt:1");
  const finding = await (await server.api(`/api/kv/${key}?directory=${encodeURIComponent(oc!.projectDir)}`)).json();
  expect(finding.value).toMatchObject({ severity: "major", description: "typo: helo", status: "open", loopId: loop.id });
  findingChecked();

  const ended = await waitEnded(loop.id);
  expect(ended).toMatchObject({ status: "completed", iteration: 2, auditsDone: 2, findingsOpen: 0, worktreePath: null });
  expect(ended.phases.map((p: Loop) => `${p.iteration}:${p.kind}:${p.status}`)).toEqual(["1:code:done", "1:audit:done", "2:code:done", "2:audit:done"]);
  expect(ended.phases.map((p: Loop) => p.sessionId).every(Boolean)).toBe(true);
  expect(new Set(ended.phases.map((p: Loop) => p.sessionId)).size).toBe(4); // a fresh session per phase
  expect(ended.tokensInput).toBeGreaterThan(0);
  // The second coder saw the open finding; the second auditor saw the iteration's diff.
  const coder2 = bodies().find((b) => isCoder(b) && iterationOf(b) === 2)!;
  expect(coder2.messages.map(textOf).join("\n")).toContain("hello.txt:1 [major, 1 audit(s)] typo: helo");
  const auditor2 = bodies().find((b) => isAuditor(b) && iterationOf(b) === 2)!;
  expect(auditor2.messages.map(textOf).join("\n")).toMatch(/-helo\n\+hello, world/);

  // Worktree removed, branch kept with a commit per iteration, the user's tree untouched.
  expect(fs.existsSync(worktree)).toBe(false);
  expect(git(oc!.projectDir, "worktree", "list").split("\n")).toHaveLength(1);
  expect(git(oc!.projectDir, "log", "--format=%s", ended.branch)).toMatch(/iteration 2\n.*iteration 1\n/);
  expect(git(oc!.projectDir, "show", `${ended.branch}:hello.txt`)).toBe("hello, world");
  expect(fs.existsSync(path.join(oc!.projectDir, "hello.txt"))).toBe(false);
  expect(git(oc!.projectDir, "branch", "--show-current")).toBe("main");
  // The finding was resolved and deleted from KV.
  expect((await server.api(`/api/kv/${key}?directory=${encodeURIComponent(oc!.projectDir)}`)).status).toBe(404);
});

test("2. maxIterations reached", async () => {
  await start();
  mainScript({ task: "Never finished", maxIterations: 2, audit: false }, (req) =>
    lastRole(req) === "tool" ? { text: "more to do" } : { text: "still working" },
  );
  const loop = await startLoop({});
  const ended = await waitEnded(loop.id);
  expect(ended).toMatchObject({ status: "max_iterations", iteration: 2 });
  expect(ended.phases.map((p: Loop) => `${p.iteration}:${p.kind}`)).toEqual(["1:code", "2:code"]);
});

test("3. cancel mid-phase (as the CLI and the browser do): the session is aborted, the worktree removed, the branch kept", async () => {
  await start();
  let coderAsked = false;
  mainScript({ task: "Slow work" }, () => {
    coderAsked = true;
    return { text: "slow", delayMs: 60_000 };
  });
  const loop = await startLoop({});
  await expect.poll(() => coderAsked, { timeout: 30_000 }).toBe(true);
  const worktree = (await getLoop(loop.id)).worktreePath as string;
  expect(fs.existsSync(worktree)).toBe(true);
  const res = await server.api(`/api/loops/${loop.id}/cancel`, { method: "POST" });
  expect((await res.json()).status).toBe("cancelled");
  await expect.poll(() => fs.existsSync(worktree), { timeout: 30_000 }).toBe(false);
  expect(git(oc!.projectDir, "branch", "--list", loop.branch)).toContain(loop.branch);
  await expect.poll(async () => (await getLoop(loop.id)).worktreePath, { timeout: 30_000 }).toBeNull();
  const ended = await getLoop(loop.id);
  expect(ended.phases[0]).toMatchObject({ kind: "code", status: "cancelled" });
});

test("4. git push and the blocked tools are denied inside a loop session", async () => {
  await start();
  mainScript({ task: "Push it", maxIterations: 1, audit: false }, (req) => {
    if (lastRole(req) === "tool") {
      const results = toolResults(req);
      return results.length >= 2 ? { text: "gave up" } : { toolCalls: [{ name: "memory_loop", args: { task: "nested" } }] };
    }
    return { toolCalls: [{ name: "bash", args: { command: "git push origin HEAD", description: "push" } }] };
  });
  const loop = await startLoop({});
  await waitEnded(loop.id);
  const coderReqs = bodies().filter(isCoder);
  const results = coderReqs.flatMap(toolResults);
  expect(results.some((t) => t.includes("git push is denied inside a loop session"))).toBe(true);
  // The loop tool is not even offered to a loop session; called anyway, it is refused.
  expect(coderReqs[0]!.tools?.map((t) => t.function.name)).not.toContain("memory_loop");
  expect(coderReqs[0]!.tools?.map((t) => t.function.name)).not.toContain("question");
  // A loop without a sandbox is not offered the sandbox's tools.
  for (const body of coderReqs) expect(body.tools!.map((t) => t.function.name)).not.toContain("sandbox_grep");
  expect(bodies().some((b) => !isCoder(b) && b.tools?.some((t) => t.function.name === "memory_loop"))).toBe(true);
  expect(await loopsOf(oc!.projectDir)).toHaveLength(1);
});

test("5. in-place mode: no worktree, no branch, the project's own directory", async () => {
  await start();
  mainScript({ task: "Write notes.txt", inPlace: true, audit: false, maxIterations: 3 }, (req) => {
    if (lastRole(req) === "tool") return { text: "<promise>LOOP_COMPLETE</promise>" };
    return { toolCalls: [{ name: "write", args: { filePath: path.join(workdirOf(req), "notes.txt"), content: "notes\n" } }] };
  });
  const loop = await startLoop({});
  expect(loop).toMatchObject({ mode: "in_place" });
  const ended = await waitEnded(loop.id);
  expect(ended).toMatchObject({ status: "completed", iteration: 1, branch: null, worktreePath: null });
  expect(fs.readFileSync(path.join(oc!.projectDir, "notes.txt"), "utf8")).toBe("notes\n");
  expect(git(oc!.projectDir, "branch", "--list", "recollect/*")).toBe("");
  expect(git(oc!.projectDir, "worktree", "list").split("\n")).toHaveLength(1);
});

test("6. /loop and /cancel-loop are registered by the plugin; /loop starts a loop through memory_loop", async () => {
  await start();
  const commands = (await oc!.client.command.list()).data ?? [];
  expect(commands.map((c) => c.name)).toEqual(expect.arrayContaining(["loop", "cancel-loop"]));
  llm.setResponder((req) => {
    if (isCoder(req)) return { text: "<promise>LOOP_COMPLETE</promise>" };
    if (lastRole(req) === "tool") return { text: "started" };
    const text = lastUserText(req);
    // The command's template reached the model with the arguments in it.
    if (text.includes("calling the memory_loop tool once") && text.includes("Write the docs"))
      return { toolCalls: [{ name: "memory_loop", args: { task: "Write the docs", maxIterations: 1, audit: false } }] };
    return { text: "ok" };
  });
  const session = await newSession(oc!);
  const res = await oc!.client.session.command({ path: { id: session }, body: { command: "loop", arguments: "Write the docs" } });
  expect(res.error).toBeUndefined();
  const [loop] = await loopsOf(oc!.projectDir);
  expect(loop).toMatchObject({ task: "Write the docs" });
  expect((await waitEnded(loop!.id)).status).toBe("completed");
});

test("7. three consecutive errors (the provider answers 500s) end the loop with the errors status", async () => {
  await start();
  let coderRequests = 0;
  mainScript({ task: "Always failing", audit: false, maxIterations: 5 }, () => {
    coderRequests += 1;
    return { status: 500, text: "upstream exploded" };
  });
  const loop = await startLoop({});
  const ended = await waitEnded(loop.id);
  expect(ended).toMatchObject({ status: "errors", iteration: 1, consecutiveErrors: 3 });
  expect(ended.lastError).toContain("upstream exploded");
  // Three sessions for the one phase (each error re-triggers it in a fresh one), none of them answered.
  const sessions = (await oc!.client.session.list({ query: { directory: path.join(worktreesDir, loop.slug) } })).data ?? [];
  expect(sessions.filter((s) => s.title === `loop ${loop.slug} #1 code`)).toHaveLength(3);
  expect(coderRequests).toBeGreaterThanOrEqual(3);
  expect(ended.phases.map((p: Loop) => `${p.iteration}:${p.kind}:${p.status}`)).toEqual(["1:code:error"]);
});

/**
 * This machine has no Docker engine: a fake `docker` on PATH records its arguments and runs the
 * `exec` payloads locally in the bind-mounted worktree (/workspace mapped back to it).
 */
function fakeDocker(): { dir: string; log: string } {
  const dir = tempDir("fake-docker-");
  const log = path.join(dir, "calls.log");
  fs.writeFileSync(
    path.join(dir, "docker"),
    `#!/bin/sh
printf '%s\\n' "$*" >> "${log}"
case "$1" in
  version) echo 27.0.0-fake ;;
  run) while [ $# -gt 0 ]; do [ "$1" = "-v" ] && [ ! -e "${log}.mount" ] && printf '%s' "\${2%%:*}" > "${log}.mount"; shift; done; echo fakecontainer ;;
  exec) while [ "$1" != "sh" ]; do shift; done; shift 2; mount=$(cat "${log}.mount"); cd "$mount" && sh -c "$(printf '%s' "$1" | sed "s#/workspace#$mount#g")" ;;
  *) ;;
esac
`,
    { mode: 0o755 },
  );
  return { dir, log };
}

// The tests with loop options of their own: each starts its own OpenCode, after the shared one has ended.
test("8. a stalled phase is re-triggered, and after 5 stalls in a row the loop ends with stall_timeout", async () => {
  await start({ stallTimeoutMs: 1500 });
  mainScript({ task: "Stall", audit: false }, () => ({ text: "never", delayMs: 60_000 }));
  const loop = await startLoop({});
  const ended = await waitEnded(loop.id, 60_000);
  expect(ended).toMatchObject({ status: "stall_timeout", stalls: 5, iteration: 1 });
  expect(ended.phases).toHaveLength(1);
  // The first session, then a fresh one after each of the first four stalls; the fifth ends it.
  const directory = path.join(worktreesDir, loop.slug);
  const sessions = ((await oc!.client.session.list({ query: { directory } })).data ?? []).filter((s) => s.title === `loop ${loop.slug} #1 code`);
  expect(sessions).toHaveLength(5);
  // What the plugin asked of each session, read from OpenCode's own messages: the coder's prompt in
  // all five, led by the nudge in the four re-triggers. Not from the fake LLM's requests: how many of
  // them reach the model in the 1.5 s before their stall depends on the machine's load (at load 6-10
  // one did), and the loop's end aborts the rest. OpenCode stores a prompt apart from its model call,
  // so the poll waits for that, not for a speed.
  const promptOf = async (id: string) =>
    ((await oc!.client.session.messages({ path: { id }, query: { directory } })).data ?? [])
      .filter((m) => m.info.role === "user")
      .flatMap((m) => m.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])))
      .join("\n");
  const byAge = [...sessions].sort((a, b) => a.time.created - b.time.created);
  const NUDGE = "The previous session of this phase stopped making progress";
  await expect
    .poll(
      async () => (await Promise.all(byAge.map((s) => promptOf(s.id)))).map((text) => [text.includes("of an autonomous coding loop"), text.startsWith(NUDGE)]),
      {
        timeout: 60_000,
      },
    )
    .toEqual([
      [true, false],
      [true, true],
      [true, true],
      [true, true],
      [true, true],
    ]);
});

test("9. sandbox mode with a fake docker: run, bash and grep through docker exec, git blocked, rm at the end", async () => {
  const docker = fakeDocker();
  oc = undefined;
  await defaults.discard();
  ownOpencodeTimeout();
  worktreesDir = tempDir("oc-loop-wt-");
  oc = await startOpencode({
    llmUrl: llm.url,
    git: true,
    globalConfig: true,
    agents: AGENTS,
    files: { "README.md": "# demo\n" },
    env: { PATH: `${docker.dir}:${process.env.PATH}` },
    pluginOptions: {
      url: server.url,
      dataDir: server.dataDir,
      autoStart: false,
      timeoutMs: 5000,
      loops: { worktreesDir, pollMs: 300, adoptPollMs: 0, sandbox: { image: "example/sandbox:1" } },
    },
  });
  mainScript({ task: "Sandboxed work", sandbox: "docker", audit: false, maxIterations: 2 }, (req) => {
    const done = toolResults(req).length;
    if (lastRole(req) !== "tool") return { toolCalls: [{ name: "bash", args: { command: "git status", description: "status" } }] };
    if (done === 1) return { toolCalls: [{ name: "bash", args: { command: "echo sandboxed > out.txt && pwd", description: "write" } }] };
    if (done === 2) return { toolCalls: [{ name: "sandbox_grep", args: { pattern: "sandboxed" } }] };
    return { text: "<promise>LOOP_COMPLETE</promise>" };
  });
  const loop = await startLoop({});
  expect(loop.sandbox).toBe("docker");
  const ended = await waitEnded(loop.id);
  expect(ended.status).toBe("completed");
  const calls = fs.readFileSync(docker.log, "utf8").trim().split("\n");
  const container = `recollect-loop-${loop.slug}`;
  const worktree = path.join(worktreesDir, loop.slug);
  // The worktree read-write, its git metadata read-only: git runs on the host over it after each iteration.
  expect(calls).toContain(
    `run -d --name ${container} -v ${worktree}:/workspace -v ${worktree}/.git:/workspace/.git:ro -w /workspace example/sandbox:1 sleep infinity`,
  );
  expect(calls).toContain(`exec -w /workspace ${container} sh -c echo sandboxed > out.txt && pwd`);
  expect(calls.some((c) => c.startsWith(`exec -w /workspace ${container} sh -c grep -rnE --exclude-dir=.git -e 'sandboxed' -- '.'`))).toBe(true);
  expect(calls.at(-1)).toBe(`rm -f ${container}`);
  const coder = bodies().filter(isCoder);
  const results = coder.flatMap(toolResults);
  expect(results.some((t) => t.includes("git is blocked inside the loop's sandbox"))).toBe(true);
  expect(results.some((t) => t.includes("out.txt:1:sandboxed"))).toBe(true);
  // glob and grep of the host are not offered in a sandboxed session; the sandbox's are.
  const offered = coder[0]!.tools?.map((t) => t.function.name) ?? [];
  expect(offered).toContain("sandbox_grep");
  expect(offered).not.toContain("grep");
  expect(offered).not.toContain("glob");
  expect(git(oc!.projectDir, "show", `${ended.branch}:out.txt`)).toBe("sandboxed");
});

test("10. sandbox mode is refused with a clear message when docker is absent", async () => {
  await start({ sandbox: { docker: "/nonexistent/docker" } });
  mainScript({ task: "Needs docker", sandbox: "docker" }, () => ({ text: "unused" }));
  const session = await newSession(oc!);
  const from = llm.requests.length;
  await prompt(oc!, session, "start the loop", "architect");
  const answer = llm.requests
    .slice(from)
    .flatMap((r) => toolResults(r.body))
    .join("\n");
  expect(answer).toContain('Loop not started: sandbox mode needs Docker, and "/nonexistent/docker" was not found on PATH');
  expect(await loopsOf(oc!.projectDir)).toEqual([]);
});

test("11. a loop registered by `recollect loop start` is adopted and driven; memory_loop_status restarts an ended one with a raised maxIterations", async () => {
  await start({ adoptPollMs: 500 });
  llm.setResponder((req) => {
    if (isCoder(req)) return { text: "not yet" };
    if (lastRole(req) === "tool") return { text: "done" };
    const id = /restart (loop_\w+)/.exec(lastUserText(req))?.[1];
    return id ? { toolCalls: [{ name: "memory_loop_status", args: { restart: id, maxIterations: 2 } }] } : { text: "ok" };
  });
  // OpenCode loads plugins per directory on its first request there (the TUI makes one at start).
  await oc!.client.command.list();
  // What `recollect loop start --max-iterations 1 --no-audit` sends (tests/http/loops.test.ts runs the CLI itself).
  const created = await (
    await server.api("/api/loops", { method: "POST", json: { directory: oc!.projectDir, task: "Registered from the CLI", maxIterations: 1, audit: false } })
  ).json();
  const first = await waitEnded(created.id, 60_000);
  expect(first).toMatchObject({ status: "max_iterations", iteration: 1 });
  expect(first.driver).toMatch(/^drv_/);
  expect(first.phases.map((p: Loop) => `${p.iteration}:${p.kind}:${p.status}`)).toEqual(["1:code:done"]);

  // Restarted through the tool with its limit raised to 2, it runs its second iteration, then stops there.
  const session = await newSession(oc!);
  await prompt(oc!, session, `restart ${created.id}`, "architect");
  const restarted = bodies()
    .flatMap(toolResults)
    .find((t) => t.startsWith("Restarted"));
  expect(restarted).toContain(`${created.id} running: iteration 1/2`);
  const again = await waitEnded(created.id, 60_000);
  expect(again).toMatchObject({ status: "max_iterations", iteration: 2, maxIterations: 2 });
  expect(again.phases.map((p: Loop) => `${p.iteration}:${p.kind}:${p.status}`)).toEqual(["1:code:done", "2:code:done"]);
});

test("12. the loop's model fails (500s) -> one fallback to the default model, and the loop goes on", async () => {
  await start({}, { "README.md": "# demo\n" }, ["broken-model"]);
  mainScript({ task: "Use the broken model", model: "mock/broken-model", audit: false, maxIterations: 2 }, (req) => {
    if (req.model === "broken-model") return { status: 500, text: "upstream model unavailable" };
    return { text: "<promise>LOOP_COMPLETE</promise>" };
  });
  const loop = await startLoop({});
  expect(loop.model).toBe("mock/broken-model");
  const ended = await waitEnded(loop.id);
  expect(ended).toMatchObject({ status: "completed", iteration: 1, consecutiveErrors: 0 });
  const coder = bodies().filter(isCoder);
  // The failing model was asked (OpenCode retried it), then the same phase went to the default model.
  expect(coder.filter((b) => b.model === "broken-model").length).toBeGreaterThanOrEqual(1);
  const lastBroken = coder.findLastIndex((b) => b.model === "broken-model");
  expect(coder.slice(lastBroken + 1).map((b) => b.model)).toEqual(["mock-model"]);
  expect(iterationOf(coder.at(-1)!)).toBe(1);
});
