/**
 * Hook time per prompt for Claude Code and Codex, against a warm server holding 500 memories in
 * the project, each way a hook can be installed (docs/agents.md): Claude Code's HTTP hook (the POST
 * Claude Code itself makes, on a new connection each time: no process); the `curl` command Codex
 * (and Claude Code's SessionStart) runs where curl is installed (`sh -c 'curl ... || true'`); the
 * hook script `agents/hook.mjs` where it is not (a new Node.js process, the proof, the call); the
 * server's own part (`POST /api/agents/hook` alone, keep-alive); each with the server stopped (what
 * a turn pays when Recollect is down); and a bare `node -e 0`. With the machine's load average.
 *
 *   npx tsx bench/agents/hooks.ts [--runs 40] [--no-build]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { curlCommand, HOOK_SCRIPT, keyedHook, keyHeaderFile } from "../../cli/lib/install-agent";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, tempDir } from "../../tests/helpers/server";
import { printTable, summarize, writeResult } from "../lib/stats";

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf("--runs") + 1]) || 40;

function spawnTimed(argv: string[], stdin: string, program = process.execPath): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(program, argv, { stdio: ["pipe", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.on("error", reject);
    child.on("exit", () => resolve({ ms: performance.now() - started, stdout }));
    child.stdin.end(stdin);
  });
}

/** One POST on a fresh connection, as an agent's HTTP hook makes it; the status (0: no server) and the time. */
function postFresh(url: string, headers: Record<string, string>, body: string): Promise<{ ms: number; status: number; text: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(url, { method: "POST", agent: false, headers: { ...headers, "content-type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, text }));
    });
    req.on("error", () => resolve({ ms: performance.now() - started, status: 0, text: "" }));
    req.end(body);
  });
}

const row = (what: string, samples: number[]) => {
  const s = summarize(samples);
  return { what, runs: samples.length, p50: s.p50.toFixed(1), p95: s.p95.toFixed(1), max: s.max.toFixed(1) };
};

async function main() {
  if (!args.includes("--no-build")) ensureBuild();
  const server = await startServer();
  const cwd = tempDir("bench-agent-hooks-");
  const words = ["queue", "retry", "billing", "deploy", "schema", "cache", "token", "index", "webhook", "migration", "worker", "lint"];
  for (let i = 0; i < 500; i++) {
    const content = `Memory ${i}: the ${words[i % 12]} ${words[(i * 5) % 12]} rule number ${i} says ${words[(i * 7) % 12]} before ${words[(i * 11) % 12]}`;
    await server.api("/api/memories", {
      method: "POST",
      json: { content, category: i % 10 === 0 ? "constraint" : "fact", pinned: i % 50 === 0, directory: cwd },
    });
  }
  const prompts = Array.from({ length: RUNS }, (_, i) => `how does the ${words[i % 12]} ${words[(i * 3) % 12]} work (${i})?`);
  const event = (i: number) => ({ session_id: "bench-session", cwd, hook_event_name: "UserPromptSubmit", prompt: prompts[i], prompt_id: `p${i}` });
  const hookArgs = (url: string) => [HOOK_SCRIPT, "claude-code", "--url", url, "--data-dir", server.dataDir];

  const claudeHook = keyedHook("claude-code", server.url, server.token, { HOME: cwd });
  // Codex's hook as installed where curl is: `sh -c 'curl ... || true'` with the key in a 0600 file.
  const header = keyHeaderFile(server.dataDir, "codex");
  fs.mkdirSync(path.dirname(header), { recursive: true });
  fs.writeFileSync(header, `x-recollect-hook: ${keyedHook("codex", server.url, server.token, { HOME: cwd }).headers["x-recollect-hook"]}\n`, { mode: 0o600 });
  const curlHook = (url: string) => ["-c", curlCommand("codex", "UserPromptSubmit", url, server.dataDir, { HOME: cwd })];
  const viaCurl: number[] = [];
  const curlDown: number[] = [];
  let curlRecalled = 0;
  const load = os.loadavg()[0];
  const viaHttp: number[] = [];
  const httpDown: number[] = [];
  let httpRecalled = 0;
  const bare: number[] = [];
  const hook: number[] = [];
  const serverOnly: number[] = [];
  const down: number[] = [];
  let recalled = 0;
  // Warm-up: the server's first recall builds its caches.
  await spawnTimed(hookArgs(server.url), JSON.stringify(event(0)));
  for (let i = 0; i < RUNS; i++) {
    bare.push((await spawnTimed(["-e", "0"], "")).ms);
    const h = await postFresh(claudeHook.url, claudeHook.headers, JSON.stringify({ ...event(i), prompt_id: `c${i}` }));
    if (h.status !== 200) throw new Error(`the HTTP hook answered ${h.status}: ${h.text}`);
    viaHttp.push(h.ms);
    if (h.text.includes("additionalContext")) httpRecalled++;
    const c = await spawnTimed(curlHook(server.url), JSON.stringify({ ...event(i), prompt_id: `x${i}` }), "sh");
    viaCurl.push(c.ms);
    if (c.stdout.includes("additionalContext")) curlRecalled++;
    const r = await spawnTimed(hookArgs(server.url), JSON.stringify({ ...event(i), prompt_id: `h${i}` }));
    hook.push(r.ms);
    if (r.stdout.includes("additionalContext")) recalled++;
    const t0 = performance.now();
    const res = await server.api("/api/agents/hook", { method: "POST", json: { agent: "claude-code", event: { ...event(i), prompt_id: `s${i}` } } });
    await res.arrayBuffer();
    serverOnly.push(performance.now() - t0);
  }
  const url = server.url;
  await server.stop();
  for (let i = 0; i < RUNS; i++) {
    down.push((await spawnTimed(hookArgs(url), JSON.stringify(event(i)))).ms);
    httpDown.push((await postFresh(claudeHook.url, claudeHook.headers, JSON.stringify(event(i)))).ms);
    curlDown.push((await spawnTimed(curlHook(url), JSON.stringify(event(i)), "sh")).ms);
  }

  const rows = [
    row("Claude Code: HTTP hook per prompt (fresh connection, key, recall)", viaHttp),
    row("Codex, Claude Code's SessionStart: curl command hook (sh + curl, key, recall)", viaCurl),
    row("without curl: the hook script (Node.js process, proof, recall)", hook),
    row("server part alone (POST /api/agents/hook)", serverOnly),
    row("HTTP hook with the server stopped", httpDown),
    row("curl command hook with the server stopped", curlDown),
    row("hook script with the server stopped", down),
    row("bare `node -e 0` (process start)", bare),
  ];
  printTable(
    `Claude Code / Codex hook time per prompt, ms (load ${load.toFixed(2)}, ${os.cpus().length} cores, ${recalled}/${RUNS} prompts got recall by the script, ${curlRecalled}/${RUNS} by curl, ${httpRecalled}/${RUNS} by HTTP)`,
    rows,
  );
  writeResult("agents-hooks", {
    runs: RUNS,
    loadAverage: load,
    cores: os.cpus().length,
    recalled,
    httpRecalled,
    curlRecalled,
    rows,
    samples: { viaHttp, viaCurl, hook, serverOnly, httpDown, curlDown, down, bare },
  });
}

await main();
