import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Part } from "@opencode-ai/sdk";
import { expect, test } from "@playwright/test";
import { countTokens } from "../../lib/token-count";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, type TestServer } from "../../tests/helpers/server";
import { lastUserText, startFakeLlm, systemTexts, textOf, type ChatRequest, type FakeLlm, type Reply } from "./helpers/fake-llm";
import { newSession, OPENCODE_BIN, prompt, sharedOpencode, type Opencode } from "./helpers/opencode";

/**
 * At home in OpenCode: the plugin's slash commands and bundled agents in the real client (pinned
 * opencode-ai), against the real server and a fake LLM that records every request.
 */

let server: TestServer;
let llm: FakeLlm;
let oc: Opencode | undefined;
/** One OpenCode for the file, a new project dir per test (a failed test ends the process: the next test gets a new one). */
const opencode = sharedOpencode(() => ({ llmUrl: llm.url, env: pluginEnv() }));

test.beforeAll(async () => {
  test.setTimeout(600_000);
  if (!process.env.RECOLLECT_SKIP_BUILD) ensureBuild();
  [server, llm] = await Promise.all([startServer(), startFakeLlm()]);
});

test.afterAll(async () => {
  await oc?.stop();
  await opencode.discard();
  await server?.stop();
  await llm?.close();
});

test.afterEach(async ({}, info) => {
  if (info.status !== info.expectedStatus && oc) {
    console.log(
      oc
        .log()
        .split("\n")
        .filter((l) => /recollect|service=|error/i.test(l))
        .slice(-40)
        .join("\n"),
    );
  }
  if (info.status !== info.expectedStatus) await opencode.discard();
  else await oc?.stop();
  oc = undefined;
});

const pluginEnv = () => ({
  RECOLLECT_URL: server.url,
  RECOLLECT_DATA_DIR: server.dataDir,
  RECOLLECT_AUTOSTART: "0",
  RECOLLECT_PLUGIN_TIMEOUT_MS: "5000",
  RECOLLECT_PLUGIN_COMPRESS_TIMEOUT_MS: "10000",
});

/** Requests of an agent turn (they carry tools; title and compaction requests do not). */
const agentRequests = (from = 0) =>
  llm.requests
    .slice(from)
    .map((r) => r.body)
    .filter((b) => (b.tools?.length ?? 0) > 0);
const lastRole = (r: ChatRequest) => r.messages[r.messages.length - 1]?.role;

function script(onUser: (text: string, req: ChatRequest) => Reply | undefined) {
  llm.setResponder((req) => (lastRole(req) === "tool" ? { text: "done" } : (onUser(lastUserText(req), req) ?? { text: "ok" })));
}

/**
 * Runs a slash command through OpenCode's API (what `opencode run --command` and the TUI call): a
 * command the plugin handles succeeds as a command (no error answer: `opencode run` exits 0 on it).
 */
async function command(session: string, name: string, args = "") {
  const res = await oc!.client.session.command({ path: { id: session }, body: { command: name, arguments: args } });
  expect(res.error, `/${name} answered an error`).toBeUndefined();
  expect(res.response.status).toBe(200);
  return res;
}

/** A handled command's one model turn: the acknowledgement (plugin/hooks/command.ts), answered in a word. */
const isAcknowledgement = (r: ChatRequest) =>
  /^Recollect already ran \/\w[\w-]*; its outcome is shown to the user\. Reply with one word: Done\.$/.test(lastUserText(r));
/** The agent's requests that are not a handled command's acknowledgement. */
const turnRequests = (from = 0) => agentRequests(from).filter((r) => !isAcknowledgement(r));
/** Each acknowledgement is answered "Done." (what the model says, in a few tokens). */
const acknowledging = (onUser: (text: string, req: ChatRequest) => Reply | undefined) => (text: string, req: ChatRequest) =>
  isAcknowledgement(req) ? { text: "Done." } : onUser(text, req);

