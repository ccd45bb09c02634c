/**
 * Plugin time per turn through each entry of the one module: OpenCode 1's hooks (`server()`) and
 * OpenCode 2's (`setup()`, run in tests/opencode2/host.ts, the V2 plugin context as OpenCode 2's
 * source defines it), on the same long sessions against the same warm server, turns alternating
 * between the two. A V2 turn: the `prompt` hook, the `context` hook (compression, recall, the
 * stable block, over the V1 view of the request's messages), then `tool.execute.before`/`.after`;
 * a V1 turn: `chat.message`, `messages.transform`, `system.transform`, the tool hooks.
 *
 * Each turn is timed three ways: wall clock, the CPU the plugin's process used (process.cpuUsage)
 * and the CPU the server's process used (all its threads, /proc/<pid>/task/<tid>/schedstat, Linux
 * only): on a loaded machine the CPU columns are the ones to compare. The HTTP calls the plugin
 * makes per turn are counted by path.
 *
 * After each turn's answer, as OpenCode does: the request that follows the tool's result (the
 * history with the answer's step; not timed) and the session's idle event (`session.idle`; V2:
 * `session.execution.succeeded`), whose work (heartbeat, checkpoint, extraction, the next turn's
 * compression prepared: lib/compression/prepared.ts) is let finish before the next turn, as a user
 * reading the answer would. `--no-idle`: neither (the turns back to back, as this bench ran before);
 * `--no-prepare`: both, the prepare request refused in the plugin's process (the effect of
 * preparing alone).
 *
 * `--cpu-profile <file>`: a V8 CPU profile of the plugin's process over the measured turns (200 µs
 * samples), and the same cut to each entry's timed turns (`<file>.v1.cpuprofile`, `.v2.cpuprofile`).
 * The table gives each entry's wall, plugin CPU (and the GC pauses inside it), server CPU and both,
 * at p50 / p95 / p99, and the request bytes the plugin sends a turn.
 * `--server-cpu-profile <dir>`: a V8 CPU profile of the server's process, all of its run (written at its exit), and
 * the same cut to each entry's timed turns (`<profile>.v1.cpuprofile`, `.v2.cpuprofile`).
 * `--stages`: the plugin's CPU per hook of a turn, the part of it spent while the turn's HTTP
 * calls were on their way (the client, the socket writes and whatever else the process ran
 * meanwhile: GC threads included), and the turn's CPU on the main thread alone, p50 / p95.
 *
 * `--per-request`: the server's main-thread CPU by call (method and path) of a turn, and outside them.
 * Each entry's GCs a turn (scavenges, others) and what a turn allocated (the used heap's growth, over
 * the turns no GC ran in) are in the table too. `--heap-profile <file>`: a sampling allocation
 * profile (.heapprofile, every 4 KB; what the GC freed since included) of the measured turns, the
 * idle work and both entries together.
 *
 * `--runtime bun|node`: where the plugin's side runs. OpenCode runs plugins in Bun (its binary is Bun:
 * `BUN_BE_BUN=1 opencode script.ts` is the plain bun CLI), so `bun` is the default when the pinned
 * OpenCode binary is there (`OPENCODE_BIN`, else node_modules/opencode-linux-x64{,-baseline}). The
 * server always runs in Node (this process starts it, as `recollect start` does); with `bun`, this
 * file runs again in a Bun child attached to that server (`RECOLLECT_BENCH_ATTACH`), which plays
 * the turns and prints the tables. Under Bun there is no GC observer and no allocation counter (JSC's
 * heap size moves only at a collection), so those columns read "n/a"; `--cpu-profile` uses Bun's
 * own `--cpu-prof` (the whole child, cut to the timed turns here); `--heap-profile` is Node's only.
 *
 * `--gc-log` (Bun): JSC's collections inside each timed turn, from its own log (`BUN_JSC_logGC`).
 * `--threads`: the plugin process's CPU a turn by thread (its JavaScript against the runtime's other threads).
 *
 *   npx tsx bench/plugin/entries.ts [--runtime bun|node] [--threads] [--gc-log] [--turns 100] [--llm-ms 300] [--hook-gap-ms 40] [--sizes 20000,200000] [--no-build] [--no-idle] [--no-prepare] [--cpu-profile plugin.cpuprofile] [--heap-profile plugin.heapprofile] [--stages] [--per-request]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { constants as perfConstants } from "node:perf_hooks";
import v8 from "node:v8";
import type { Hooks } from "@opencode-ai/plugin";
import plugin from "../../plugin/index";
import { createRecollect } from "../../plugin/recollect";
import type { Message } from "../../plugin/v2/api";
import { applyV1View, snapshot, toV1View } from "../../plugin/v2/messages";
import { ensureBuild } from "../../scripts/build-if-needed";
import { V2Host } from "../../tests/opencode2/host";
import { clientFor, type ServerClient, startServer } from "../../tests/helpers/server";
import { processThreadsCpuMs, threadCpuMs } from "../lib/process-cpu";
import { printTable, summarize, writeResult } from "../lib/stats";
import { id, lorem, step, stepsOf, v1History, v2History, type WithParts } from "./sessions";

const args = process.argv.slice(2);
// 100 turns a size: a p95 over 100 turns, not 40 (5 turns above it then, not 2); a p99 is printed too.
const TURNS = Number(args[args.indexOf("--turns") + 1]) || 100;
const WARMUP = 3;
const LLM_MS = Number(args[args.indexOf("--llm-ms") + 1]) || 300;
/**
 * `--hook-gap-ms <n>`: OpenCode's own time between the user's message hook (`chat.message`; V2:
 * `prompt`) and the request's first transform (`messages.transform`; V2: `context`), spent asleep
 * and left out of the turn's wall (it is OpenCode's time, not the plugin's; the CPU columns count
 * whatever ran in it, the recall search run ahead included). bench/plugin/hook-gap.ts measured it
 * in the real OpenCode 1: 41-96 ms at the least, loaded. 0 (the default): the hooks back to back.
 */
