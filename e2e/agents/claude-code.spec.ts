import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, type TestServer } from "../../tests/helpers/server";
import { startFakeLlm, textOf, type FakeLlm } from "../opencode/helpers/fake-llm";
import { newSession, prompt, startOpencode, tempDir, type Opencode } from "../opencode/helpers/opencode";
import { agentBin, ROOT, run } from "./helpers/agents";
import { type AnthropicRequest, type FakeAnthropic, lastPrompt, shownText, startFakeAnthropic } from "./helpers/fake-anthropic";

/**
 * The real Claude Code (pinned, from the npm registry) in a sandboxed HOME, its model a fake
 * Anthropic API on loopback, after `recollect install-agent claude-code`: the hooks put pinned
 * memories and recall in the model's context, a compaction stores a checkpoint, and a memory the
 * model stores through the MCP tools is recalled in OpenCode in the same project.
 */
test.describe.configure({ mode: "serial" });

let server: TestServer;
let anthropic: FakeAnthropic;
let llm: FakeLlm;
let oc: Opencode | undefined;
let claude: string;
let home: string;
let projectDir: string;

const PINNED = "Never run database migrations from a feature branch";
const FACT = "The webhook dispatcher retries failed deliveries seven times with jittered backoff";
const STORED = "The staging cluster rotates its TLS certificates every Sunday at 03:00 UTC";

const claudeEnv = () => ({
  HOME: home,
  ANTHROPIC_BASE_URL: anthropic.url,
  ANTHROPIC_API_KEY: "sk-ant-test-not-a-key",
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  DISABLE_AUTOUPDATER: "1",
  // For the MCP server Claude Code starts (`recollect mcp`): the test's server, never a default one.
  RECOLLECT_URL: server.url,
  RECOLLECT_DATA_DIR: server.dataDir,
  RECOLLECT_AUTOSTART: "0",
  // Print mode sends the first request before MCP servers connect, and defers their tools behind
  // ToolSearch: wait for the servers and list their tools (docs/agents.md says the same to scripts).
  MCP_CONNECTION_NONBLOCKING: "false",
  ENABLE_TOOL_SEARCH: "false",
});

const recollect = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, "cli", "recollect.mjs"), ...args, "--url", server.url, "--data-dir", server.dataDir], {
    env: { ...process.env, HOME: home },
    encoding: "utf8",
  });

test.beforeAll(async () => {
  test.setTimeout(900_000);
  if (!process.env.RECOLLECT_SKIP_BUILD) ensureBuild();
  claude = agentBin("claude-code");
  [server, anthropic, llm] = await Promise.all([startServer(), startFakeAnthropic(), startFakeLlm()]);
  home = tempDir("cc-home-");
  projectDir = tempDir("cc-project-");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: projectDir, stdio: "ignore" });
  fs.writeFileSync(path.join(projectDir, "README.md"), "# demo\n");
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-qm", "init");
  // The user's own settings, kept by the install.
  fs.mkdirSync(path.join(home, ".claude"), { recursive: true });
  fs.writeFileSync(
    path.join(home, ".claude", "settings.json"),
    JSON.stringify({ theme: "dark", hooks: { Notification: [{ hooks: [{ type: "command", command: "true" }] }] } }),
  );
  expect(recollect("install-agent", "claude-code")).toContain("hooks added");
  expect(recollect("install-agent", "claude-code")).toContain("hooks unchanged");
});

test.afterAll(async () => {
  await oc?.stop();
  await server?.stop();
  await anthropic?.close();
  await llm?.close();
});

test("install-agent keeps the user's settings and adds four hooks", () => {
  const settings = JSON.parse(fs.readFileSync(path.join(home, ".claude", "settings.json"), "utf8"));
  expect(settings.theme).toBe("dark");
  expect(Object.keys(settings.hooks).sort()).toEqual(["Notification", "PreCompact", "SessionStart", "Stop", "UserPromptSubmit"]);
  // No process per prompt: Claude Code posts these itself; SessionStart (command hooks only) runs curl.
  for (const event of ["UserPromptSubmit", "PreCompact", "Stop"]) expect(settings.hooks[event][0].hooks[0].type).toBe("http");
  expect(settings.hooks.SessionStart[0].hooks[0].command).toMatch(/^curl /);
  expect(JSON.parse(fs.readFileSync(path.join(home, ".claude.json"), "utf8")).mcpServers.memory.args).toEqual(
    expect.arrayContaining([expect.stringMatching(/recollect\.mjs$/), "mcp"]),
  );
  expect(recollect("doctor")).toMatch(/claude-code.*hooks in/);
});

