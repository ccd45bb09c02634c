import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOOK_SCRIPT } from "../../cli/lib/install-agent";
import { tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";

/**
 * agents/hook.mjs, the command Claude Code and Codex run for each lifecycle hook, against the real
 * server: the JSON it prints is what the agent adds to the model's context. The real binaries run
 * the same script in e2e/agents/.
 */
const server = sharedServer();

function runHook(event: Record<string, unknown>, options: { url?: string; dataDir?: string; agent?: string } = {}) {
  return new Promise<{ code: number | null; stdout: string; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [HOOK_SCRIPT, options.agent ?? "claude-code", "--url", options.url ?? server.url, "--data-dir", options.dataDir ?? server.dataDir],
      { stdio: ["pipe", "pipe", "inherit"], env: { ...process.env, RECOLLECT_URL: "", RECOLLECT_DATA_DIR: "" } },
    );
    let stdout = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, ms: performance.now() - started }));
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