/** The text of the session's messages, by role, with each part's flags. */
async function sessionTexts(session: string) {
  const res = await oc!.client.session.messages({ path: { id: session } });
  return (res.data ?? []).flatMap((m) =>
    m.parts
      .filter((p): p is Extract<Part, { type: "text" }> => p.type === "text")
      .map((p) => ({ role: m.info.role, text: p.text, ignored: !!p.ignored, agent: (m.info as { agent?: string }).agent })),
  );
}
const outcomeOf = async (session: string, name: string) => (await sessionTexts(session)).filter((t) => t.text.startsWith(`/${name}\n`)).at(-1);

const api = async (p: string, init?: Parameters<TestServer["api"]>[1]) => (await server.api(p, init)).json();

test("1. /remember infers the category, /recall brings memories into the session, /forget archives: each succeeds, the model only acknowledges it", async () => {
  oc = await opencode.open();
  script(acknowledging(() => ({ text: "ok" })));
  const session = await newSession(oc);
  const from = llm.requests.length;

  await command(session, "remember", "We decided to use Postgres 16 for the orders service");
  const list = await api(`/api/memories?directory=${encodeURIComponent(oc.projectDir)}`);
  const stored = list.items.find((m: { content: string }) => m.content === "We decided to use Postgres 16 for the orders service");
  expect(stored).toMatchObject({ category: "decision", scope: "project" });
  const remembered = await outcomeOf(session, "remember");
  expect(remembered).toMatchObject({ role: "user", ignored: true });
  expect(remembered!.text).toContain(`Stored ${stored.id} (decision, project)`);

  // No category in the words: it asks, and stores nothing.
  await command(session, "remember", "the orders table is large");
  expect((await outcomeOf(session, "remember"))!.text).toContain("Which kind of memory is it?");
  expect((await api(`/api/memories?directory=${encodeURIComponent(oc.projectDir)}`)).items.length).toBe(1);
  await command(session, "remember", "gotcha: the orders table is large");
  const gotcha = (await api(`/api/memories?directory=${encodeURIComponent(oc.projectDir)}`)).items.find(
    (m: { content: string }) => m.content === "the orders table is large",
  );
  expect(gotcha).toMatchObject({ category: "gotcha" });

  await command(session, "recall", "which database for orders");
  const recalled = await outcomeOf(session, "recall");
  expect(recalled).toMatchObject({ role: "user", ignored: false });
  expect(recalled!.text).toContain(stored.id);

  await command(session, "forget", gotcha.id);
  expect((await api(`/api/memories/${gotcha.id}`)).status).toBe("archived");
  expect((await outcomeOf(session, "forget"))!.text).toContain(`Archived ${gotcha.id}`);

  // Each command's work was done once, in the plugin; the model's part is one short acknowledgement
  // per command (5 commands), which never carries the status lines.
  const acks = agentRequests(from);
  expect(acks).toHaveLength(5);
  expect(acks.every(isAcknowledgement)).toBe(true);
  for (const r of acks) expect(r.messages.map(textOf).join("\n")).not.toContain("Which kind of memory is it?");
  const lastAck = acks.at(-1)!;
  // What one costs: the one line it appends (the history before it is the cached prefix) and the word it gets back.
  console.log(
    `[measure] acknowledgement: ${countTokens(lastUserText(lastAck))} tokens appended, reply "Done." (${countTokens("Done.")} tokens), over a history of ${countTokens(JSON.stringify(lastAck.messages))} tokens`,
  );
  expect(countTokens(lastUserText(lastAck))).toBeLessThanOrEqual(30);
  // Not extraction's or recall's input: no suggestion, no recall block from it.
  expect((await api(`/api/memories?directory=${encodeURIComponent(oc.projectDir)}&status=suggested`)).items).toEqual([]);

  // On the next turn the model sees the recalled memories, not the status lines.
  await prompt(oc, session, "which database do we use?");
  const sent = turnRequests(from)[0]!.messages.map(textOf).join("\n");
  expect(sent).toContain("Postgres 16");
  expect(sent).toContain(`Memories recalled for "which database for orders"`);
  expect(sent).not.toContain("Which kind of memory is it?");
  expect(sent).not.toContain(`Archived ${gotcha.id}`);
});