test("a pinned constraint reaches the model at session start, and a prompt gets recall", async () => {
  for (const json of [
    { content: PINNED, category: "constraint", pinned: true, directory: projectDir },
    { content: FACT, category: "fact", directory: projectDir },
  ])
    expect((await server.api("/api/memories", { method: "POST", json })).status).toBe(201);
  anthropic.setResponder(() => ({ text: "Noted." }));
  const before = anthropic.requests.length;
  const r = await run(claude, ["-p", "How often does the webhook dispatcher retry deliveries?"], projectDir, claudeEnv());
  expect(r.code, r.stderr).toBe(0);
  const turn = anthropic.requests.slice(before).find((q) => lastPrompt(q).includes("webhook dispatcher"));
  expect(turn, "the prompt reached the model").toBeTruthy();
  expect(shownText(turn!)).toContain(PINNED);
  expect(shownText(turn!)).toContain(FACT);
});

test("a compaction stores a checkpoint of the session", async () => {
  const sessionId = crypto.randomUUID();
  anthropic.setResponder(() => ({ text: "We chose Postgres advisory locks for the job queue. Next: write the migration test." }));
  const first = await run(claude, ["-p", "--session-id", sessionId, "Let us use Postgres advisory locks for the job queue."], projectDir, claudeEnv());
  expect(first.code, first.stderr).toBe(0);
  anthropic.setResponder(() => ({ text: "Summary: advisory locks chosen; migration test next." }));
  const compact = await run(claude, ["-p", "--resume", sessionId, "/compact"], projectDir, claudeEnv());
  expect(compact.code, compact.stderr).toBe(0);
  const list = (await (await server.api(`/api/checkpoints?directory=${encodeURIComponent(projectDir)}&sessionID=${sessionId}`)).json()) as {
    items: { id: string; trigger: string }[];
  };
  expect(list.items.map((c) => c.trigger)).toContain("compaction");
  const raw = await (await server.api(`/api/checkpoints/${list.items[0].id}/raw`)).text();
  expect(raw).toContain("advisory locks");
});

test("a memory stored in Claude Code through the MCP tools is recalled in OpenCode in the same project", async () => {
  anthropic.setResponder((req: AnthropicRequest) => {
    const last = req.messages.at(-1);
    const answered = Array.isArray(last?.content) && (last.content as Array<{ type: string }>).some((c) => c.type === "tool_result");
    if (answered) return { text: "Stored." };
    if (lastPrompt(req).includes("Remember this") && req.tools?.some((t) => t.name === "mcp__memory__remember"))
      return { toolUse: { name: "mcp__memory__remember", input: { content: STORED, category: "fact" } } };
    return { text: "ok" };
  });
  const r = await run(claude, ["-p", `Remember this: ${STORED}`, "--allowedTools", "mcp__memory__remember"], projectDir, claudeEnv(), 180_000);
  expect(r.code, r.stderr).toBe(0);
  const listed = (await (await server.api(`/api/memories?directory=${encodeURIComponent(projectDir)}&limit=50`)).json()) as { items: { content: string }[] };
  expect(listed.items.map((m) => m.content)).toContain(STORED);

  oc = await startOpencode({
    llmUrl: llm.url,
    restartOf: { home: tempDir("cc-oc-home-"), projectDir },
    env: { RECOLLECT_URL: server.url, RECOLLECT_DATA_DIR: server.dataDir, RECOLLECT_AUTOSTART: "0", RECOLLECT_PLUGIN_TIMEOUT_MS: "5000" },
  });
  llm.setResponder(() => ({ text: "ok" }));
  const session = await newSession(oc);
  await prompt(oc, session, "When does the staging cluster rotate its TLS certificates?");
  const seen = llm.requests.map((q) => q.body.messages.map(textOf).join("\n")).join("\n");
  expect(seen).toContain(STORED);
});

test("with the server stopped, Claude Code still answers: the hooks fail open", async () => {
  await server.stop();
  anthropic.setResponder(() => ({ text: "Answered without Recollect." }));
  const r = await run(claude, ["-p", "Say hello"], projectDir, claudeEnv());
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toContain("Answered without Recollect.");
});
