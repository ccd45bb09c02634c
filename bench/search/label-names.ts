import { isLabelName } from "../../lib/search/vector-text";
import { benchCtx, round, stats, table, writeResult } from "./common";
import { loadScaleStore, locomo } from "./scale-corpus";

/**
 * What leaving label names out of the embedded question costs (issue 42, lib/search/vector-text.ts):
 * isLabelName per capitalized word of a question, in process, on the scale stores (LoCoMo conv-26 and
 * conv-30 turns, speaker as title, among synthetic coding memories). It runs before the query is
 * embedded, so it adds to the hybrid latency once per capitalized word.
 *
 *   RECOLLECT_SHARED_DIR=../shared npx tsx bench/search/label-names.ts [--sizes 10000,100000]
 */
const args = process.argv.slice(2);
const sizes = (args.includes("--sizes") ? args[args.indexOf("--sizes") + 1] : "10000,100000").split(",").map(Number);
const data = locomo();
if (!data) {
  console.log("skipped label-names: LoCoMo dev is absent");
  process.exit(0);
}
const NAMES = ["Caroline", "Melanie", "Gina", "Jon", "Android", "Redis", "Nobody"];
const ROUNDS = 200;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const rows: Record<string, unknown>[] = [];
for (const n of sizes) {
  const ctx = benchCtx();
  loadScaleStore(ctx, n, data.turns);
  for (const name of NAMES) isLabelName(ctx.sqlite, name); // warm
  for (const name of NAMES) {
    const samples: number[] = [];
    const cpu0 = process.cpuUsage();
    let label = false;
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      label = isLabelName(ctx.sqlite, name);
      samples.push(performance.now() - t);
    }
    const s = stats(samples);
    rows.push({ memories: n, name, label, p50: s.p50, p95: s.p95, max: s.max, cpuMsPerCall: round(cpuMs(process.cpuUsage(cpu0)) / ROUNDS, 3) });
  }
  ctx.close();
}
console.log(table(rows));
console.log(`wrote ${writeResult("label-names", { at: new Date().toISOString(), rows })}`);
