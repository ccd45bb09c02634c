import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { curlCommand, HOOK_SCRIPT, keyedHook, keyHeaderFile } from "../../cli/lib/install-agent";
import { tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";
import { agentHookKey, agentHookPath } from "../../lib/security/agent-hook-key";
import { dialledAddress } from "../../lib/security/server-proof";

/**
 * agents/hook.mjs, the command Claude Code and Codex run for each lifecycle hook, against the real
 * server: the JSON it prints is what the agent adds to the model's context. The real binaries run
 * the same script in e2e/agents/.
 */
const server = sharedServer();

function runHook(event: Record<string, unknown>, options: { url?: string; dataDir?: string; agent?: string } = {}) {
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [HOOK_SCRIPT, options.agent ?? "claude-code", "--url", options.url ?? server.url, "--data-dir", options.dataDir ?? server.dataDir],
      { stdio: ["pipe", "pipe", "inherit"], env: { ...process.env, RECOLLECT_URL: "", RECOLLECT_DATA_DIR: "" } },
    );
    let stdout = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout }));
    child.stdin.end(JSON.stringify(event));
  });
}

const context = (stdout: string) =>
  stdout.trim() ? (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext : "";

function transcriptFile(dir: string, lines: unknown[]) {
  const file = path.join(dir, "transcript.jsonl");
  fs.writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  return file;
}

describe("Claude Code's hooks through agents/hook.mjs", () => {
  it("gives the pinned block at session start, recall on a prompt, a checkpoint before compaction and suggestions at stop", async () => {
    const cwd = tempDir("agent-hook-");
    const sessionId = `cc-${Date.now()}`;
    for (const json of [
      { content: "Never push directly to the release branch", category: "constraint", pinned: true, directory: cwd },
      { content: "The billing service retries webhooks with exponential backoff capped at 10 minutes", category: "fact", directory: cwd },
    ]) {
      expect((await server.api("/api/memories", { method: "POST", json })).status).toBe(201);
    }
    const base = { session_id: sessionId, cwd, transcript_path: path.join(cwd, "none.jsonl") };

    const start = await runHook({ ...base, hook_event_name: "SessionStart", source: "startup" });
    expect(start.code).toBe(0);
    expect(context(start.stdout)).toContain("Never push directly to the release branch");
    const session = (await (await server.api(`/api/sessions/${sessionId}`)).json()) as { agent: string | null };
    expect(session.agent).toBe("claude-code");

    const prompt = await runHook({ ...base, hook_event_name: "UserPromptSubmit", prompt: "how does billing retry webhooks?", prompt_id: "p1" });
    expect(context(prompt.stdout)).toContain("exponential backoff");
    // The pinned memory came at session start: not repeated in the recall.
    expect(context(prompt.stdout)).not.toContain("release branch");

    const transcript = transcriptFile(cwd, [
      { type: "user", uuid: "u1", message: { role: "user", content: "We decided to use pnpm workspaces for the monorepo, never npm." } },
      {
        type: "assistant",
        uuid: "a1",
        message: { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "pnpm test" } }] },
      },
      {
        type: "user",
        uuid: "u2",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "Error: cannot find module x", is_error: true }] },
      },
      { type: "assistant", uuid: "a2", message: { role: "assistant", content: [{ type: "text", text: "The test fails: module x is missing." }] } },
      { type: "assistant", uuid: "s1", isSidechain: true, message: { role: "assistant", content: [{ type: "text", text: "SIDECHAIN-ONLY" }] } },
      "not json",
    ]);
    const compact = await runHook({ ...base, transcript_path: transcript, hook_event_name: "PreCompact", trigger: "auto" });
    expect(compact.code).toBe(0);
    const checkpoints = (await (await server.api(`/api/checkpoints?directory=${encodeURIComponent(cwd)}&sessionID=${sessionId}`)).json()) as {
      items: { id: string; trigger: string; messageCount?: number }[];
    };
    expect(checkpoints.items.map((c) => c.trigger)).toEqual(["compaction"]);
    const raw = await (await server.api(`/api/checkpoints/${checkpoints.items[0].id}/raw`)).text();
    expect(raw).toContain("pnpm test");
    expect(raw).not.toContain("SIDECHAIN-ONLY");

    const stop = await runHook({ ...base, transcript_path: transcript, hook_event_name: "Stop", stop_hook_active: false });
    expect(stop.code).toBe(0);
    const suggested = (await (await server.api(`/api/memories?directory=${encodeURIComponent(cwd)}&status=suggested&limit=50`)).json()) as {
      items: { content: string }[];
    };
    expect(suggested.items.map((m) => m.content).join("\n")).toMatch(/pnpm workspaces/);

    // A second session of the project resumes from the checkpoint.
    const next = await runHook({ ...base, session_id: `${sessionId}-b`, hook_event_name: "SessionStart", source: "startup" });
    expect(context(next.stdout)).toMatch(/module x|pnpm/);
  });

  it("prints nothing and exits 0 at once when no server answers", async () => {
    const dataDir = tempDir("agent-hook-down-");
    fs.writeFileSync(path.join(dataDir, "token"), "t".repeat(64));
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const r = await runHook({ session_id: "s", cwd: dataDir, hook_event_name: "UserPromptSubmit", prompt: "hi" }, { url: `http://127.0.0.1:${port}`, dataDir });
    expect(r).toMatchObject({ code: 0, stdout: "" });
  });

  it("never sends the token to a program that cannot prove it knows it", async () => {
    const dataDir = tempDir("agent-hook-impostor-");
    const token = "s".repeat(64);
    fs.writeFileSync(path.join(dataDir, "token"), token);
    const seen: string[] = [];
    const impostor = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ status: "ok", proof: "0".repeat(64) }));
    });
    await new Promise<void>((r) => impostor.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
    const r = await runHook({ session_id: "s", cwd: dataDir, hook_event_name: "UserPromptSubmit", prompt: "hi" }, { url, dataDir });
    await new Promise<void>((r2) => impostor.close(() => r2()));
    expect(r).toMatchObject({ code: 0, stdout: "" });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^GET \/api\/health\?challenge=[0-9a-f]{32} $/);
    expect(seen.join("\n")).not.toContain(token);
  });

  it("ignores what it does not know: another agent name, another event, input that is not JSON", async () => {
    const cwd = tempDir("agent-hook-odd-");
    expect(await runHook({ session_id: "s", cwd, hook_event_name: "PreToolUse" })).toMatchObject({ code: 0, stdout: "" });
    expect(await runHook({ session_id: "s", cwd, hook_event_name: "SessionStart" }, { agent: "cursor" })).toMatchObject({ code: 0, stdout: "" });
  });

  it("answers 400 naming the field for a malformed hook body", async () => {
    const res = await server.api("/api/agents/hook", {
      method: "POST",
      json: { agent: "claude-code", event: { hook_event_name: "SessionStart", cwd: "/tmp" } },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("session_id");
  });
});