const HOOK_GAP_MS = args.includes("--hook-gap-ms") ? Number(args[args.indexOf("--hook-gap-ms") + 1]) : 0;
if (!(HOOK_GAP_MS >= 0)) throw new Error("--hook-gap-ms <ms>");
/** The current turn's time asleep in the gap (ms), taken off its wall. */
let gapMs = 0;
async function hookGap(): Promise<void> {
  if (!HOOK_GAP_MS) return;
  const t = performance.now();
  await new Promise((resolve) => setTimeout(resolve, HOOK_GAP_MS));
  gapMs += performance.now() - t;
}
const SIZES = args.includes("--sizes") ? args[args.indexOf("--sizes") + 1]!.split(",").map(Number) : [20_000, 200_000];

/** This process runs in Bun (the OpenCode binary as the bun CLI), not Node. */
const IN_BUN = typeof (globalThis as { Bun?: unknown }).Bun !== "undefined";
/** The pinned OpenCode binary, the Bun that OpenCode 1 runs plugins in (the e2e tests' own first). */
const OPENCODE_BUN = [
  process.env.OPENCODE_BIN,
  path.resolve(import.meta.dirname, "../../node_modules/opencode-linux-x64/bin/opencode"),
  path.resolve(import.meta.dirname, "../../node_modules/opencode-linux-x64-baseline/bin/opencode"),
].find((file) => !!file && fs.existsSync(file));
const RUNTIME = args.includes("--runtime") ? args[args.indexOf("--runtime") + 1] : OPENCODE_BUN ? "bun" : "node";
if (RUNTIME !== "bun" && RUNTIME !== "node") throw new Error(`--runtime bun|node, not ${RUNTIME}`);
const RUNTIME_NAME = IN_BUN ? `Bun ${(globalThis as { Bun?: { version: string } }).Bun!.version}` : `Node ${process.versions.node}`;
/** Set in the Bun child: the server the Node parent started (its address and process id). */
const ATTACH = process.env.RECOLLECT_BENCH_ATTACH
  ? (JSON.parse(process.env.RECOLLECT_BENCH_ATTACH) as { url: string; port: number; token: string; dataDir: string; pid: number })
  : undefined;

/** One turn's cost: wall clock, the plugin's process CPU, the server's process CPU (ms). */
interface TurnCost {
  wall: number;
  pluginCpu: number;
  serverCpu: number | null;
  /** The server's main thread alone (the JavaScript; the rest of serverCpu is its GC helpers and other threads). */
  serverMainCpu: number | null;
  /** When the turn ran (performance.now()), to find the plugin process's GC pauses inside it. */
  span: [number, number];
  /** The growth of the plugin process's used heap over the turn (bytes): what it allocated, when no GC ran in the turn. */
  heapGrowth: number;
}

/** The plugin process's GC pauses (start, duration; performance.now() ms; minor: a scavenge), as the GC reports them. */
const gcPauses: [number, number, boolean][] = [];
// Bun accepts the observer but never reports a GC to it: the GC and allocation columns are Node's only.
if (!IN_BUN)
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gcPauses.push([e.startTime, e.duration, (e as { detail?: { kind?: number } }).detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MINOR]);
  }).observe({ entryTypes: ["gc"] });
const gcIn = ([a, b]: [number, number]) => gcPauses.reduce((sum, [t, d]) => (t >= a && t <= b ? sum + d : sum), 0);
/** The GCs that started inside a span: scavenges and the others (mark-compact, its incremental steps' finish). */
const gcCountIn = ([a, b]: [number, number]) => {
  let minor = 0;
  let other = 0;
  for (const [t, , isMinor] of gcPauses) if (t >= a && t <= b) isMinor ? minor++ : other++;
  return { minor, other };
};

const IDLE = !args.includes("--no-idle");
const STAGES = args.includes("--stages");
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** The CPU of this process's main thread so far (ms; /proc/self/task/<pid>/schedstat, Linux). */
const mainThreadCpuMs = () => {
  try {
    return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return 0;
  }
};
/** `--stages`: each hook's CPU in a measured turn, and the CPU while the turn's calls were on their way, by entry. */
const stageCpu = new Map<string, number[]>();
/** The CPU used while the current turn's calls were on their way (the first call's start to the last one's answer). */
let callCpu = 0;
let callCpuFrom = 0;
async function stage<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!STAGES || !counting) return run();
  const c0 = cpuNow();
  const out = await run();
  const xs = stageCpu.get(name) ?? [];
  xs.push(cpuNow() - c0);
  stageCpu.set(name, xs);
  return out;
}
const PREPARE = !args.includes("--no-prepare");

/**
 * `--gc-log` (Bun): JSC's collections inside each timed turn, from its own log (`BUN_JSC_logGC`).
 * `--threads`: the plugin process's CPU a turn by thread name (/proc/self/task/<tid>/comm and
 * schedstat, Linux): the JavaScript's thread against the runtime's others (Bun's HTTP client, JSC's
 * collector, Node's GC helpers). Read outside the CPU window; the main thread's row includes the
 * reading itself (a directory listing and two files a thread).
 */
