import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { exportedMemory } from "../../lib/contracts/export";
import { renderMarkdown } from "../../lib/export/markdown";
import { startServer, type TestServer, tempDir } from "../../tests/helpers/server";
import { History } from "../../tests/lib/compression/history";
import { summarize } from "../lib/stats";
import { Worker } from "node:worker_threads";
import { watchLoopHold } from "./loop-hold";

/**
 * `/api/health` over HTTP while each heavy route runs one request near its limit, on one real
 * server (the production build, `npx next build` first; history limit 64 MiB). For each route the
 * health requests go one after another from the start of the heavy request to its answer; each is
 * timed from send to answer. The server's CPU time for the heavy request (from /proc) is reported
 * too: wall times on a loaded machine are inflated, CPU times much less.
 *
 * `scale` (0-1] shrinks every input (1: the sizes below); `only`: the routes whose name contains one of
 * its comma-separated parts. `serverFlags`: Node/V8 flags for the server (after its own, so they win);
 * with `--trace-gc` each row also counts the server's GC pauses over 50 ms during the request.
 */
export async function healthDuringRoutes(scale = 1, only?: string, serverFlags: string[] = []) {
  const server = await startServer({
    nodeFlags: serverFlags,
    env: { RECOLLECT_SERVER_HISTORY_BODY_LIMIT_BYTES: String(64 * 1024 * 1024), RECOLLECT_COMPRESSION_CACHE_AWARE: "true" },
  });
  const rows: Record<string, string | number>[] = [];
  const work = tempDir("recollect-bench-routes-");
  try {
    await (await server.api("/api/health")).arrayBuffer();
    // Warm the routes (first-request loading is not what is measured).
    const warm = new History("ses_bench_routes_warm").user("hello").step({ text: "hi" });
    await (await server.api("/api/compress", { method: "POST", json: warm.body() })).arrayBuffer();
    const messages = Math.round(100_000 * scale);
    const memories = Math.round(12_000 * scale);
    const cases: { route: string; input: string; send: Sender }[] = [];
    // A comma-separated list: `import,export` (the export reads what the imports wrote). Only the
    // inputs of the routes run are built: the others' hundreds of MB made this process's own
    // collections, and so its reading of health answers, slower.
    const want = (route: string) => !only || only.split(",").some((o) => route.includes(o));

    const history = (session: string) => {
      const h = new History(session);
      for (let i = 0; i < messages; i++) i % 2 ? h.user(`question ${i} about the cache`) : h.step({ text: `answer ${i}: checked the index` });
      return h;
    };
    if (want("POST /api/compress")) {
      const compressBody = JSON.stringify(history("ses_bench_routes_compress").body());
      cases.push({ route: "POST /api/compress", input: mb(compressBody), send: posted(server, "/api/compress", compressBody) });
    }
    if (want("POST /api/checkpoints")) {
      const h = history("ses_bench_routes_checkpoint");
      const checkpointBody = JSON.stringify({ directory: work, sessionID: "ses_bench_routes_checkpoint", trigger: "manual", messages: h.messages });
      cases.push({ route: "POST /api/checkpoints", input: mb(checkpointBody), send: posted(server, "/api/checkpoints", checkpointBody) });
    }
    if (want("POST /api/extract")) {
      // Extraction reads what was said: its contract's 10,000 messages, each of about 5,600 characters.
      const said = new History("ses_bench_routes_extract");
      const longLine = (i: number) => `${i}: we checked the build cache and the index; `.repeat(120);
      for (let i = 0; i < Math.round(10_000 * scale); i++) i % 2 ? said.user(`question ${longLine(i)}`) : said.step({ text: `answer ${longLine(i)}` });
      const extractBody = JSON.stringify({ directory: work, sessionID: "ses_bench_routes_extract", trigger: "idle", messages: said.messages });
      cases.push({ route: "POST /api/extract", input: mb(extractBody), send: posted(server, "/api/extract", extractBody) });
    }
    if (want("POST /api/agents/hook (PreCompact)")) {
      // Another agent's compaction hook with its transcript (JSON lines), near the history limit.
      const transcript = Array.from({ length: messages }, (_, i) =>
        JSON.stringify(
          i % 2
            ? { type: "user", uuid: `u${i}`, message: { role: "user", content: `question ${i} about the cache ${"and the index ".repeat(30)}` } }
            : {
                type: "assistant",
                uuid: `a${i}`,
                message: { role: "assistant", content: [{ type: "text", text: `answer ${i}: checked ${"the index ".repeat(30)}` }] },
              },
        ),
      ).join("\n");
      const hookBody = JSON.stringify({
        agent: "claude-code",
        event: { hook_event_name: "PreCompact", session_id: "bench-hook", cwd: work, trigger: "auto" },
        transcript,
      });
      cases.push({ route: "POST /api/agents/hook (PreCompact)", input: mb(hookBody), send: posted(server, "/api/agents/hook", hookBody) });
    }

    // An import of `memories` notes of about 2 KB each, as JSON and as the Markdown export.
    const entries = Array.from({ length: memories }, (_, i) => ({
      title: `Note ${i} on the build cache`,
      content: `Note ${i}: ${"the build cache keeps the compiled modules between runs; ".repeat(35)}`,
      category: "note",
      tags: ["bench", `t${i % 50}`],
    }));
    const importJson = JSON.stringify(entries);
    cases.push({ route: "POST /api/import (JSON)", input: mb(importJson), send: posted(server, "/api/import?format=json", importJson, "text/plain") });
    const now = new Date().toISOString();
    const rows2 = entries.map((e, i) => ({ ...exportedMemory.parse(e), id: `md${i}`, createdAt: now, updatedAt: now, links: [], versions: [] }));
    const importMarkdown = renderMarkdown(rows2 as never);
    cases.push({
      route: "POST /api/import (Markdown)",
      input: mb(importMarkdown),
      send: posted(server, "/api/import?format=markdown", importMarkdown, "text/markdown"),
    });
    cases.push({ route: "GET /api/export (JSON)", input: `${memories * 2} memories`, send: () => server.api("/api/export?format=json").then(counted) });
    cases.push({ route: "GET /api/export (Markdown)", input: `${memories * 2} memories`, send: () => server.api("/api/export?format=markdown").then(counted) });

    // Notes: a folder of 2 MB notes (the per-file limit), ordinary sections and lists.
    const notes = path.join(work, "notes");
    fs.mkdirSync(notes);
    const noteFiles = Math.max(1, Math.round(4 * scale));
    for (let f = 0; f < noteFiles; f++) fs.writeFileSync(path.join(notes, `notes-${f}.md`), noteText(2 * 1024 * 1024 - 4096, f));
    cases.push({
      route: "POST /api/notes/ingest",
      input: `${noteFiles} x 2 MB`,
      send: posted(server, "/api/notes/ingest", JSON.stringify({ path: notes })),
    });

    // Bootstrap: a project whose instruction files are at the 1 MB a file bootstrap reads.
    const project = path.join(work, "project");
    fs.mkdirSync(project);
    for (const name of ["AGENTS.md", "CLAUDE.md", "README.md", "CONTRIBUTING.md"]) fs.writeFileSync(path.join(project, name), noteText(1024 * 1024 - 4096, 7));
    cases.push({ route: "POST /api/bootstrap", input: "4 x 1 MB", send: posted(server, "/api/bootstrap", JSON.stringify({ directory: project })) });

    // One memory at its limits: 50,000 characters of text, 16 KB of metadata.
    const memoryBody = JSON.stringify({
      content: noteText(49_000, 3),
      category: "note",
      metadata: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, "v".repeat(90)])),
    });
    cases.push({ route: "POST /api/memories", input: mb(memoryBody), send: posted(server, "/api/memories", memoryBody) });

    const windows: Record<string, [number, number]> = {};
    for (const c of cases) {
      if (!want(c.route)) continue;
      try {
        const logFrom = server.log().length;
        const from = process.hrtime.bigint() / 1000n;
        // A body is encoded before its request is timed: a 57 MB Buffer.from held this process's loop.
        c.send.ready?.();
        const row = await measure(server, c.send);
        // The request's window on CLOCK_MONOTONIC (µs), for bench/adversarial/long-tasks.ts.
        if (process.env.RECOLLECT_TURNS_FILE) windows[c.route] = [Number(from), Number(process.hrtime.bigint() / 1000n)];
        rows.push({ route: c.route, input: c.input, ...row, ...(serverFlags.includes("--trace-gc") ? gcPauses(server.log().slice(logFrom)) : {}) });
      } catch (error) {
        throw new Error(`${c.route}: ${(error as Error).message}\n${server.log().slice(-3000)}`);
      }
    }
    if (process.env.RECOLLECT_TURNS_FILE) fs.writeFileSync(`${process.env.RECOLLECT_TURNS_FILE}.window.json`, JSON.stringify(windows));
    return rows;
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The pauses in a `--trace-gc` log ("... ms: Scavenge 50.1 (60.2) -> 45.3 (70.1) MB, 12.3 / 0.0 ms ..."): over 50 ms, and the longest. */
function gcPauses(log: string) {
  const pauses = [...log.matchAll(/ms: (Scavenge|Mark-Compact)[^,\n]*, ([\d.]+) \//g)].map((m) => ({ kind: m[1], ms: Number(m[2]) }));
  const over = (kind: string) => pauses.filter((p) => p.kind === kind && p.ms > 50).length;
  return {
    "GC scavenges (> 50 ms)": `${pauses.filter((p) => p.kind === "Scavenge").length} (${over("Scavenge")})`,
    "GC mark-compacts (> 50 ms)": `${pauses.filter((p) => p.kind === "Mark-Compact").length} (${over("Mark-Compact")})`,
    "longest GC ms": Math.max(0, ...pauses.map((p) => p.ms)),
  };
}

const mb = (text: string) => `${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB`;

/** A heavy request's answer: its status, its size and the start of its text, counted as it arrives. */
interface Answer {
  status: number;
  ok: boolean;
  bytes: number;
  head: string;
}

/**
 * The answer of a fetch, its body counted a chunk at a time: joining a 57 MB answer into one
 * buffer (and copying it again into an ArrayBuffer) held this process's event loop for tens of
 * milliseconds, as the last health answer arrived, which counted that hold as the server's.
 */
async function counted(res: Response): Promise<Answer> {
  let bytes = 0;
  let head = "";
  const reader = res.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const };
    if (chunk.done) break;
    if (bytes < HEAD_BYTES) head += Buffer.from(chunk.value.subarray(0, HEAD_BYTES - bytes)).toString("latin1");
    bytes += chunk.value.byteLength;
  }
  return { status: res.status, ok: res.ok, bytes, head };
}

