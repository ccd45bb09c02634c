import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SourceMap } from "node:module";
import { keepAliveClient } from "../lib/http-client";
import { flushAccess } from "../../lib/search/access-buffer";
import { searchQuery } from "../../lib/search/bilingual";
import { lexicalSearch } from "../../lib/search/lexical";
import { benchCtx, round, table, tempDir } from "./common";
import { corpus } from "./corpus";
import { lexicalSpeedBody, searchAsRoute } from "./route-search";
import { MODEL_DIR, startBenchServer, waitHybrid } from "./speed";

/**
 * Where the production server's CPU goes during the speed bench's lexical phase (bench/search/speed.ts:
 * the same bodies, every question once to warm up, then every question twice), on a kept speed store.
 *
 *   npx tsx bench/search/server-profile.ts --store <copy of a speed store>/100000 [--cpu-prof] [--interval 250] [--trace-gc] [--answers FILE] [--in-process]
 *
 * Reports, over the timed requests only:
 * - the server's CPU a request by thread (/proc/<pid>/task/<tid>/schedstat and comm): the main
 *   thread against V8's GC helpers, libuv's pool, workers;
 * - with `--trace-gc`: the main thread's GC events and their pause times;
 * - with `--cpu-prof`: a V8 profile of the main thread, its samples taken between the first and the
 *   last timed request (both clocks are CLOCK_MONOTONIC), attributed to the innermost frame of our
 *   own code (lib/, app/, server/) and, apart, to the frame on top (node:http, streams, GC, native).
 *   Run the server on a build made with `RECOLLECT_SOURCE_MAPS=1` (e.g. `RECOLLECT_DIST_DIR=.next-prof`):
 *   the minified chunks' positions are mapped back to the source files and names.
 * A latency is printed too, but this is a profile, not a timing bench: the profiler costs CPU.
 *
 * `--in-process`: the same requests through the route's verb in this process (the contract's parse,
 * `searchMemories` with the batched access write, the answer's JSON), CPU by thread the same way:
 * what the server adds around it is the difference.
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dataDir = opt("store");
if (!dataDir) throw new Error("--store <speed store dir, e.g. a copy of <dir>/100000> is required");
const profile = args.includes("--cpu-prof");
const traceGc = args.includes("--trace-gc") || args.includes("--trace-gc-nvp");
const interval = opt("interval") ?? "250";
const profDir = tempDir("recollect-server-prof-");

const hasModel = fs.existsSync(path.join(MODEL_DIR, "config.json"));
const env: Record<string, string> = hasModel ? { RECOLLECT_EMBEDDING_PROVIDER: "transformers", RECOLLECT_EMBEDDING_MODEL_DIR: MODEL_DIR } : {};
const nodeArgs = [
  ...(profile ? ["--cpu-prof", "--cpu-prof-dir", profDir, "--cpu-prof-interval", interval] : []),
  ...(traceGc ? ["--trace-gc"] : []),
  ...(args.includes("--trace-gc-nvp") ? ["--trace-gc-nvp"] : []),
  // `--node-arg <flag>` (repeatable): any other flag for the server's node, e.g. --trace-gc-nvp.
  ...args.flatMap((a, i) => (a === "--node-arg" ? [args[i + 1]] : [])),
];

/** CPU ms of each thread so far, by tid, with its name. */
function threads(pid: number): Map<string, { name: string; ms: number }> {
  const out = new Map<string, { name: string; ms: number }>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      const ms = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
      out.set(tid, { name: tid === String(pid) ? "main" : name, ms });
    } catch {
      /* ended meanwhile */
    }
  }
  return out;
}