const THREADS = args.includes("--threads");
const threadCpu = new Map<string, number[]>();
/** Each thread of this process by id: its name (digits at the end folded, pools are one row) and CPU so far (ms). */
function threadsNow(): Map<string, { name: string; ms: number }> {
  const out = new Map<string, { name: string; ms: number }>();
  for (const tid of fs.readdirSync("/proc/self/task")) {
    try {
      const name = tid === String(process.pid) ? "(main thread)" : fs.readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim().replace(/\d+$/, "#");
      out.set(tid, { name, ms: Number(fs.readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1e6 });
    } catch {
      /* the thread ended between the listing and the read */
    }
  }
  return out;
}

/** The plugin's HTTP calls, by method and path, while `counting` (fetch is the client's only way out). */
const calls = new Map<string, number>();
let counting = false;
/** Inside a turn's timed part (the calls after the answer are counted apart, as "after:"). */
let timing = false;
/** Calls on their way, and when that count last changed (the idle work is let finish). */
let inFlight = 0;
let changedAt = 0;
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  if (counting) {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const prepare = typeof init?.body === "string" && init.body.includes('"prepare":true') ? " (prepare)" : "";
    const key = `${timing ? "" : "after: "}${init?.method ?? "GET"} ${url.pathname}${prepare}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    if (timing) calls.set("bytes sent", (calls.get("bytes sent") ?? 0) + (typeof init?.body === "string" ? Buffer.byteLength(init.body) : 0));
  }
  if (!PREPARE && typeof init?.body === "string" && init.body.includes('"prepare":true'))
    return new Response(JSON.stringify({ error: { code: "not_found", message: "refused by the bench (--no-prepare)" } }), { status: 404 });
  if (STAGES && timing && inFlight === 0) callCpuFrom = cpuNow();
  // `--per-request`: the server's main-thread CPU from this call's start to its answer's head.
  const perRequest = PER_REQUEST && timing && counting ? { key: requestKey(input, init), overlapped: inFlight > 0, main0: threadCpuMs(serverPid) } : undefined;
  inFlight++;
  changedAt = performance.now();
  try {
    const res = await realFetch(input, init);
    if (!res.ok && counting) calls.set(`failed: ${res.status}`, (calls.get(`failed: ${res.status}`) ?? 0) + 1);
    if (perRequest) {
      const main1 = threadCpuMs(serverPid);
      const row = requestRows.get(perRequest.key) ?? { count: 0, overlapped: 0, bytesIn: 0, bytesOut: 0, mainCpu: [] };
      row.count++;
      if (perRequest.overlapped || inFlight > 1) row.overlapped++;
      row.bytesIn += typeof init?.body === "string" ? Buffer.byteLength(init.body) : 0;
      row.bytesOut += Number(res.headers.get("content-length") ?? 0);
      if (perRequest.main0 !== null && main1 !== null) {
        row.mainCpu.push(main1 - perRequest.main0);
        turnCallsMain += main1 - perRequest.main0;
      }
      requestRows.set(perRequest.key, row);
    }
    return res;
  } finally {
    inFlight--;
    changedAt = performance.now();
    if (STAGES && timing && inFlight === 0) callCpu += cpuNow() - callCpuFrom;
  }
}) as typeof fetch;

/**
 * `--per-request`: each timed call of the last size, by entry, method and path: how many, the bytes
 * each way, and the server's main-thread CPU from its start to its answer's head (schedstat, read in
 * this process: it adds ~0.1 ms of plugin CPU a call, so the plugin's figures are not the headline in
 * this mode). "overlapped": calls that shared that window with another call (their CPU counted twice).
 * What the server's main thread spent in a turn outside every call's window is its own row.
 */
const PER_REQUEST = args.includes("--per-request");
const requestRows = new Map<string, { count: number; overlapped: number; bytesIn: number; bytesOut: number; mainCpu: number[] }>();
let requestEntry = "";
/** The server main-thread CPU inside the current turn's call windows (`--per-request`). */
let turnCallsMain = 0;
function requestKey(input: RequestInfo | URL, init?: RequestInit): string {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const prepare = typeof init?.body === "string" && init.body.includes('"prepare":true') ? " (prepare)" : "";
  return `${requestEntry}: ${init?.method ?? "GET"} ${url.pathname}${prepare}`;
}

/** The plugin's idle work done: no call on its way for 50 ms. */
async function settled() {
  for (;;) {
    await new Promise((r) => setTimeout(r, 10));
    if (inFlight === 0 && performance.now() - changedAt >= 50) return;
  }
}

const PROFILE = args.includes("--cpu-profile") ? args[args.indexOf("--cpu-profile") + 1] : undefined;
/** `--heap-profile <file>`: a sampling allocation profile of the measured turns (the objects the GC freed since included). */
const HEAP_PROFILE = args.includes("--heap-profile") ? args[args.indexOf("--heap-profile") + 1] : undefined;
const SERVER_PROFILE = args.includes("--server-cpu-profile") ? args[args.indexOf("--server-cpu-profile") + 1] : undefined;

let serverPid = 0;
/** The timed windows of each entry's turns (µs; Node: the monotonic clock V8's profiles use; a Bun child: the wall clock), for the profiles' cuts. */
const windows: Record<"v1" | "v2", [number, number][]> = { v1: [], v2: [] };
let windowEntry: "v1" | "v2" | undefined;
// Bun's process.hrtime counts from the process's start, not the machine's monotonic clock V8's
// profiles use: a Bun child times its windows by the wall clock, which the Node parent maps back.
const nowUs = IN_BUN ? () => Math.round((performance.timeOrigin + performance.now()) * 1000) : () => Number(process.hrtime.bigint() / 1000n);
async function costOf(turn: () => Promise<void>): Promise<TurnCost> {
  // The server's CPU is read from /proc (a directory listing and a file a thread) outside the
  // plugin's CPU window: that reading cost about 0.6 ms a turn, counted as the plugin's before.
  const server0 = processThreadsCpuMs(serverPid);
  const serverMain0 = threadCpuMs(serverPid);
  const main0 = STAGES ? mainThreadCpuMs() : 0;
  const threads0 = THREADS && counting ? threadsNow() : undefined;
  // Not read in Bun: there it moves only at a collection, and a read walks the heap (about 2 ms).
  const heap0 = IN_BUN ? 0 : v8.getHeapStatistics().used_heap_size;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const us0 = nowUs();
  callCpu = 0;
  gapMs = 0;
  turnCallsMain = 0;
  timing = true;
  // Written at once (fd 2, as JSC writes its log), so the markers and JSC's lines keep their order.
  if (GC_LOG && IN_BUN && counting && windowEntry) fs.writeSync(2, `${GC_MARK} ${windowEntry} start\n`);
  await turn();
  if (GC_LOG && IN_BUN && counting && windowEntry) fs.writeSync(2, `${GC_MARK} ${windowEntry} end\n`);
  timing = false;
  const inCalls = callCpu;
  const wall = performance.now() - t0 - gapMs;
  if (windowEntry) windows[windowEntry].push([us0, nowUs()]);
  const cpu = process.cpuUsage(cpu0);
  const heapGrowth = IN_BUN ? 0 : v8.getHeapStatistics().used_heap_size - heap0;
  const main1 = STAGES ? mainThreadCpuMs() : 0;
  if (threads0 && windowEntry) {
    // By thread id, then summed by name: a thread that ended within the turn is left out (its CPU
    // is gone from /proc with it), one that started counts all of its CPU.
    const byName = new Map<string, number>();
    for (const [tid, { name, ms }] of threadsNow()) byName.set(name, (byName.get(name) ?? 0) + ms - (threads0.get(tid)?.ms ?? 0));
    for (const [name, ms] of byName) {
      const key = `${windowEntry}: ${name}`;
      threadCpu.set(key, [...(threadCpu.get(key) ?? []), ms]);
    }
  }
  const server1 = processThreadsCpuMs(serverPid);
  const serverMain1 = threadCpuMs(serverPid);
  if (STAGES && counting && windowEntry) {
    const note = (name: string, ms: number) => stageCpu.set(`${windowEntry}: ${name}`, [...(stageCpu.get(`${windowEntry}: ${name}`) ?? []), ms]);
    note("while its calls were on their way", inCalls);
    // The main thread's own (schedstat, ns): the rest of the process's CPU is its other threads (the GC's helpers).
    note("main thread (the JavaScript)", main1 - main0);
  }
  if (PER_REQUEST && counting && windowEntry && serverMain0 !== null && serverMain1 !== null) {
    const key = `${windowEntry}: (outside every call's window)`;
    const row = requestRows.get(key) ?? { count: 0, overlapped: 0, bytesIn: 0, bytesOut: 0, mainCpu: [] };
    row.count++;
    row.mainCpu.push(serverMain1 - serverMain0 - turnCallsMain);
    requestRows.set(key, row);
  }
  return {
    wall,
    pluginCpu: (cpu.user + cpu.system) / 1000,
    serverCpu: server0 === null || server1 === null ? null : server1 - server0,
    serverMainCpu: serverMain0 === null || serverMain1 === null ? null : serverMain1 - serverMain0,
    span: [t0, t0 + wall],
    heapGrowth,
  };
}

/**
 * `--gc-log` (Bun): JSC's own log of its collections (`BUN_JSC_logGC=1` in the child, on its stderr),
 * read here between the markers the child writes around each timed turn: how many collections start
 * inside a turn (eden, full), and the cycle time (JSC's "cycle … ms", start to end) of those that end
 * inside it. Bun reports no GC to JavaScript, so this is the only view of them. Ignored in Node.
 */
const GC_LOG = args.includes("--gc-log");
const GC_MARK = "[recollect-bench-turn]";
type GcTurn = { entry: string; eden: number; full: number; cycleMs: number };
async function readGcLog(stream: NodeJS.ReadableStream): Promise<GcTurn[]> {
  const turns: GcTurn[] = [];
  let turn: GcTurn | undefined;
  const lines = (await import("node:readline")).createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.startsWith(GC_MARK)) {
      const [, entry, edge] = line.split(" ");
      turn = edge === "start" ? { entry: entry!, eden: 0, full: 0, cycleMs: 0 } : undefined;
      if (turn) turns.push(turn);
    } else if (line.startsWith("[GC<") || line.startsWith("GC END") || line.startsWith("Requesting GC")) {
      if (!turn) continue;
      if (line.includes(": START ") && line.includes("EdenCollection")) turn.eden++;
      else if (line.includes(": START ") && line.includes("FullCollection")) turn.full++;
      const cycle = line.indexOf(", cycle ");
      if (cycle !== -1) turn.cycleMs += Number.parseFloat(line.slice(cycle + 8));
    } else process.stderr.write(`${line}\n`);
  }
  return turns;
}
function printGcLog(turns: GcTurn[]) {
  const rows = ["v1", "v2"].map((entry) => {
    const xs = turns.filter((t) => t.entry === entry);
    const cycles = summarize(xs.map((t) => t.cycleMs));
    const per = (n: number) => (xs.length ? (n / xs.length).toFixed(2) : "n/a");
    return {
      entry,
      turns: xs.length,
      "collections a turn (eden / full)": `${per(xs.reduce((n, t) => n + t.eden, 0))} / ${per(xs.reduce((n, t) => n + t.full, 0))}`,
      "their cycles a turn p50 / p95 / mean ms": `${cycles.p50.toFixed(2)} / ${cycles.p95.toFixed(2)} / ${(xs.reduce((n, t) => n + t.cycleMs, 0) / Math.max(1, xs.length)).toFixed(2)}`,
    };
  });
  printTable("JSC's collections inside the timed turns (--gc-log, BUN_JSC_logGC; all sizes)", rows);
}

