/**
 * Precision and recall of merges and supersessions on every set that is tuning data now: the first
 * set's halves, extra, r3..r11 (both halves: every one of their frozen halves has been scored) and
 * r12's tuning half, each its own store, then pooled. r12's frozen half is never scored here.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/all-sets.ts`
 * Writes bench/results/consolidation-all-sets.json.
 */
import fs from "node:fs";
import path from "node:path";
import { runHalf } from "./blind";
import { TUNING_SETS } from "./all-sets-list";

const ROOT = path.resolve(import.meta.dirname, "../..");

const round = (x: number) => Math.round(x * 1000) / 1000;
const vectors = !!process.env.RECOLLECT_BENCH_MODEL_DIR;
const pooled = { merge: { predicted: 0, truth: 0, tp: 0 }, supersede: { predicted: 0, truth: 0, tp: 0 } };
const rows = [];
console.log("set        kind       predicted  truth  TP   precision  recall");
for (const set of TUNING_SETS) {
  const h = await runHalf(set, vectors);
  for (const k of ["merge", "supersede"] as const) {
    const s = h.byKind[k];
    pooled[k].predicted += s.predicted;
    pooled[k].truth += s.truth;
    pooled[k].tp += s.truePositives;
    console.log(
      `${set.padEnd(10)} ${k.padEnd(10)} ${String(s.predicted).padStart(9)}  ${String(s.truth).padStart(5)}  ${String(s.truePositives).padStart(3)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}`,
    );
  }
  rows.push({ set, merge: h.byKind.merge, supersede: h.byKind.supersede });
}
const summary = Object.fromEntries(
  (["merge", "supersede"] as const).map((k) => [
    k,
    { ...pooled[k], precision: round(pooled[k].tp / (pooled[k].predicted || 1)), recall: round(pooled[k].tp / (pooled[k].truth || 1)) },
  ]),
);
console.log("pooled", JSON.stringify(summary));
const out = path.join(ROOT, "bench/results/consolidation-all-sets.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ vectors, sets: rows, pooled: summary, at: new Date().toISOString() }, null, 2));