test("2. /checkpoint stores a manual checkpoint and shows it, /memory shows the figures, /resume brings it into another session", async () => {
  oc = await opencode.open();
  script(acknowledging(() => ({ text: "Looking at the redirect now." })));
  await server.api("/api/memories", {
    method: "POST",
    json: { content: "Never log session tokens", category: "constraint", pinned: true, directory: oc.projectDir },
  });
  const first = await newSession(oc);
  await prompt(oc, first, "Fix the login redirect loop in src/auth.ts");
  const from = llm.requests.length;

  await command(first, "checkpoint");
  // The session's idle checkpoints (the latest state a new session resumes from) are listed too.
  const sessionCheckpoints = async () =>
    (await api(`/api/checkpoints?directory=${encodeURIComponent(oc!.projectDir)}&sessionID=${first}`)).items as {
      id: string;
      trigger: string;
      sessionId: string;
    }[];
  const manual = (await sessionCheckpoints()).filter((c) => c.trigger === "manual");
  expect(manual).toHaveLength(1);
  expect(manual[0]).toMatchObject({ sessionId: first });
  const shown = (await outcomeOf(first, "checkpoint"))!;
  expect(shown.text).toContain(`Checkpoint ${manual[0].id} stored`);
  expect(shown.text).toContain("login redirect loop");

  await command(first, "memory");
  const status = (await outcomeOf(first, "memory"))!.text;
  expect(status).toContain("Memories: 1 in this project");
  expect(status).toMatch(/Pinned: 1 \(\d+ tokens\)/);
  // The checkpoint it names may be an idle one replaced since (each acknowledgement turn ends idle).
  expect(status).toMatch(/Last checkpoint: [^,]+, \d+s ago/);
  expect(status).toMatch(/Search: (lexical|hybrid)/);

  const second = await newSession(oc);
  const before = await sessionCheckpoints();
  await command(second, "resume");
  const resumed = (await outcomeOf(second, "resume"))!;
  expect(resumed).toMatchObject({ ignored: false });
  // The first session may still end an idle turn and replace its idle checkpoint while /resume
  // runs: the one resumed is the session's, and no older than the newest that existed before.
  const resumedId = /Resuming from checkpoint (\S+)/.exec(resumed.text)?.[1] ?? "";
  const known = [...before, ...(await sessionCheckpoints())].map((c) => c.id);
  expect(known).toContain(resumedId);
  expect(resumedId >= before[0]!.id).toBe(true); // UUIDv7: later ids sort after earlier ones
  expect(turnRequests(from)).toEqual([]);

  await prompt(oc, second, "carry on");
  const sent = turnRequests(from)[0]!.messages.map(textOf).join("\n");
  expect(sent).toMatch(/Resuming from checkpoint \S+/);
  expect(sent).toContain("login redirect loop");
});

test("3. /review runs the auditor at temperature 0; its findings go to KV, carried forward or resolved on the next audit", async () => {
  // A model that takes a temperature (OpenCode sends none to a model without the capability).
  const provider = {
    mock: {
      npm: "@ai-sdk/openai-compatible",
      options: { baseURL: llm.url, apiKey: "x" },
      models: { "mock-model": { name: "Mock", tool_call: true, temperature: true, limit: { context: 200_000, output: 8192 } } },
    },
  };
  oc = await opencode.open({ config: { provider } });
  const dir = encodeURIComponent(oc.projectDir);
  const isAuditor = (r: ChatRequest) => systemTexts(r).some((s) => s.includes("You are the auditor"));
  let audit = 0;
  const findings = [
    [
      { file: "src/db.ts", line: 12, severity: "major", description: "Raw SQL string concatenation breaks the parameterized-queries convention" },
      { file: "src/api.ts", line: 40, severity: "minor", description: "Offset pagination; the API uses cursors" },
    ],
    [
      { file: "src/db.ts", line: 12, severity: "major", description: "Raw SQL string concatenation breaks the parameterized-queries convention" },
      { file: "src/api.ts", line: 77, severity: "info", description: "Missing doc comment on the exported handler" },
    ],
  ];
  llm.setResponder((req) => {
    if (lastRole(req) === "tool") return { text: "done" };
    if (isAuditor(req)) return { toolCalls: [{ name: "memory_review_findings", args: { findings: findings[audit++]! } }] };
    return { text: "ok" };
  });
  const session = await newSession(oc);
  const from = llm.requests.length;
  await command(session, "review");
  let kv = await api(`/api/kv?directory=${dir}&prefix=review-finding:`);
  expect(kv.items.map((i: { key: string }) => i.key).sort()).toEqual(["review-finding:src/api.ts:40", "review-finding:src/db.ts:12"]);
  expect(kv.items.find((i: { key: string }) => i.key === "review-finding:src/db.ts:12").value).toMatchObject({ severity: "major", status: "open", audits: 1 });

  const from2 = llm.requests.length;
  await command(session, "review");
  kv = await api(`/api/kv?directory=${dir}&prefix=review-finding:`);
  expect(kv.items.map((i: { key: string }) => i.key).sort()).toEqual(["review-finding:src/api.ts:77", "review-finding:src/db.ts:12"]);
  expect(kv.items.find((i: { key: string }) => i.key === "review-finding:src/db.ts:12").value).toMatchObject({ audits: 2 });

  const auditorRequests = agentRequests(from).filter(isAuditor);
  expect(auditorRequests.length).toBeGreaterThanOrEqual(2);
  for (const r of auditorRequests) expect(r.temperature).toBe(0);
  // The second audit was told the open findings of the first.
  const secondPrompt = agentRequests(from2).filter(isAuditor)[0]!.messages.map(textOf).join("\n");
  expect(secondPrompt).toContain("Open findings from earlier audits");
  expect(secondPrompt).toContain("src/api.ts:40 [minor, 1 audit(s)]");
});