/** `--cpu-profile` in Bun: when the marker ran (this process's clock, µs), to align Bun's profile with the turn windows. */
let markedAtUs = 0;
/** 20 ms in a function of its own name, so its first sample in Bun's profile shows that profile's clock against nowUs(). */
function clockMarker(): number {
  const at = nowUs();
  while (nowUs() - at < 20_000);
  return at;
}

/** The time (the profile's clock) of the first sample inside clockMarker. */
function markerSampleUs(profile: {
  nodes: { id: number; callFrame: { functionName: string }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
}): number {
  const marked = new Set<number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const mark = (id: number, inside: boolean) => {
    const node = byId.get(id)!;
    const here = inside || node.callFrame.functionName === "clockMarker";
    if (here) marked.add(id);
    for (const child of node.children ?? []) mark(child, here);
  };
  mark(profile.nodes[0]!.id, false);
  let at = profile.startTime;
  for (const [i, sample] of (profile.samples ?? []).entries()) {
    at += profile.timeDeltas?.[i] ?? 0;
    if (marked.has(sample)) return at;
  }
  throw new Error("the Bun profile holds no sample of clockMarker: its turns cannot be cut");
}

/** A CPU profile keeping only the samples inside `spans` (each with its own interval as its weight). */
function within(profile: { samples?: number[]; timeDeltas?: number[]; startTime: number }, spans: [number, number][]) {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  let span = 0;
  for (const [i, sample] of (profile.samples ?? []).entries()) {
    const delta = profile.timeDeltas?.[i] ?? 0;
    at += delta;
    while (span < spans.length && spans[span]![1] < at) span++;
    if (span === spans.length || at < spans[span]![0]) continue;
    samples.push(sample);
    timeDeltas.push(delta);
  }
  return { ...profile, samples, timeDeltas };
}

/**
 * The server's profiles (its main thread's and its workers', written at its exit) cut to each
 * entry's timed turns, as `--cpu-profile` does for the plugin's: `<profile>.v1.cpuprofile` and
 * `.v2.cpuprofile`. Both processes' profiles and the turn windows use the same monotonic clock.
 */
function cutServerProfiles(dir: string, pid: number) {
  // The windows themselves (µs), to cut the profiles again another way (early turns against late ones).
  fs.writeFileSync(path.join(dir, `windows.${pid}.json`), JSON.stringify(windows));
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith(".cpuprofile") || !name.includes(`.${pid}.`) || /\.v[12]\.cpuprofile$/.test(name)) continue;
    const file = path.join(dir, name);
    const profile = JSON.parse(fs.readFileSync(file, "utf8"));
    for (const entry of ["v1", "v2"] as const)
      fs.writeFileSync(file.replace(/\.cpuprofile$/, `.${entry}.cpuprofile`), JSON.stringify(within(profile, windows[entry])));
  }
}