const HEAD_BYTES = 160;

/**
 * A POST on a connection of its own (node:http): through fetch, a compress body of 33 MB or more
 * failed with EPIPE in this harness (fetch's kept-alive pool), while the same body on its own
 * connection is answered 200.
 */
type Sender = (() => Promise<Answer>) & { ready?: () => void };

/**
 * A POST of `body`, encoded by `ready()` (called before the request is timed) or else when sent.
 * Once encoded, the text is dropped: 57 MB less for this process's collector while it times.
 */
function posted(server: TestServer, route: string, body: string, type?: string): Sender {
  let text: string | undefined = body;
  let data: Buffer | undefined;
  const encoded = () => {
    data ??= Buffer.from(text ?? "");
    text = undefined;
    return data;
  };
  return Object.assign(() => post(server, route, encoded(), type), { ready: () => void encoded() });
}

function post(server: TestServer, route: string, data: Buffer, type = "application/json"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: new URL(server.url).port,
        method: "POST",
        path: route,
        agent: false,
        headers: { authorization: `Bearer ${server.token}`, "content-type": type, "content-length": data.length },
      },
      (res) => {
        let bytes = 0;
        let head = "";
        res.on("data", (c: Buffer) => {
          if (bytes < HEAD_BYTES) head += c.subarray(0, HEAD_BYTES - bytes).toString("latin1");
          bytes += c.byteLength;
        });
        res.on("error", reject);
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          resolve({ status, ok: status >= 200 && status < 300, bytes, head });
        });
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