test("4. the architect is refused an edit; memory_plan_execute starts a code session whose first prompt is the plan", async () => {
  oc = await opencode.open({ pluginOptions: { executionModel: "mock/mock-model" } });
  const plan = "PLAN-7781: 1. add the retry wrapper in src/http.ts 2. test it in tests/http.test.ts";
  script((text) => {
    if (text.includes("write the file"))
      return { toolCalls: [{ name: "write", args: { filePath: path.join(oc!.projectDir, "NOTES.md"), content: "edited" } }] };
    if (text.includes("approved")) return { toolCalls: [{ name: "memory_plan_execute", args: { plan, title: "Retry wrapper" } }] };
    return undefined;
  });
  const session = await newSession(oc);
  const from = llm.requests.length;
  await oc.client.session.prompt({ path: { id: session }, body: { agent: "architect", parts: [{ type: "text", text: "write the file NOTES.md" }] } });
  expect(fs.existsSync(path.join(oc.projectDir, "NOTES.md"))).toBe(false);
  const architectReq = agentRequests(from)[0]!;
  expect(systemTexts(architectReq).join("\n")).toContain("You are the architect");
  const toolResult = agentRequests(from)
    .flatMap((r) => r.messages)
    .filter((m) => m.role === "tool")
    .map(textOf)
    .join("\n");
  expect(toolResult).toMatch(/read-only|denied|not allowed|unavailable|invalid/i);

  await oc.client.session.prompt({ path: { id: session }, body: { agent: "architect", parts: [{ type: "text", text: "approved, execute it" }] } });
  let started: { id: string } | undefined;
  await expect
    .poll(async () => {
      const all = (await oc!.client.session.list()).data ?? [];
      started = all.find((s) => s.title === "Retry wrapper");
      if (!started) return undefined;
      const msgs = (await oc!.client.session.messages({ path: { id: started.id } })).data ?? [];
      const first = msgs.find((m) => m.info.role === "user");
      return first && { agent: (first.info as { agent?: string }).agent, text: first.parts.find((p) => p.type === "text")?.text };
    })
    .toEqual({ agent: "code", text: plan });
  // The new session's turn reached the model with the plan as its prompt and the code agent's prompt.
  await expect
    .poll(() => agentRequests(from).some((r) => lastUserText(r).includes("PLAN-7781") && systemTexts(r).join("\n").includes("You are the coding agent")))
    .toBe(true);
});