/**
 * Claude Code's HTTP hooks (no process per prompt): Claude Code posts the event itself to
 * /api/agents/hook/claude-code with the key `recollect install-agent` wrote, bound to this server's
 * address and to the folder its transcripts live in. The real binary posts them in e2e/agents/.
 */
describe("Claude Code's HTTP hooks", () => {
  const post = (event: Record<string, unknown>, opts: { key?: string; root: string; headers?: Record<string, string> }) =>
    fetch(`${server.url}${agentHookPath("claude-code")}?root=${encodeURIComponent(opts.root)}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(opts.key ? { "x-recollect-hook": opts.key } : {}),
        ...opts.headers,
      },
      body: JSON.stringify(event),
    });

  it("answers recall, stores a checkpoint from a transcript under its folder, and reads nothing outside it", async () => {
    const cwd = tempDir("agent-http-hook-");
    const root = path.join(cwd, ".claude", "projects");
    fs.mkdirSync(path.join(root, "p"), { recursive: true });
    const key = agentHookKey(server.token, dialledAddress(server.url), "claude-code", root);
    const sessionId = `cc-http-${Date.now()}`;
    const json = { content: "The invoice exporter writes CSV files with semicolons as separators", category: "fact", directory: cwd };
    expect((await server.api("/api/memories", { method: "POST", json })).status).toBe(201);

    const res = await post(
      { session_id: sessionId, cwd, hook_event_name: "UserPromptSubmit", prompt: "which separator does the invoice exporter use?" },
      { key, root },
    );
    expect(res.status).toBe(200);
    const out = (await res.json()) as { hookSpecificOutput?: { hookEventName: string; additionalContext: string } };
    expect(out.hookSpecificOutput?.hookEventName).toBe("UserPromptSubmit");
    expect(out.hookSpecificOutput?.additionalContext).toContain("semicolons");

    const lines = [
      { type: "user", uuid: "u1", message: { role: "user", content: "Run the exporter tests with `npm run test:export`." } },
      { type: "assistant", uuid: "a1", message: { role: "assistant", content: [{ type: "text", text: "INSIDE-ROOT: the exporter tests pass." }] } },
    ];
    const inside = path.join(root, "p", "s.jsonl");
    fs.writeFileSync(inside, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    // The same transcript outside the folder, and a link out of it: never read.
    const outside = path.join(cwd, "outside.jsonl");
    fs.writeFileSync(outside, fs.readFileSync(inside, "utf8").replace("INSIDE-ROOT", "OUTSIDE-ROOT"));
    fs.symlinkSync(outside, path.join(root, "p", "link.jsonl"));
    for (const transcript_path of [outside, path.join(root, "p", "link.jsonl"), path.join(root, "p", "..", "..", "..", "outside.jsonl")]) {
      const r = await post({ session_id: `${sessionId}-x`, cwd, hook_event_name: "PreCompact", trigger: "manual", transcript_path }, { key, root });
      expect(r.status).toBe(200);
    }
    const compact = await post({ session_id: sessionId, cwd, hook_event_name: "PreCompact", trigger: "auto", transcript_path: inside }, { key, root });
    expect(compact.status).toBe(200);
    expect(await compact.json()).toEqual({});
    const checkpoints = (await (await server.api(`/api/checkpoints?directory=${encodeURIComponent(cwd)}&limit=20`)).json()) as {
      items: { id: string; sessionID?: string }[];
    };
    const raws = await Promise.all(checkpoints.items.map(async (c) => (await server.api(`/api/checkpoints/${c.id}/raw`)).text()));
    expect(raws.join("\n")).toContain("INSIDE-ROOT");
    expect(raws.join("\n")).not.toContain("OUTSIDE-ROOT");
  });

  it("refuses a missing key, a key for another address or folder, and the key on any other path", async () => {
    const cwd = tempDir("agent-http-hook-refused-");
    const root = path.join(cwd, "projects");
    const event = { session_id: "s", cwd, hook_event_name: "UserPromptSubmit", prompt: "hi" };
    const address = dialledAddress(server.url);
    const port = Number(new URL(server.url).port);
    // A key made for the port a squatter held (the relay case), for another folder, with another token.
    const relayed = agentHookKey(server.token, `127.0.0.1:${port === 65535 ? 65534 : port + 1}`, "claude-code", root);
    const otherRoot = agentHookKey(server.token, address, "claude-code", path.join(cwd, "elsewhere"));
    const otherToken = agentHookKey("x".repeat(64), address, "claude-code", root);
    for (const key of [undefined, relayed, otherRoot, otherToken, "0".repeat(64)]) {
      expect((await post(event, { key, root })).status).toBe(401);
    }
    // The key opens this one path only.
    // Codex's key does not open Claude Code's path.
    expect((await post(event, { key: agentHookKey(server.token, address, "codex", root), root })).status).toBe(401);
    const good = agentHookKey(server.token, address, "claude-code", root);
    const memories = await fetch(`${server.url}/api/memories?root=${encodeURIComponent(root)}`, { headers: { "x-recollect-hook": good } });
    expect(memories.status).toBe(401);
    expect((await post(event, { key: good, root })).status).toBe(200);
    // A page of another site cannot use it either.
    expect((await post(event, { key: good, root, headers: { origin: "https://evil.example" } })).status).toBe(403);
  });
});

/** The `curl` command hook (Codex's hooks, Claude Code's SessionStart) exactly as install-agent writes it, run by a shell. */
describe("the curl command hook", () => {
  function runShell(command: string, stdin: string) {
    return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn("sh", ["-c", command], { stdio: ["pipe", "pipe", "inherit"] });
      let stdout = "";
      child.stdout.on("data", (c) => (stdout += c));
      child.on("error", reject);
      child.on("exit", (code) => resolve({ code, stdout }));
      child.stdin.end(stdin);
    });
  }

  it("gives Codex the pinned block at session start, and prints nothing and exits 0 with no server", async () => {
    const cwd = tempDir("agent-curl-hook-");
    const dataDir = tempDir("agent-curl-data-");
    const env = { HOME: cwd };
    const json = { content: "Always run the migration linter before merging", category: "constraint", pinned: true, directory: cwd };
    expect((await server.api("/api/memories", { method: "POST", json })).status).toBe(201);
    const header = keyHeaderFile(dataDir, "codex");
    fs.mkdirSync(path.dirname(header), { recursive: true });
    fs.writeFileSync(header, `x-recollect-hook: ${keyedHook("codex", server.url, server.token, env).headers["x-recollect-hook"]}\n`, { mode: 0o600 });
    const event = JSON.stringify({ session_id: `codex-${Date.now()}`, cwd, hook_event_name: "SessionStart", source: "startup" });

    const r = await runShell(curlCommand("codex", "SessionStart", server.url, dataDir, env), event);
    expect(r.code).toBe(0);
    expect(context(r.stdout)).toContain("migration linter");

    const closed = http.createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    expect(await runShell(curlCommand("codex", "SessionStart", `http://127.0.0.1:${port}`, dataDir, env), event)).toEqual({ code: 0, stdout: "" });
  });
});