const triple = (s: { p50: number; p95: number; p99: number }) => `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)} / ${s.p99.toFixed(2)}`;

async function seed(server: ServerClient, directory: string) {
  for (let i = 0; i < 8; i++)
    await server.api("/api/memories", {
      method: "POST",
      json: { content: `Pinned rule ${i}: ${lorem(15, i)}`, category: i % 2 ? "constraint" : "convention", pinned: true, directory },
    });
  for (let i = 0; i < 300; i++)
    await server.api("/api/memories", { method: "POST", json: { content: `Note ${i} about the ${lorem(25, i)}`, category: "decision", directory } });
}

async function v1Turn(hooks: Hooks, sessionID: string, history: WithParts[], t: number): Promise<TurnCost> {
  const user = v1History(sessionID, [{ user: `Now the migration for the ${lorem(8, t)} module, keep the cache config as decided` }])[0]!;
  history.push(user);
  // OpenCode rebuilds the message objects every turn: cloned outside the timed part.
  const sent = history.map((m) => structuredClone(m));
  const system = { system: ["You are opencode, an agent."] };
  const cost = await costOf(async () => {
    await stage("v1: chat.message", () => hooks["chat.message"]!({ sessionID, agent: "build" }, { message: user.info as never, parts: user.parts }));
    await hookGap();
    await stage("v1: messages.transform", () => hooks["experimental.chat.messages.transform"]!({}, { messages: sent }));
    await stage("v1: system.transform", () =>
      hooks["experimental.chat.system.transform"]!({ sessionID, model: { limit: { context: 400_000 } } as never }, system),
    );
    await stage("v1: tool hooks", async () => {
      await hooks["tool.execute.before"]!({ tool: "edit", sessionID, callID: id("call") }, { args: {} });
      await hooks["tool.execute.after"]!({ tool: "edit", sessionID, callID: id("call"), args: { filePath: `/repo/src/f${t}.ts` } } as never, {
        title: "",
        output: "",
        metadata: {},
      });
    });
  });
  history.push(...v1History(sessionID, [step(10_000 + t)]));
  if (IDLE) {
    // The request after the tool's result (both transforms, as OpenCode 1 runs them for every request
    // and as the V2 entry's one `context` hook does), then the session idle (the history read through `client`).
    await hooks["experimental.chat.messages.transform"]!({}, { messages: history.map((m) => structuredClone(m)) });
    await hooks["experimental.chat.system.transform"]!(
      { sessionID, model: { limit: { context: 400_000 } } as never },
      { system: ["You are opencode, an agent."] },
    );
    await hooks.event!({ event: { type: "session.idle", properties: { sessionID } } as never });
    await settled();
  }
  return cost;
}

