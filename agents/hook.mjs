#!/usr/bin/env node
// Claude Code's and Codex's lifecycle hooks for Recollect (docs/agents.md): reads the hook's JSON on
// stdin, relays it to the Recollect server, prints the server's hook output. Plain JavaScript with
// no imports beyond Node's, so a hook costs one small process. It fails open: whatever goes wrong
// (no server, a slow one, bad input), it prints nothing and exits 0, and the agent goes on.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/** Per event: how long the hook may take in all, and how much of the transcript it sends. */
const EVENTS = {
  SessionStart: { deadlineMs: 3000, transcriptBytes: 0 },
  UserPromptSubmit: { deadlineMs: 2000, transcriptBytes: 0 },
  PreCompact: { deadlineMs: 20000, transcriptBytes: 64 * 1024 * 1024 },
  Stop: { deadlineMs: 5000, transcriptBytes: 2 * 1024 * 1024 },
};
const STDIN_MAX = 8 * 1024 * 1024;

function option(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function settings() {
  const home = process.env.HOME || os.homedir();
  const dataDir = path.resolve(
    process.env.RECOLLECT_DATA_DIR || option("data-dir") || path.join(process.env.XDG_DATA_HOME || path.join(home, ".local", "share"), "recollect"),
  );
  const url = (process.env.RECOLLECT_URL || option("url") || "http://127.0.0.1:7731").replace(/\/+$/, "");
  return { agent: process.argv[2], dataDir, url };
}

async function readStdin() {
  const chunks = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += chunk.length;
    if (size > STDIN_MAX) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The last `max` bytes of a regular file, from its first whole line; "" for anything else. */
function transcriptTail(file, max) {
  if (!max || typeof file !== "string" || !path.isAbsolute(file)) return "";
  let fd;
  try {
    // O_NONBLOCK: a FIFO put in the transcript's place must not hold the hook.
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return "";
    const start = Math.max(0, stat.size - max);
    const buffer = Buffer.alloc(stat.size - start);
    let read = 0;
    while (read < buffer.length) {
      const n = fs.readSync(fd, buffer, read, buffer.length - read, start + read);
      if (n === 0) break;
      read += n;
    }
    const text = buffer.subarray(0, read).toString("utf8");
    return start > 0 ? text.slice(text.indexOf("\n") + 1) : text;
  } catch {
    return "";
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * One HTTP exchange over node:http (Node's fetch costs a module load of its own, tens of ms per
 * hook), on one kept-alive connection for the proof and the call. Resolves to the parsed JSON
 * answer of a 2xx, else undefined.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function request(url, { method = "GET", headers = {}, body, signal } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, signal }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        if (!res.statusCode || res.statusCode >= 300) return resolve(undefined);
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch {
          resolve(undefined);
        }
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The address as lib/security/server-proof.ts writes it into the proof (kept equal by tests/http/agents-hook.test.ts). */
function dialledAddress(url) {
  const u = new URL(url);
  let h = u.hostname.toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h === "localhost" || h.endsWith(".localhost")) h = "127.0.0.1";
  const port = Number(u.port || (u.protocol === "https:" ? 443 : 80));
  return `${h.includes(":") ? `[${h}]` : h}:${port}`;
}

/**
 * The token goes only to a server that shows it knows it (the same challenge as the plugin's and
 * the CLI's): a program that took the port while Recollect was down gets nothing.
 */
async function provenToken(s, signal) {
  const token = fs.readFileSync(path.join(s.dataDir, "token"), "utf8").trim();
  if (!token) return undefined;
  const challenge = crypto.randomBytes(16).toString("hex");
  const body = await request(`${s.url}/api/health?challenge=${challenge}`, { signal });
  const expected = crypto
    .createHmac("sha256", token)
    .update(`recollect-server-proof:v2:${dialledAddress(s.url)}:${challenge}`)
    .digest("hex");
  const proof = typeof body?.proof === "string" && /^[0-9a-f]{64}$/.test(body.proof) ? body.proof : "";
  if (!proof || !crypto.timingSafeEqual(Buffer.from(proof, "hex"), Buffer.from(expected, "hex"))) return undefined;
  return token;
}

async function main() {
  const s = settings();
  if (s.agent !== "claude-code" && s.agent !== "codex") return;
  const raw = await readStdin();
  if (!raw) return;
  const event = JSON.parse(raw);
  const spec = EVENTS[event?.hook_event_name];
  if (!spec) return;
  const signal = AbortSignal.timeout(Number(process.env.RECOLLECT_HOOK_TIMEOUT_MS) || spec.deadlineMs);
  const token = await provenToken(s, signal);
  if (!token) return;
  const transcript = transcriptTail(event.transcript_path, spec.transcriptBytes);
  const answer = await request(`${s.url}/api/agents/hook`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ agent: s.agent, event, ...(transcript ? { transcript } : {}) }),
    signal,
  });
  if (answer?.output) process.stdout.write(`${JSON.stringify(answer.output)}\n`);
}

main()
  .catch(() => undefined)
  .finally(() => process.exit(0));
