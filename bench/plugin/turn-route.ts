/**
 * The server's CPU for one plugin turn at 200K tokens, in one process, through the real route
 * (app/api/compress/route.ts `POST`: the route wrapper with its guard and log line, the body read,
 * the delta exchange, the compression, the turn's recall and its answer): the plugin's own
 * compression call (plugin/hooks/compress.ts, with the turn's recall as messages.transform sends
 * it) with its HTTP call replaced by the route called in place. After each turn, as in
 * bench/plugin/entries.ts: the request after the tool's result and the idle prepare (not timed).
 * No socket and no framework dispatch: what is left is the route's own work, in CPU milliseconds
 * of this process (process.cpuUsage), so a loaded machine still compares.
 *
 * Also what a route call allocated (the used heap's growth over the call, on the turns no GC ran
 * in: a GC frees, and the growth means nothing then) and the GCs that ran inside the route calls.
 *
 * `--warm`: every other turn, the turn's recall search is run ahead first (`POST
 * /api/context/recall/warm`, as the plugin sends it at `chat.message`; untimed, awaited: the search
 * done before the history goes out), and the table has a row for each half: the route's CPU on the
 * turn's path with and without the search run ahead, alternated turn by turn in one process.
 * `--cpu-profile <file>`: a V8 CPU profile of the timed route calls.
 * `--per-turn`: also each turn's CPU and the garbage collections that ran inside its route call
 * (node:perf_hooks "gc" entries), and the turns split by whether one did (the slow-turn tail).
 * `--same-query`: every turn's user message is the same words ("go on"), so the turn's recall
 * search is the previous turn's (lib/injection/turn-recall-cache.ts).
 * `--gap-ms <n>`: the process sleeps n ms after each turn (the model's time in bench/plugin/entries.ts,
 * 300 ms there): the same route on a process that went idle between turns, as the server does.
 * `--gap-spin`: the gap spent in a busy loop of this thread instead (no allocation, no heap walk): the
 * core never goes idle, so what a gap costs is split between the machine's idle (the vCPU halted) and
 * the process's own state (its heap, V8's timers).
 *
 *   npx tsx bench/plugin/turn-route.ts [--turns 40] [--tokens 200000] [--per-turn] [--same-query] [--warm] [--gap-ms 300 [--gap-spin]] [--cpu-profile route.cpuprofile]
 */