async function v2Turn(host: V2Host, sessionID: string, history: Message[], t: number): Promise<TurnCost> {
  const text = `Now the migration for the ${lorem(8, t)} module, keep the cache config as decided`;
  const messageID = id("msg");
  const prompt = { sessionID, messageID, prompt: { text }, metadata: {}, delivery: "immediate" };
  history.push({ id: messageID, role: "user", content: [{ type: "text", text }] });
  host.setHistory(sessionID, history);
  const event = host.contextEvent(sessionID); // the fresh copy OpenCode 2 builds: outside the timed part
  const call = { tool: "edit", sessionID, agent: "build", messageID, id: id("call"), input: { filePath: `/repo/src/f${t}.ts` } as unknown };
  const cost = await costOf(async () => {
    await stage("v2: prompt", () => host.runHook("session.prompt", prompt));
    await hookGap();
    await stage("v2: context", () => host.runHook("session.context", event));
    await stage("v2: tool hooks", async () => {
      await host.runHook("tool.execute.before", call);
      await host.runHook("tool.execute.after", { ...call, status: "completed", result: { content: "" } });
    });
  });
  history.push(...v2History([step(10_000 + t)]));
  if (IDLE) {
    host.setHistory(sessionID, history);
    await host.runHook("session.context", host.contextEvent(sessionID));
    host.emit({ type: "session.execution.succeeded", data: { sessionID } });
    await settled();
  }
  return cost;
}

