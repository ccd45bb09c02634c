import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { NearDuplicateIndex } from "../../lib/indexing/near-duplicate-index";
import { warmNearDuplicateIndex } from "../../lib/indexing/near-duplicate-warm";
import { warmVectorIndex } from "../../lib/indexing/vector-index";
import { openStore } from "../../lib/open-store";
import { databaseFile } from "../../lib/paths";
import { processCpuMs } from "../lib/process-cpu";
import { ROOT, round, table } from "./common";
import { MODEL_DIR, startBenchServer } from "./speed";

/**
 * What the server's start-up warm-up costs on a kept speed store (issue 48: at 1,000,000 memories
 * it outlasted the speed bench's wait), wall and CPU time, GC and memory:
 *
 *   npx tsx bench/search/warm-up.ts --store <speed store dir>/<size> [--in-process] [--server] [--poll-ms 200]
 *
 * `--in-process`: the two start-up jobs on the store's connection as the server runs them (each a
 * slice per event-loop turn): the near-duplicate index alone, the vector index alone, then both
 * together. `--server`: the production server on the store, /api/health polled every `--poll-ms`
 * (the speed bench polls every 200 ms) until hybrid search is ready and the near-duplicate index
 * built, its CPU from /proc; then 50 health calls on the warm server, its CPU a call. Open a copy
 * of the store: the server may write to it.
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const store = opt("store");
if (!store || !fs.existsSync(databaseFile(store))) throw new Error("--store <dir holding recollect.db> is required");
const both = !args.includes("--in-process") && !args.includes("--server");
const rows: Record<string, unknown>[] = [];
const load1 = () => round(os.loadavg()[0], 1);

const gc = { events: 0, ms: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gc.events++;
    gc.ms += e.duration;
  }
}).observe({ entryTypes: ["gc"] });
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One start-up job or both, in process, sliced as the server runs them. */
async function inProcess(jobs: "near-duplicate" | "vectors" | "both") {
  const { sqlite } = openStore(databaseFile(store!), { migrationsDir: path.join(ROOT, "drizzle") });
  const memories = (sqlite.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
  const gc0 = { ...gc };
  const cpu0 = cpuMs();
  const t0 = performance.now();
  const waits: Promise<unknown>[] = [];
  if (jobs !== "vectors") {
    const index = new NearDuplicateIndex(sqlite);
    warmNearDuplicateIndex(index, sqlite);
    waits.push(
      new Promise<void>((resolve) => {
        const poll = setInterval(() => index.ready && (clearInterval(poll), resolve()), 20);
      }),
    );
  }
  if (jobs !== "near-duplicate") waits.push(warmVectorIndex(sqlite));
  await Promise.all(waits);
  const mem = process.memoryUsage();
  rows.push({
    where: "in process",
    jobs,
    memories,
    "wall s": round((performance.now() - t0) / 1000, 1),
    "cpu s": round((cpuMs() - cpu0) / 1000, 1),
    "gc events": gc.events - gc0.events,
    "gc s": round((gc.ms - gc0.ms) / 1000, 1),
    "heap MB": round(mem.heapUsed / 1e6, 0),
    "rss MB": round(mem.rss / 1e6, 0),
    load1: load1(),
  });
  sqlite.close();
}

async function inServer(pollMs: number) {
  const env = { RECOLLECT_EMBEDDING_PROVIDER: "transformers", RECOLLECT_EMBEDDING_MODEL_DIR: MODEL_DIR };
  const t0 = performance.now();
  const server = await startBenchServer(store!, env, [], { waitForWarmUp: false });
  let hybridAt: number | undefined;
  let polls = 0;
  let slowest = 0;
  try {
    for (;;) {
      const t = performance.now();
      let body: { search?: { mode: string }; warmUp?: { nearDuplicateIndex: string } } = {};
      try {
        const res = await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${server.token}` }, signal: AbortSignal.timeout(60_000) });
        body = (await res.json()) as typeof body;
      } catch {
        /* a busy server may time out: ask again */
      }
      polls++;
      slowest = Math.max(slowest, performance.now() - t);
      if (hybridAt === undefined && body.search?.mode === "hybrid") hybridAt = performance.now() - t0;
      if (hybridAt !== undefined && body.warmUp?.nearDuplicateIndex === "ready") break;
      await new Promise((r) => setTimeout(r, pollMs));
    }
    const warmS = (performance.now() - t0) / 1000;
    const warmCpu = processCpuMs(server.pid) ?? Number.NaN;
    // Then health alone on the warm server (nothing written meanwhile): its CPU a call.
    const calls = 50;
    for (let i = 0; i < calls; i++) await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${server.token}` } }).then((r) => r.json());
    const healthCpu = ((processCpuMs(server.pid) ?? Number.NaN) - warmCpu) / calls;
    const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
    rows.push({
      where: "server",
      "poll ms": pollMs,
      "hybrid at s": round(hybridAt / 1000, 1),
      "warm-up s": round(warmS, 1),
      "server cpu s": round(warmCpu / 1000, 1),
      "health polls": polls,
      "slowest health ms": round(slowest, 0),
      "health cpu ms a call after": round(healthCpu, 1),
      "peak rss MB": round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024, 0),
      load1: load1(),
    });
  } finally {
    await server.stop();
  }
}

if (both || args.includes("--in-process")) for (const jobs of ["near-duplicate", "vectors", "both"] as const) await inProcess(jobs);
if (both || args.includes("--server")) await inServer(Number(opt("poll-ms") ?? 200));
console.log(table(rows));
