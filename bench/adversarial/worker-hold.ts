/**
 * Would a worker thread keep the compress route's heap off the main thread (issue #37)? The
 * route's work (sliced parse, compression, the answer) on the 56.8 MB history of `--route compress`
 * (100,000 messages), run in this thread (A) or in a `worker_threads` Worker (B, its own isolate
 * and heap; body and answer bytes move by transfer), alternately. While it runs, the main thread's
 * event loop is sampled: its longest gap between two 5 ms ticks, and the main thread's GC pauses
 * (PerformanceObserver "gc": the main isolate's only) over 50 ms. A prototype: the worker opens its
 * own database; the route would keep the database on the main thread.
 *
 * Run: nice npx tsx --expose-gc bench/adversarial/worker-hold.ts [--rounds 3] (prints a table and JSON)
 */
import { watchLoopHold } from "./loop-hold";
import os from "node:os";
import { PerformanceObserver } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { History } from "../../tests/lib/compression/history";
import { printTable, writeResult } from "../lib/stats";
import { compressOnce } from "./worker-hold-work";

const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 3;
// Only the body's text stays on this thread (a server holds no history between requests).
const text = (() => {
  const h = new History("ses_bench_routes_compress");
  for (let i = 0; i < 100_000; i++) i % 2 ? h.user(`question ${i} about the cache`) : h.step({ text: `answer ${i}: checked the index` });
  return JSON.stringify(h.body());
})();

// Node 20 loads a worker's .ts entry before tsx's hooks: the entry is a line that imports it through tsx.
const job = new URL("./worker-hold-job.ts", import.meta.url).href;
const worker = new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(job)}, ${JSON.stringify(job)}))`, { eval: true });
const inWorker = (bytes: Uint8Array) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    worker.once("error", failed);
    worker.once("message", (answer: Uint8Array) => {
      worker.off("error", failed);
      resolve(answer);
    });
    worker.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
  });

async function measure(mode: "main" | "worker") {
  // The previous round's garbage is not this round's pause (run with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  const bytes = new Uint8Array(Buffer.from(text));
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push(e.duration);
  });
  gc.observe({ entryTypes: ["gc"] });
  const hold = watchLoopHold();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answer = mode === "main" ? await compressOnce(bytes) : await inWorker(bytes);
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await new Promise((resolve) => setTimeout(resolve, 20)); // the last gap is closed by the next tick
  const held = hold.stop();
  gc.disconnect();
  return {
    mode,
    "answer MB": Number((answer.byteLength / 1e6).toFixed(2)),
    "wall ms": Math.round(wall),
    "process CPU ms": Math.round((used.user + used.system) / 1000),
    "main: longest gap ms": Math.round(held),
    "main: GC pauses": pauses.length,
    "main: GC > 50 ms": pauses.filter((p) => p > 50).length,
    "main: longest GC ms": Math.round(Math.max(0, ...pauses)),
    load: Number(os.loadavg()[0].toFixed(1)),
  };
}

const rows: Record<string, string | number>[] = [];
for (let r = 0; r < rounds; r++) for (const mode of r % 2 ? (["worker", "main"] as const) : (["main", "worker"] as const)) rows.push(await measure(mode));
await worker.terminate();
printTable(`The compress route's work in this thread or a worker: this thread's event loop meanwhile (load ${os.loadavg()[0].toFixed(1)})`, rows);
writeResult("adversarial-worker-hold", { rows });