/** The server in Node, as users run it (started here, or by the Node parent of this Bun child). */
async function serverFor(): Promise<{ server: ServerClient; stop: () => Promise<void> }> {
  if (ATTACH) {
    serverPid = ATTACH.pid;
    return { server: clientFor(ATTACH), stop: async () => {} };
  }
  process.env.RECOLLECT_DIST_DIR ||= ".next-plugin";
  if (!args.includes("--no-build")) ensureBuild();
  const started = await startServer(SERVER_PROFILE ? { nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${SERVER_PROFILE}`] } : {});
  serverPid = started.child.pid!;
  return { server: started, stop: started.stop };
}

/**
 * `--runtime bun` from Node: the server starts here, in Node, and this file runs again in the
 * OpenCode binary as the bun CLI, attached to it; its turn windows come back in a file for the
 * profiles' cuts (the plugin's, from Bun's `--cpu-prof`, and the server's).
 */
async function inBun(bun: string) {
  const { server, stop } = await serverFor();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-entries-bun-"));
  const windowsFile = path.join(scratch, "windows.json");
  const profileFlags = PROFILE
    ? ["--cpu-prof", "--cpu-prof-interval=200", `--cpu-prof-dir=${path.dirname(path.resolve(PROFILE))}`, `--cpu-prof-name=${path.basename(PROFILE)}`]
    : [];
  const child = spawn(bun, [...profileFlags, import.meta.filename, ...args], {
    stdio: ["inherit", "inherit", GC_LOG ? "pipe" : "inherit"],
    env: {
      ...process.env,
      BUN_BE_BUN: "1",
      ...(GC_LOG ? { BUN_JSC_logGC: "1" } : {}),
      RECOLLECT_BENCH_ATTACH: JSON.stringify({ url: server.url, port: server.port, token: server.token, dataDir: server.dataDir, pid: serverPid }),
      RECOLLECT_BENCH_WINDOWS: windowsFile,
    },
  });
  const gcTurns = GC_LOG ? readGcLog(child.stderr!) : undefined;
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  await stop();
  if (gcTurns) printGcLog(await gcTurns);
  const written = fs.existsSync(windowsFile) ? JSON.parse(fs.readFileSync(windowsFile, "utf8")) : { v1: [], v2: [], markedAtUs: 0 };
  // The child's windows are wall-clock µs: the server's profile (V8, Node) counts the monotonic clock's.
  const wallLeadUs = Math.round((performance.timeOrigin + performance.now()) * 1000) - nowUs();
  const toMonotonic = (spans: [number, number][]) => spans.map(([a, b]): [number, number] => [a - wallLeadUs, b - wallLeadUs]);
  Object.assign(windows, { v1: toMonotonic(written.v1), v2: toMonotonic(written.v2) });
  if (SERVER_PROFILE) cutServerProfiles(SERVER_PROFILE, serverPid);
  if (PROFILE && fs.existsSync(PROFILE)) {
    // Bun's profile times its samples by another clock than the windows' (its start is the wall
    // clock's): the first sample inside the marker (clockMarker) gives the difference.
    const profile = JSON.parse(fs.readFileSync(PROFILE, "utf8"));
    const lead = markerSampleUs(profile) - written.markedAtUs;
    const shift = (spans: [number, number][]) => spans.map(([a, b]): [number, number] => [a + lead, b + lead]);
    for (const entry of ["v1", "v2"] as const)
      fs.writeFileSync(PROFILE.replace(/(\.cpuprofile)?$/, `.${entry}.cpuprofile`), JSON.stringify(within(profile, shift(written[entry]))));
  }
  fs.rmSync(scratch, { recursive: true, force: true });
  if (code !== 0) throw new Error(`the Bun child exited with ${code}`);
}

async function main() {
  if (RUNTIME === "bun" && !IN_BUN) {
    if (!OPENCODE_BUN) throw new Error("--runtime bun: no OpenCode binary (OPENCODE_BIN, node_modules/opencode-linux-x64*)");
    if (HEAP_PROFILE) throw new Error("--heap-profile is Node's (V8's sampling heap profiler): add --runtime node");
    return inBun(OPENCODE_BUN);
  }
  const { server, stop } = await serverFor();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-entries-proj-"));
  await seed(server, directory);
  const options = { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, compressTimeoutMs: 10_000, directory };
  const rows: Record<string, string | number>[] = [];
  const json: Record<string, unknown> = { runtime: RUNTIME_NAME, turns: TURNS, llmMs: LLM_MS, hookGapMs: HOOK_GAP_MS };
  const callRows: Record<string, string | number>[] = [];
  for (const target of SIZES) {
    stageCpu.clear();
    requestRows.clear();
    threadCpu.clear();
    const { steps, tokens } = stepsOf(target);
    const v1Session = id("ses");
    const h1 = v1History(v1Session, steps);
    const h2 = v2History(steps);
    const v2Session = id("ses");
    // OpenCode 1's client, as far as the idle work reads it: the session's history.
    const client = { session: { messages: async () => ({ data: h1.map((m) => structuredClone(m)) }) } };
    const hooks = (await createRecollect({ directory, client: client as never }, options)) as Hooks;
    const host = new V2Host(options);
    await host.load(plugin);
    const times: { v1: TurnCost[]; v2: TurnCost[] } = { v1: [], v2: [] };
    const perEntry = { v1: new Map<string, number>(), v2: new Map<string, number>() };
    const counted = async (entry: "v1" | "v2", t: number, turn: () => Promise<TurnCost>) => {
      calls.clear();
      requestEntry = entry;
      counting = t >= WARMUP;
      windowEntry = t >= WARMUP ? entry : undefined;
      const cost = await turn();
      windowEntry = undefined;
      counting = false;
      for (const [k, n] of calls) perEntry[entry].set(k, (perEntry[entry].get(k) ?? 0) + n);
      if (t >= WARMUP) times[entry].push(cost);
    };
    // Under Bun the profile is Bun's own `--cpu-prof` (set by the Node parent).
    const inspector = PROFILE && !IN_BUN && target === SIZES[SIZES.length - 1] ? new Session() : undefined;
    const heapInspector = HEAP_PROFILE && target === SIZES[SIZES.length - 1] ? new Session() : undefined;
    for (let t = 0; t < TURNS + WARMUP; t++) {
      if (PROFILE && IN_BUN && t === WARMUP) {
        windows.v1.length = windows.v2.length = 0;
        markedAtUs = clockMarker();
      }
      if (inspector && t === WARMUP) {
        inspector.connect();
        await inspector.post("Profiler.enable");
        await inspector.post("Profiler.setSamplingInterval", { interval: 200 });
        await inspector.post("Profiler.start");
        windows.v1.length = windows.v2.length = 0;
      }
      if (heapInspector && t === WARMUP) {
        heapInspector.connect();
        await heapInspector.post("HeapProfiler.enable");
        await heapInspector.post("HeapProfiler.startSampling", {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        } as never);
      }
      await counted("v1", t, () => v1Turn(hooks, v1Session, h1, t));
      await new Promise((r) => setTimeout(r, LLM_MS));
      await counted("v2", t, () => v2Turn(host, v2Session, h2, t));
      await new Promise((r) => setTimeout(r, LLM_MS));
    }
    if (inspector && PROFILE) {
      const { profile } = await inspector.post("Profiler.stop");
      fs.writeFileSync(PROFILE, JSON.stringify(profile));
      // The same profile cut to each entry's timed turns (the idle work and the other entry left out).
      for (const entry of ["v1", "v2"] as const)
        fs.writeFileSync(PROFILE.replace(/(\.cpuprofile)?$/, `.${entry}.cpuprofile`), JSON.stringify(within(profile, windows[entry])));
      inspector.disconnect();
    }
    if (heapInspector && HEAP_PROFILE) {
      const { profile } = await heapInspector.post("HeapProfiler.stopSampling");
      fs.writeFileSync(HEAP_PROFILE, JSON.stringify(profile));
      heapInspector.disconnect();
    }
    await host.unload();
    // The GC observer reports on its own schedule: let it catch up.
    await new Promise((r) => setTimeout(r, 50));
    for (const [entry, xs] of Object.entries(times)) {
      const wall = summarize(xs.map((x) => x.wall));
      const plugin = summarize(xs.map((x) => x.pluginCpu));
      const gc = summarize(xs.map((x) => gcIn(x.span)));
      const gcCounts = xs.map((x) => gcCountIn(x.span));
      const scavenges = gcCounts.reduce((n, c) => n + c.minor, 0) / xs.length;
      const otherGcs = gcCounts.reduce((n, c) => n + c.other, 0) / xs.length;
      // What a turn allocated: the heap's growth over the turns no GC ran in (a GC frees, and the growth means nothing then).
      const quiet = xs.filter((_, i) => gcCounts[i]!.minor + gcCounts[i]!.other === 0).map((x) => x.heapGrowth / 1024);
      // Bun: no GC is reported and JSC's heap size moves only at a collection, so nothing is measured.
      const allocated = quiet.length && !IN_BUN ? summarize(quiet) : undefined;
      const served = xs.every((x) => x.serverCpu !== null) ? summarize(xs.map((x) => x.serverCpu!)) : undefined;
      const servedMain = xs.every((x) => x.serverMainCpu !== null) ? summarize(xs.map((x) => x.serverMainCpu!)) : undefined;
      const both = served ? summarize(xs.map((x) => x.pluginCpu + x.serverCpu!)) : undefined;
      rows.push({
        history: `${Math.round(tokens / 1000)}K tokens`,
        entry: entry === "v1" ? "OpenCode 1 (server)" : "OpenCode 2 (setup)",
        "wall p50 / p95 / p99 ms": triple(wall),
        "max ms": wall.max,
        "plugin CPU p50 / p95 / p99": triple(plugin),
        "of it GC p50 / p95": IN_BUN ? "n/a" : `${gc.p50.toFixed(2)} / ${gc.p95.toFixed(2)}`,
        "GCs a turn (scavenges / others)": IN_BUN ? "n/a" : `${scavenges.toFixed(2)} / ${otherGcs.toFixed(2)}`,
        "KB allocated p50 / p95 (turns without a GC)": allocated ? `${allocated.p50.toFixed(0)} / ${allocated.p95.toFixed(0)} (${allocated.n})` : "n/a",
        "server CPU p50 / p95 / p99": served ? triple(served) : "n/a",
        "of it main thread p50 / p95 / p99": servedMain ? triple(servedMain) : "n/a",
        "both CPU p50 / p95 / p99": both ? triple(both) : "n/a",
      });
      json[`${entry}_${target}`] = {
        tokens,
        ...wall,
        pluginCpu: plugin,
        pluginGc: IN_BUN ? null : gc,
        pluginGcCount: IN_BUN ? null : { scavenges, others: otherGcs },
        pluginAllocatedKb: allocated ?? null,
        serverCpu: served ?? null,
        serverMainCpu: servedMain ?? null,
        cpu: both ?? null,
      };
      // Each timed turn's server CPU in order: whether a turn's cost grows as the session (and the store) does.
      json[`${entry}_${target}_serverCpuByTurn`] = xs.map((x) => (x.serverCpu === null ? null : Math.round(x.serverCpu * 100) / 100));
      const perTurn = Object.fromEntries([...perEntry[entry as "v1" | "v2"]].map(([k, n]) => [k, Math.round((n / TURNS) * 100) / 100]));
      callRows.push({
        history: `${Math.round(tokens / 1000)}K tokens`,
        entry,
        "HTTP calls per turn": Object.entries(perTurn)
          .map(([k, n]) => `${k} ${n}`)
          .join(", "),
      });
      json[`${entry}_${target}_calls`] = perTurn;
    }
  }
  await stop();
  if (process.env.RECOLLECT_BENCH_WINDOWS) fs.writeFileSync(process.env.RECOLLECT_BENCH_WINDOWS, JSON.stringify({ ...windows, markedAtUs }));
  else if (SERVER_PROFILE) cutServerProfiles(SERVER_PROFILE, serverPid);
  // The V2 adapter's own work per request, no server: the V1 view of the messages, the history
  // snapshot, writing back (nothing changed here, so the walk without the copies).
  const adapterRows: Record<string, string | number>[] = [];
  for (const target of SIZES) {
    const { steps, tokens } = stepsOf(target);
    const h2 = v2History(steps);
    const xs: number[] = [];
    for (let i = 0; i < TURNS + WARMUP; i++) {
      const event = structuredClone(h2);
      const t0 = performance.now();
      const view = toV1View("ses_adapter", event);
      snapshot(view);
      applyV1View(view);
      if (i >= WARMUP) xs.push(performance.now() - t0);
    }
    const s = summarize(xs);
    adapterRows.push({ history: `${Math.round(tokens / 1000)}K tokens (${h2.length} msgs)`, "p50 ms": s.p50, "p95 ms": s.p95, "max ms": s.max });
    json[`adapter_${target}`] = { tokens, ...s };
  }
  printTable(
    `Plugin time per turn by entry, the plugin in ${RUNTIME_NAME} (${TURNS} turns each, alternating, ${LLM_MS} ms model time${HOOK_GAP_MS ? `, ${HOOK_GAP_MS} ms between the message hook and the transform, not in the wall` : ""}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    rows,
  );
  printTable("The plugin's HTTP calls per turn (mean)", callRows);
  printTable("The V2 adapter alone per request (view, snapshot, write-back; in process, no server)", adapterRows);
  if (PER_REQUEST) {
    // Per turn: a call made on some turns only counts its mean over all of them in "CPU per turn".
    const rowsOut = [...requestRows]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, r]) => {
        const s = summarize(r.mainCpu);
        const sum = r.mainCpu.reduce((a, b) => a + b, 0);
        return {
          call: key,
          "per turn": (r.count / TURNS).toFixed(2),
          overlapped: r.overlapped,
          "bytes in / out a call": r.count ? `${Math.round(r.bytesIn / r.count)} / ${Math.round(r.bytesOut / r.count)}` : "",
          "server main CPU a call p50 / p95 ms": `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)}`,
          "CPU per turn ms (mean)": (sum / TURNS).toFixed(2),
        };
      });
    printTable(`The server's main thread by call (--per-request; the last size, ${TURNS} turns)`, rowsOut);
    json.perRequest = Object.fromEntries([...requestRows].map(([k, r]) => [k, { ...r, mainCpu: summarize(r.mainCpu) }]));
  }
  if (THREADS) {
    // Mean a turn as well as the quantiles: a thread that runs on some turns only has a p50 of 0.
    const threadRows = [...threadCpu]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([thread, xs]) => {
        const s = summarize(xs);
        return {
          thread,
          "CPU a turn p50 / p95 ms": `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)}`,
          "mean ms": (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2),
        };
      });
    printTable(`The plugin process's CPU a turn by thread (--threads; the last size, ${TURNS} turns, ${RUNTIME_NAME})`, threadRows);
    json.threads = Object.fromEntries([...threadCpu].map(([k, xs]) => [k, summarize(xs)]));
  }
  if (STAGES) {
    const stageRows = [...stageCpu]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([stage, xs]) => {
        const s = summarize(xs);
        return { stage, "plugin CPU p50 / p95 ms": `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)}` };
      });
    printTable(`The plugin's CPU per hook of a turn (--stages; the last size, ${TURNS} turns)`, stageRows);
    json.stages = Object.fromEntries([...stageCpu].map(([k, xs]) => [k, summarize(xs)]));
  }
  writeResult(IN_BUN ? "plugin-entries-bun" : "plugin-entries", json);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