test("5. the bundled agents and commands are listed; a user's own definitions win", async () => {
  oc = await opencode.open({
    config: { agent: { librarian: { temperature: 0.3 } }, command: { memory: { template: "MY-OWN-MEMORY-COMMAND" } } },
  });
  const agents = (await oc.client.app.agents()).data ?? [];
  const byName = new Map(agents.map((a) => [a.name, a]));
  expect(byName.get("code")?.mode).toBe("primary");
  expect(byName.get("architect")?.mode).toBe("primary");
  expect(byName.get("librarian")?.mode).toBe("subagent");
  expect(byName.get("auditor")).toMatchObject({ mode: "subagent", temperature: 0 });
  const commands = ((await oc.client.command.list()).data ?? []).map((c) => c.name);
  for (const c of ["remember", "recall", "forget", "checkpoint", "resume", "memory", "review", "dream", "distill", "bootstrap", "loop"])
    expect(commands).toContain(c);

  // The user's field overrides the bundled one; the rest of the bundled definition stays.
  expect(byName.get("librarian")).toMatchObject({ mode: "subagent", temperature: 0.3 });
  expect(byName.get("librarian")?.prompt).toContain("You are the librarian");
  // The user's /memory is theirs: it runs their template on the model, the plugin stays out.
  script(() => ({ text: "ok" }));
  const session = await newSession(oc);
  const from = llm.requests.length;
  await command(session, "memory");
  expect(agentRequests(from).map(lastUserText)).toContain("MY-OWN-MEMORY-COMMAND");
  expect(await outcomeOf(session, "memory")).toBeUndefined();
});

test("6. the message-level guard refuses the architect's edit even where the user's permission allows it", async () => {
  oc = await opencode.open({ config: { agent: { architect: { permission: { edit: "allow" } } } } });
  const target = path.join(oc.projectDir, "GUARDED.md");
  script((text) => (text.includes("write it") ? { toolCalls: [{ name: "write", args: { filePath: target, content: "edited" } }] } : undefined));
  const session = await newSession(oc);
  const from = llm.requests.length;
  await oc.client.session.prompt({ path: { id: session }, body: { agent: "architect", parts: [{ type: "text", text: "write it" }] } });
  expect(fs.existsSync(target)).toBe(false);
  const toolResult = agentRequests(from)
    .flatMap((r) => r.messages)
    .filter((m) => m.role === "tool")
    .map(textOf)
    .join("\n");
  expect(toolResult).toContain("The architect agent is read-only: write refused");

  // The same call from the default agent goes through: the guard is per agent, not global.
  await oc.client.session.prompt({ path: { id: session }, body: { agent: "build", parts: [{ type: "text", text: "write it" }] } });
  await expect.poll(() => fs.existsSync(target)).toBe(true);
});

test("7. after a compaction that suggested memories, the next turn is told to hand them to the librarian", async () => {
  oc = await opencode.open();
  script(() => ({ text: "Working on it." }));
  const session = await newSession(oc);
  await prompt(oc, session, "Implement the CSV exporter in src/export.ts. We decided to use semicolons as separators. Never add a dependency for CSV parsing.");
  const from = llm.requests.length;
  const res = await oc.client.session.summarize({ path: { id: session }, body: { providerID: "mock", modelID: "mock-model" } });
  expect(res.error).toBeUndefined();
  const cps = await api(`/api/checkpoints?directory=${encodeURIComponent(oc.projectDir)}&sessionID=${session}`);
  expect(cps.items.length).toBeGreaterThanOrEqual(1);
  // OpenCode's automatic "continue" turn (or the next user turn) carries the note.
  await prompt(oc, session, "go on");
  const sent = agentRequests(from)
    .flatMap((r) => r.messages)
    .map(textOf)
    .join("\n");
  expect(sent).toMatch(/\[Recollect\] \d+ suggested memories \(not active yet\) wait for review after this compaction/);
  expect(sent).toContain('agent "librarian"');
});