async function inProcess(dir: string) {
  const ctx = benchCtx(env, dir);
  // The server's embedding service stays off for lexical requests; no model is loaded here.
  const run = (i: number) => searchAsRoute(ctx, body(i));
  for (let i = 0; i < c.questions.length; i++) await run(i);
  flushAccess(ctx.sqlite);
  const before = threads(process.pid);
  const cpu0 = process.cpuUsage();
  let empty = 0;
  for (let i = 0; i < count; i++) if ((JSON.parse(await run(i)) as { results: unknown[] }).results.length === 0) empty++;
  flushAccess(ctx.sqlite);
  const used = process.cpuUsage(cpu0);
  const after = threads(process.pid);
  console.log(
    `${count} lexical requests in process, ${empty} empty; process CPU ${round((used.user + used.system) / 1000 / count, 3)} ms a request; load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    table(
      [...after]
        .map(([tid, t]) => ({ thread: `${t.name} (${tid})`, "ms/request": round((t.ms - (before.get(tid)?.ms ?? 0)) / count, 3) }))
        .filter((r) => r["ms/request"] > 0),
    ),
  );
  // The FTS5 part alone on the same requests (as tail-profile.ts; scale.ts's in-process figure is k = 10).
  for (const k of [10, 100]) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      const b = body(i);
      lexicalSearch(ctx, searchQuery(b.query, ctx.config.search.translateQuery).terms, { projectId: b.project ?? null, statuses: ["active"] }, k);
    }
    const u = process.cpuUsage(c0);
    console.log(`lexicalSearch k = ${k} alone: ${round((u.user + u.system) / 1000 / count, 3)} ms CPU a request`);
  }
  ctx.close();
}

const c = corpus();
const body = lexicalSpeedBody;
const count = 2 * c.questions.length;
if (args.includes("--in-process")) {
  await inProcess(path.resolve(dataDir));
  process.exit(0);
}
const server = await startBenchServer(path.resolve(dataDir), env, nodeArgs);
let window = { start: 0n, end: 0n };
const wall: number[] = [];
const answers: string[] = [];
let logStart = 0;
let logEnd = 0;
const cpu = new Map<string, { name: string; ms: number }>();
try {
  if (hasModel) await waitHybrid(server.url, server.token);
  const client = keepAliveClient(server.url, server.token);
  for (let i = 0; i < c.questions.length; i++) await client.post("/api/search", body(i));
  const before = threads(server.pid);
  logStart = server.log().length;
  window = { start: process.hrtime.bigint(), end: 0n };
  let empty = 0;
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await client.post("/api/search", body(i));
    wall.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`search failed: ${res.body}`);
    const results = (JSON.parse(res.body) as { results: { id: string; score?: number }[] }).results;
    if (results.length === 0) empty++;
    answers.push(results.map((r) => `${r.id}:${r.score}`).join(" "));
  }
  // `--answers FILE`: each timed request's ids and scores in order, to compare two builds (`diff`).
  if (opt("answers")) fs.writeFileSync(opt("answers")!, `${answers.join("\n")}\n`);
  window.end = process.hrtime.bigint();
  logEnd = server.log().length;
  const after = threads(server.pid);
  for (const [tid, t] of after) {
    const ms = t.ms - (before.get(tid)?.ms ?? 0);
    cpu.set(tid, { name: `${t.name} (${tid})`, ms });
  }
  client.close();
  wall.sort((a, b) => a - b);
  console.log(
    `${count} lexical requests, ${empty} empty; wall p50 ${round(wall[Math.floor(count / 2)])} / p95 ${round(wall[Math.floor(count * 0.95)])} ms (profiler ${profile ? "on" : "off"}); load ${os.loadavg()[0].toFixed(1)}`,
  );
} finally {
  await server.stop();
}

const perRequest = [...cpu.values()].filter((t) => t.ms > 0).sort((a, b) => b.ms - a.ms);
const total = perRequest.reduce((s, t) => s + t.ms, 0);
console.log("\nServer CPU ms a request, by thread (timed requests only)");
console.log(
  table([...perRequest.map((t) => ({ thread: t.name, "ms/request": round(t.ms / count, 3) })), { thread: "all", "ms/request": round(total / count, 3) }]),
);

if (traceGc) {
  const lines = server.log().slice(logStart, logEnd).split("\n");
  const events = new Map<string, { n: number; ms: number }>();
  for (const line of lines) {
    // "[pid:isolate]   21007 ms: Scavenge 255.5 (331.7) -> 204.9 (333.7) MB, 33.84 / 4.88 ms  (...) task;"
    const m = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: (Scavenge|Mark-Compact|Mark-Compact \(reduce\)|Minor Mark-Sweep) .*?MB, ([\d.]+) \/ [\d.]+ ms/.exec(line);
    if (!m) continue;
    const key = `${m[2]} (isolate ${m[1]})`;
    const e = events.get(key) ?? { n: 0, ms: 0 };
    e.n++;
    e.ms += Number(m[3]);
    events.set(key, e);
  }
  const all = server
    .log()
    .split("\n")
    .filter((l) => /Scavenge|Mark-Compact|Mark-Sweep/.test(l)).length;
  console.log(`\nGC on the main thread during the timed requests (--trace-gc; ${all} GC lines in the whole run)`);
  console.log(table([...events].map(([kind, e]) => ({ kind, events: e.n, "pause ms": round(e.ms), "ms/request": round(e.ms / count, 3) }))));
  if (args.includes("--trace-gc-nvp")) for (const line of lines.filter((l) => l.includes("gc=s"))) console.log(line);
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMap | null>();
function consumer(url: string): SourceMap | null {
  if (maps.has(url)) return maps.get(url) ?? null;
  let found: SourceMap | null = null;
  try {
    const file = url.startsWith("file://") ? new URL(url).pathname : url;
    if (file.endsWith(".js") && fs.existsSync(`${file}.map`)) found = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")));
  } catch {
    found = null;
  }
  maps.set(url, found);
  return found;
}

/** `file: function` of a frame, mapped through its chunk's source map when there is one. */
function frameName(f: CallFrame): { file: string; fn: string } {
  if (!f.url) return { file: f.functionName.startsWith("(") ? f.functionName : "(native)", fn: f.functionName || "(anonymous)" };
  const map = consumer(f.url);
  if (map) {
    const p = map.findEntry(f.lineNumber, f.columnNumber) as { originalSource?: string; originalLine?: number; name?: string };
    if (p.originalSource) {
      const src = p.originalSource
        .replace(/^.*?\[project\]\//, "")
        .replace(/^turbopack:\/\/\//, "")
        .replace(/^(\.\.\/)+/, "");
      return { file: src, fn: `${p.name ?? f.functionName ?? "?"}@${(p.originalLine ?? 0) + 1}` };
    }
  }
  const file = f.url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "");
  return { file, fn: f.functionName || "(anonymous)" };
}

function ours(file: string): boolean {
  return /^(lib|app|server)\//.test(file);
}

/** CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile */
function threadOf(file: string): number {
  return Number(file.split(".").at(-3));
}

function attribute(p: CpuProfile, w: { start: bigint; end: bigint }, requests: number, detailed: boolean) {
  const parent = new Map<number, number>();
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  for (const n of p.nodes) for (const ch of n.children ?? []) parent.set(ch, n.id);
  const names = new Map<number, { file: string; fn: string }>();
  const nameOf = (id: number) => {
    let v = names.get(id);
    if (!v) {
      v = frameName(byId.get(id)!.callFrame);
      names.set(id, v);
    }
    return v;
  };
  const start = Number(w.start / 1000n);
  const end = Number(w.end / 1000n);
  const owner = new Map<string, number>();
  const ownerFile = new Map<string, number>();
  const top = new Map<string, number>();
  const inclusive = new Map<string, number>();
  // What the server adds around the search verb: samples with no searchMemories frame under them.
  const outsideVerb = new Map<string, number>();
  // The request's parts (groupOf): the front gate, the route's wrapper, the verb's parts, the access write.
  const groups = new Map<string, number>();
  let t = p.startTime;
  let inWindow = 0;
  let notInWindow = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i];
    const dt = p.timeDeltas[i + 1] ?? 0;
    if (t < start || t > end) {
      notInWindow++;
      continue;
    }
    inWindow++;
    const leaf = p.samples[i];
    const leafName = nameOf(leaf);
    if (leafName.file === "(idle)") {
      top.set("(idle)", (top.get("(idle)") ?? 0) + dt);
      continue;
    }
    const topKey = ours(leafName.file)
      ? `ours: ${leafName.file}`
      : leafName.file.startsWith("node:")
        ? leafName.file
        : leafName.file.includes("node_modules/next/")
          ? "next (node_modules)"
          : leafName.file.startsWith("(")
            ? leafName.file
            : (/node_modules\/([^/]+)/.exec(leafName.file)?.[1] ?? leafName.file);
    top.set(topKey, (top.get(topKey) ?? 0) + dt);
    let own: string | undefined;
    let underVerb = false;
    const seen = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const n = nameOf(id);
      if (!ours(n.file)) continue;
      const key = `${n.file} ${n.fn.replace(/@\d+$/, "")}`;
      if (key === "lib/search/search.ts searchMemories") underVerb = true;
      if (!own) own = key;
      if (!seen.has(key)) {
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
      }
    }
    const group = topKey === "(garbage collector)" ? "GC (main thread)" : groupOf(stackOf(leaf, parent, nameOf));
    groups.set(group, (groups.get(group) ?? 0) + dt);
    const ownKey = own ?? `(no frame of ours) ${topKey}`;
    owner.set(ownKey, (owner.get(ownKey) ?? 0) + dt);
    if (!underVerb) {
      const k = own ? `${own} > ${topKey}` : topKey;
      outsideVerb.set(k, (outsideVerb.get(k) ?? 0) + dt);
    }
    const f = own ? own.split(" ")[0] : "(no frame of ours)";
    ownerFile.set(f, (ownerFile.get(f) ?? 0) + dt);
  }
  const busy = [...top].filter(([k]) => k !== "(idle)").reduce((s, [, v]) => s + v, 0);
  console.log(`\nProfile: ${inWindow} samples in the window (${notInWindow} outside), main thread busy ${round(busy / 1000 / requests, 3)} ms a request`);
  const show = (title: string, m: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    console.log(
      table(
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([k, v]) => ({ where: k.slice(0, 110), "ms/request": round(v / 1000 / requests, 3), share: `${round((100 * v) / busy, 1)}%` })),
      ),
    );
  };
  show("By part of the request (groupOf)", groups, 30);
  show("By the innermost file of ours on the stack (self time below it)", ownerFile, detailed ? 40 : 10);
  if (!detailed) return;
  show("By the innermost function of ours on the stack", owner, 45);
  show("Inclusive, functions of ours", inclusive, 60);
  show("By the frame on top (what ran)", top, 30);
  const outside = [...outsideVerb.values()].reduce((a, b) => a + b, 0);
  console.log(`\nOutside searchMemories: ${round(outside / 1000 / requests, 3)} ms a request (${round((100 * outside) / busy, 1)}% of the busy samples)`);
  show("Outside searchMemories, by the innermost function of ours > the frame on top", outsideVerb, 50);
}

/** A sample's frames, innermost first. */
function stackOf(leaf: number, parent: Map<number, number>, nameOf: (id: number) => { file: string; fn: string }) {
  const out: { file: string; fn: string }[] = [];
  for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) out.push(nameOf(id));
  return out;
}

/**
 * The part of a search request a sample belongs to: inside the verb (searchMemories) by the
 * innermost file of ours; outside it by the first of the request's layers found on the stack.
 */
function groupOf(stack: { file: string; fn: string }[]): string {
  const files = stack.map((s) => s.file);
  const has = (re: RegExp) => files.some((f) => re.test(f));
  const inner = files.find(ours) ?? "";
  if (stack.some((s) => s.file === "lib/search/search.ts")) {
    if (/lexical-(exact|top|postings|filter-bits)/.test(inner)) return "verb: lexical top k outside FTS5 (postings, MaxScore, filter bits, the k's columns)";
    if (/lib\/search\/lexical\.ts|narrow-filters|lib\/indexing\/before-read|virtual-tables/.test(inner)) return "verb: lexical.ts (plan, df, statements)";
    if (/format\.ts|token-count/.test(inner)) return "verb: `formatted` (format.ts, token counting)";
    if (/context-rerank|date-signal|neighbours|hybrid\.ts|title-match|lexical-keep/.test(inner))
      return "verb: ranking (fusion, title boost, context and date rerank)";
    if (/tokenizer|bilingual|vector-text|query-features/.test(inner)) return "verb: the question's terms (tokenizer, translation)";
    if (/memories\/|memory-trackers|derived/.test(inner)) return "verb: rows to answers (dto, trackers)";
    return "verb: search.ts itself (rows, snippets)";
  }
  if (has(/access-buffer|write-later|lib\/search\/access\.ts/)) return "access counts write (batched, once a second)";
  if (has(/wal-checkpoint/)) return "WAL checkpoint start";
  if (has(/metrics\/|logging\//)) return "metrics + the request's log line";
  if (stack.some((s) => s.file === "app/api/_lib/handler.ts" && s.fn.startsWith("json"))) return "the answer's JSON (stringify, NextResponse)";
  if (has(/read-json|contracts\//) || stack.some((s) => s.fn.startsWith("parseBody"))) return "body read + contract (zod)";
  if (has(/guard|lib\/security\//)) return "auth, Host, Origin";
  if (has(/app\/api\/_lib\/handler\.ts|app\/api\/search\/route\.ts|write-gate|lib\/boot/)) return "route wrapper (boot, write gate, headers)";
  // The server's front is bundled (cli/.dist/serve.mjs, scripts/build-cli.ts): its frames carry no source file.
  if (has(/server\/(direct|serve|gate)\.ts|cli\/\.dist\/serve\.mjs/)) return "front gate (server/direct.ts, serve.ts, gate.ts: request built, answer written)";
  if (has(/^node:(_http|net)|stream/)) return "node:http, sockets (no frame of ours)";
  return `other: ${files.find((f) => !f.startsWith("(")) ?? files[0]}`;
}

if (profile) {
  // One profile a thread: the main thread's file name carries thread id 0, a worker's its own.
  const files = fs
    .readdirSync(profDir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort((a, b) => threadOf(a) - threadOf(b));
  if (files.length === 0) throw new Error(`no profile written in ${profDir}`);
  for (const file of files) {
    console.log(`\n=== ${threadOf(file) === 0 ? "main thread" : `worker thread ${threadOf(file)}`} (${file})`);
    attribute(JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8")) as CpuProfile, window, count, threadOf(file) === 0);
    const keep = path.join(os.tmpdir(), `server-profile-${Date.now()}-${threadOf(file)}.cpuprofile`);
    fs.copyFileSync(path.join(profDir, file), keep);
    console.log(`profile kept: ${keep}`);
  }
}
fs.rmSync(profDir, { recursive: true, force: true });
