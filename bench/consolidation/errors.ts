/**
 * Every tuning set's false and missed pairs in one file, for an error taxonomy (issue #38): runs
 * each set of all-sets-list.ts (with vectors when RECOLLECT_BENCH_MODEL_DIR names a prepared
 * model) and writes their scores and errors. r15's frozen half is not a tuning set, so it is never
 * listed here.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/errors.ts [--out file]`
 * Writes bench/results/consolidation-errors.json (or `--out`).
 */
import fs from "node:fs";
import path from "node:path";
import { TUNING_SETS } from "./all-sets-list";
import { runHalf } from "./blind";

const ROOT = path.resolve(import.meta.dirname, "../..");
const i = process.argv.indexOf("--out");
const out = i > -1 ? path.resolve(process.argv[i + 1]!) : path.join(ROOT, "bench/results/consolidation-errors.json");
const vectors = !!process.env.RECOLLECT_BENCH_MODEL_DIR;
const sets = [];
for (const set of TUNING_SETS) {
  const h = await runHalf(set, vectors);
  sets.push({ set, byKind: h.byKind, errors: h.errors });
  console.log(
    `${set.padEnd(11)} merge ${h.byKind.merge.truePositives}/${h.byKind.merge.predicted}/${h.byKind.merge.truth}  supersede ${h.byKind.supersede.truePositives}/${h.byKind.supersede.predicted}/${h.byKind.supersede.truth}`,
  );
}
// Pooled over every set, and over the newest ones alone: the older sets were tuned on for many
// passes, so the newest say more about data the rules have not seen.
const NEWEST = ["r12-frozen", "r13-tuning", "r13-frozen", "r14-tuning", "r14-frozen", "r15-tuning"];
for (const [label, chosen] of [
  ["pooled", sets],
  ["newest six", sets.filter((s) => NEWEST.includes(s.set))],
] as const) {
  const line = (["merge", "supersede"] as const).map((kind) => {
    const sum = (field: "truePositives" | "predicted" | "truth") => chosen.reduce((n, s) => n + s.byKind[kind][field], 0);
    const [right, predicted, truth] = [sum("truePositives"), sum("predicted"), sum("truth")];
    return `${kind} ${(right / Math.max(predicted, 1)).toFixed(3)} / ${(right / Math.max(truth, 1)).toFixed(3)} (${right}/${predicted}/${truth})`;
  });
  console.log(`${label.padEnd(11)} ${line.join("  ")}`);
}
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ vectors, sets, at: new Date().toISOString() }, null, 2));
console.log(`JSON: ${path.relative(ROOT, out)} (right/predicted/truth)`);