test("8. /bootstrap, /dream and /distill propose for review; the model only acknowledges each", async () => {
  oc = await opencode.open({
    files: { "AGENTS.md": "# Rules\n\n- Never commit generated files.\n" },
  });
  script(acknowledging(() => ({ text: "ok" })));
  const session = await newSession(oc);
  const from = llm.requests.length;
  const directory = encodeURIComponent(oc.projectDir);

  await command(session, "bootstrap");
  const suggested = await api(`/api/memories?directory=${directory}&status=suggested`);
  expect(suggested.items.map((m: { content: string }) => m.content)).toContain("Never commit generated files.");
  expect((await outcomeOf(session, "bootstrap"))!.text).toMatch(/Bootstrap read \d+ files: [1-9]\d* new/);

  // A decision and its successor: /dream proposes the supersession.
  for (const content of ["We use npm to install the dependencies of the web app", "We switched from npm to pnpm for the web app"])
    await server.api("/api/memories", { method: "POST", json: { content, category: "decision", directory: oc.projectDir } });
  await command(session, "dream");
  expect((await outcomeOf(session, "dream"))!.text).toMatch(/Consolidation: [1-9]\d* new proposals/);
  const inbox = await api(`/api/inbox?directory=${directory}`);
  expect(JSON.stringify(inbox)).toContain("supersede");

  await command(session, "distill");
  expect((await outcomeOf(session, "distill"))!.text).toMatch(/Distill: \d+ recurring procedures/);
  expect(turnRequests(from)).toEqual([]);
});

test("9. the librarian runs the consolidation verb through memory_consolidate (offered to it alone)", async () => {
  oc = await opencode.open();
  const directory = encodeURIComponent(oc.projectDir);
  const ids: string[] = [];
  for (const content of ["We use yarn to install the dependencies of the docs site", "We switched from yarn to pnpm for the docs site"])
    ids.push((await api("/api/memories", { method: "POST", json: { content, category: "decision", directory: oc.projectDir } })).id);
  script((_text, req) =>
    systemTexts(req).join("\n").includes("You are the librarian") ? { toolCalls: [{ name: "memory_consolidate", args: { dryRun: true } }] } : undefined,
  );
  const session = await newSession(oc);
  const from = llm.requests.length;
  await oc.client.session.prompt({ path: { id: session }, body: { agent: "librarian", parts: [{ type: "text", text: "curate this project's memory" }] } });
  const librarian = agentRequests(from);
  expect(librarian[0]!.tools!.map((t) => t.function.name)).toContain("memory_consolidate");
  const result = librarian
    .flatMap((r) => r.messages)
    .filter((m) => m.role === "tool")
    .map(textOf)
    .join("\n");
  // The contradiction: the newer decision supersedes the older one, both named by id.
  expect(result).toMatch(/Consolidation \(dry run\) found: .*supersede/);
  expect(result).toMatch(new RegExp(`supersede (${ids[1]}, ${ids[0]}|${ids[0]}, ${ids[1]})`));
  // A dry run stores no proposal.
  expect((await api(`/api/inbox?directory=${directory}`)).counts.proposals).toMatchObject({ supersede: 0, merge: 0 });

  // Another agent's request does not carry the tool.
  script(() => ({ text: "ok" }));
  const other = llm.requests.length;
  await prompt(oc, session, "hello", "build");
  expect(agentRequests(other)[0]!.tools!.map((t) => t.function.name)).not.toContain("memory_consolidate");
});

/** `opencode run --attach <server> --command <name> <args>`: the real CLI, its exit code and output. */
function runCommand(o: Opencode, name: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(OPENCODE_BIN, ["run", "--attach", o.url, "--dir", o.projectDir, "--command", name, ...args], {
      cwd: o.projectDir,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: o.home,
        XDG_CONFIG_HOME: path.join(o.home, ".config"),
        OPENCODE_DISABLE_AUTOUPDATE: "1",
      } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out }));
  });
}

test("10. `opencode run --command` exits 0 on a handled command, and the work is done once (issue 40)", async () => {
  oc = await opencode.open();
  script(acknowledging(() => ({ text: "ok" })));
  const remembered = await runCommand(oc, "remember", ["We decided to ship the CLI as a single ESM bundle"]);
  expect(remembered.code, remembered.out).toBe(0);
  const items = (await api(`/api/memories?directory=${encodeURIComponent(oc.projectDir)}`)).items as { content: string; category: string }[];
  // Stored once, without the quotes `opencode run` wraps a word holding spaces in.
  expect(
    items.filter((m) => m.content.includes("single ESM bundle")),
    remembered.out,
  ).toMatchObject([{ content: "We decided to ship the CLI as a single ESM bundle", category: "decision" }]);
  const memory = await runCommand(oc, "memory", []);
  expect(memory.code, memory.out).toBe(0);
});
