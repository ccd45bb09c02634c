/**
 * The machine's share of a turn after a pause: fixed workloads with no Recollect code in them, timed
 * in CPU after a pause of `gap` ms (a sleep, as the model's time between turns) and back to back.
 * `bench/plugin/turn-route.ts --gap-ms 300` showed the compress route costing 2-6x more CPU after
 * a pause; this tells how much of that the machine itself does to any code that touches memory.
 *
 * - `objects`: build ~1,600 small objects, stringify, parse, file them in a Map (about a turn's shape);
 * - `walk`: read every 8th number of an 8 MB array three times (memory, no allocation);
 * - `arithmetic`: a register-only loop (no memory: the core's own speed).
 *
 *   npx tsx bench/plugin/pause-control.ts [--runs 40] [--gaps 0,30,300]
 */
import { numberArg, ownCpuMs } from "../lib/in-process";
import { printTable, summarize, writeResult } from "../lib/stats";

const args = process.argv.slice(2);
const RUNS = numberArg(args, "--runs", 40);
const GAPS = (args.includes("--gaps") ? args[args.indexOf("--gaps") + 1] : "0,30,300").split(",").map(Number);

const numbers = new Float64Array(1 << 20).map((_, i) => i % 97);
const workloads: Record<string, () => number> = {
  objects() {
    const messages = [];
    for (let i = 0; i < 400; i++) {
      messages.push({ id: `m${i}`, parts: Array.from({ length: 4 }, (_, j) => ({ id: `p${i}_${j}`, text: "x".repeat(100 + ((i * 7 + j) % 50)) })) });
    }
    const byId = new Map<string, number>();
    for (const message of JSON.parse(JSON.stringify(messages)) as typeof messages) for (const part of message.parts) byId.set(part.id, part.text.length);
    let total = 0;
    for (const length of byId.values()) total += length;
    return total;
  },
  walk() {
    let sum = 0;
    for (let pass = 0; pass < 3; pass++) for (let i = 0; i < numbers.length; i += 8) sum += numbers[i];
    return sum;
  },
  arithmetic() {
    let x = 1;
    for (let i = 0; i < 3e6; i++) x = (x * 1103515245 + 12345) % 2147483647;
    return x;
  },
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function main() {
  for (const work of Object.values(workloads)) for (let i = 0; i < 10; i++) work();
  const rows: Record<string, string | number>[] = [];
  for (const [name, work] of Object.entries(workloads)) {
    for (const gap of GAPS) {
      const cpu: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (gap) await pause(gap);
        const before = ownCpuMs();
        work();
        cpu.push(ownCpuMs() - before);
      }
      const s = summarize(cpu);
      rows.push({ workload: name, "pause ms": gap, "CPU p50 ms": s.p50, "CPU p95 ms": s.p95 });
    }
  }
  printTable("Fixed workloads, CPU after a pause (no Recollect code)", rows);
  writeResult("plugin-pause-control", { runs: RUNS, gaps: GAPS, load: (await import("node:os")).loadavg(), rows });
}

void main();