import fs from "node:fs";
import os from "node:os";
import { PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import path from "node:path";
import { cpuProfiler, numberArg, ownCpuMs } from "../lib/in-process";
import { printTable, summarize, writeResult } from "../lib/stats";
import { id, lorem, stepsOf, v1History } from "./sessions";
import { addUserTurn, finishTurn, seedTurnStore } from "./turn-driver";

const args = process.argv.slice(2);
const TURNS = numberArg(args, "--turns", 40);
const TOKENS = numberArg(args, "--tokens", 200_000);
const WARMUP = 5;
const PER_TURN = args.includes("--per-turn");
const SAME_QUERY = args.includes("--same-query");
const GAP_MS = numberArg(args, "--gap-ms", 0);
const GAP_SPIN = args.includes("--gap-spin");
const WARM = args.includes("--warm");
const PROFILE = args.includes("--cpu-profile") ? args[args.indexOf("--cpu-profile") + 1] : undefined;

const cpuMs = ownCpuMs;

async function main() {
  // The route boots the server state from the environment (lib/boot.ts), as the server does.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-turn-route-"));
  Object.assign(process.env, {
    RECOLLECT_DATA_DIR: dataDir,
    XDG_CONFIG_HOME: fs.mkdtempSync(path.join(os.tmpdir(), "bench-turn-route-config-")),
    RECOLLECT_EMBEDDING_PROVIDER: "none",
    NODE_ENV: "production",
  });
  const { NextRequest } = await import("next/server");
  const { POST } = await import("../../app/api/compress/route");
  const { POST: WARM_POST } = await import("../../app/api/context/recall/warm/route");
  const { boot } = await import("../../lib/boot");
  const { createMemory } = await import("../../lib/memories");
  const { compressHistory } = await import("../../plugin/hooks/compress");
  const { resolveSettings } = await import("../../plugin/options");
  const { createRuntime } = await import("../../plugin/runtime");
  const { runShutdown } = await import("../../lib/shutdown");
  type Result<T> = import("../../plugin/client").Result<T>;

  const { ctx, token } = boot();
  // Garbage collections by wall-clock start and duration (ms), to tell which turns had one.
  const gcs: { start: number; ms: number }[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, ms: e.duration });
  }).observe({ entryTypes: ["gc"] });
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-turn-route-proj-"));
  seedTurnStore(createMemory, ctx, directory);

  let timing = false;
  let routeCpu = 0;
  let routeWall: [number, number] = [0, 0];
  let routeHeap = 0;
  const rt = createRuntime(resolveSettings({ url: "http://127.0.0.1:7731", autoStart: false }), directory, undefined);
  rt.client.post = (async <T>(pathname: string, body: unknown): Promise<Result<T>> => {
    const text = JSON.stringify(body);
    const h0 = v8.getHeapStatistics().used_heap_size;
    const c0 = cpuMs();
    const w0 = performance.now();
    const req = new NextRequest(new URL(pathname, "http://127.0.0.1:7731"), {
      method: "POST",
      body: text,
      headers: { host: "127.0.0.1:7731", authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
    const res = await POST(req, { params: Promise.resolve({}) });
    const answer = Buffer.from(await res.arrayBuffer());
    if (timing) {
      routeCpu += cpuMs() - c0;
      routeWall = [w0, performance.now()];
      routeHeap = v8.getHeapStatistics().used_heap_size - h0;
    }
    if (!res.ok) return { ok: false, status: res.status, error: answer.toString("utf8") } as Result<T>;
    return { ok: true, status: res.status, data: JSON.parse(answer.toString("utf8")) as T };
  }) as typeof rt.client.post;

  const sessionID = id("ses");
  const { steps, tokens } = stepsOf(TOKENS);
  const history = v1History(sessionID, steps);
  const s = rt.sessions.get(sessionID);
  const profiler = cpuProfiler(PROFILE);
  const costs: number[] = [];
  const walls: [number, number][] = [];
  const heaps: number[] = [];
  const warmedTurns: boolean[] = [];
  /** The run-ahead call's own CPU (`--warm`; off the turn's path). */
  const warmCosts: number[] = [];
  for (let t = 0; t < TURNS + WARMUP; t++) {
    if (t === WARMUP) await profiler.start();
    const recall = addUserTurn(
      history,
      s,
      sessionID,
      directory,
      SAME_QUERY ? "go on" : `Now the migration for the ${lorem(8, t)} module, keep the cache config as decided`,
    );
    const warmed = WARM && t % 2 === 0 && !!recall;
    const warmCpu0 = cpuMs();
    if (warmed) {
      const res = await WARM_POST(
        new NextRequest(new URL("/api/context/recall/warm", "http://127.0.0.1:7731"), {
          method: "POST",
          body: JSON.stringify(recall),
          headers: { host: "127.0.0.1:7731", authorization: `Bearer ${token}`, "content-type": "application/json" },
        }),
        { params: Promise.resolve({}) },
      );
      if (!res.ok) throw new Error(`warm: ${res.status} ${await res.text()}`);
      if (t >= WARMUP) warmCosts.push(cpuMs() - warmCpu0);
    }
    routeCpu = 0;
    timing = true;
    await compressHistory(
      rt,
      s,
      history.map((m) => structuredClone(m)),
      recall,
    );
    timing = false;
    if (t >= WARMUP) {
      warmedTurns.push(warmed);
      costs.push(routeCpu);
      walls.push(routeWall);
      heaps.push(routeHeap);
    }
    await finishTurn(rt, s, history, sessionID, t);
    if (GAP_MS && GAP_SPIN) for (const until = performance.now() + GAP_MS; performance.now() < until; );
    else if (GAP_MS) await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  await profiler.stop();
  await runShutdown(() => {});
  const sum = summarize(costs);
  // The observer's entries arrive after the fact: let them in.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const gcsIn = walls.map(([w0, w1]) => gcs.filter((g) => g.start >= w0 && g.start <= w1).length);
  const quiet = heaps.filter((_, i) => gcsIn[i] === 0).map((b) => b / 1024);
  const allocated = quiet.length ? summarize(quiet) : undefined;
  const rows: Record<string, string | number>[] = [
    {
      history: `${Math.round(tokens / 1000)}K tokens (${history.length} msgs)`,
      "route CPU p50 ms": sum.p50,
      "p95 ms": sum.p95,
      "max ms": sum.max,
      "KB allocated p50 / p95 (turns without a GC)": allocated ? `${allocated.p50.toFixed(0)} / ${allocated.p95.toFixed(0)} (${allocated.n})` : "n/a",
      "GCs in the route a turn": Number((gcsIn.reduce((a, b) => a + b, 0) / Math.max(1, gcsIn.length)).toFixed(2)),
    },
  ];
  if (WARM)
    for (const [label, warm] of [
      ["turns with the recall search run ahead", true],
      ["turns without", false],
    ] as const) {
      const xs = costs.filter((_, i) => warmedTurns[i] === warm);
      if (xs.length)
        rows.push({ history: `${label} (${xs.length})`, "route CPU p50 ms": summarize(xs).p50, "p95 ms": summarize(xs).p95, "max ms": summarize(xs).max });
    }
  if (warmCosts.length) {
    const w = summarize(warmCosts);
    rows.push({ history: `the run-ahead call itself, off the turn's path (${w.n})`, "route CPU p50 ms": w.p50, "p95 ms": w.p95, "max ms": w.max });
  }
  if (PER_TURN) {
    console.log(`resident set at the end: ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);
    const withGc: number[] = [];
    const without: number[] = [];
    costs.forEach((cpu, i) => {
      const [w0, w1] = walls[i]!;
      const inside = gcs.filter((g) => g.start >= w0 && g.start <= w1);
      console.log(`turn ${i + WARMUP}: route CPU ${cpu.toFixed(2)} ms; GC inside: ${inside.map((g) => `${g.ms.toFixed(1)} ms`).join(", ") || "none"}`);
      (inside.length ? withGc : without).push(cpu);
    });
    for (const [label, xs] of [
      ["turns with a GC inside the route", withGc],
      ["turns without", without],
    ] as const)
      if (xs.length)
        rows.push({ history: `${label} (${xs.length})`, "route CPU p50 ms": summarize(xs).p50, "p95 ms": summarize(xs).p95, "max ms": summarize(xs).max });
  }
  printTable(
    `The compress route's CPU per plugin turn, in process (${TURNS} turns${GAP_MS ? `, ${GAP_MS} ms apart${GAP_SPIN ? " spinning" : ""}` : ""}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    rows,
  );
  writeResult("plugin-turn-route", { turns: TURNS, tokens, rows });
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