/** Ordinary Markdown notes: headings, paragraphs, lists, code, about `chars` characters. */
export function noteText(chars: number, seed: number): string {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < chars; i++) {
    const block =
      i % 4 === 0
        ? `## Section ${seed}.${i}\n\nThe service ${i} reads its settings from \`config/${i}.yml\` and retries three times.\n`
        : i % 4 === 1
          ? `- step ${i}: run \`make test-${i}\`\n- step ${i + 1}: check the logs for *errors* and **warnings**\n`
          : i % 4 === 2
            ? "```sh\nnpm run build && npm test\n```\n"
            : `Decision ${i}: we keep the cache for [one day](https://example.com/${i}) because rebuilds take minutes.\n`;
    out.push(block);
    size += block.length + 1;
  }
  return out.join("\n").slice(0, chars);
}

function serverCpuMs(server: TestServer): number {
  const stat = fs.readFileSync(`/proc/${server.child.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime (fields 14 and 15 of stat; 12 and 13 after the command name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function measure(server: TestServer, send: Sender) {
  // The health requests come from a thread of their own (health-poller.mjs): this thread's holds
  // (sending and reading tens of MB) no longer count as the server's. Its own longest hold is
  // still reported, as a check on the harness.
  const poller = new Worker(new URL("./health-poller.mjs", import.meta.url), { workerData: { url: server.url, token: server.token } });
  const polled = new Promise<number[]>((resolve, reject) => {
    poller.on("message", (m: unknown) => Array.isArray(m) && resolve(m as number[]));
    poller.once("error", reject);
  });
  await new Promise<void>((resolve, reject) => {
    poller.once("message", () => resolve());
    poller.once("error", reject);
  });
  const clientHold = watchLoopHold();
  const cpuBefore = serverCpuMs(server);
  let started = performance.now();
  // A kept-alive connection the server closed meanwhile (its 5 s idle timeout) fails a POST at its
  // first write: sent again once, timed from then.
  const heavy = send()
    .catch(() => {
      started = performance.now();
      return send();
    })
    .then((res) => ({ status: res.ok ? String(res.status) : `${res.status} ${res.head}`, bytes: res.bytes }))
    .catch((error: Error) => ({ status: `failed: ${(error.cause as Error | undefined)?.message ?? error.message}`, bytes: 0 }))
    .then((answer) => ({ ...answer, ms: performance.now() - started }));
  const result = await heavy;
  // Counted even when answered after the heavy request: it was sent while that one ran, and a
  // hold at the heavy request's end (a write transaction) is seen only by this last one.
  poller.postMessage("stop");
  const latencies = await polled;
  await poller.terminate();
  const cpu = serverCpuMs(server) - cpuBefore;
  const clientHeld = clientHold.stop();
  const s = latencies.length ? summarize(latencies) : { n: 0, p50: 0, p99: 0, max: 0 };
  return {
    status: result.status,
    "answer MB": Number((result.bytes / 1e6).toFixed(2)),
    "wall ms": Math.round(result.ms),
    "server CPU ms": Math.round(cpu),
    "health answers": s.n,
    "health p50 ms": Number(s.p50.toFixed(1)),
    "health p99 ms": Number(s.p99.toFixed(1)),
    "health max ms": Number(s.max.toFixed(1)),
    "bench's own longest hold ms": Math.round(clientHeld),
  };
}
