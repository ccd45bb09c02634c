/**
 * Every tuning set's false and missed pairs in one file, for an error taxonomy (issue #38): runs
 * each set of all-sets-list.ts (with vectors when RECOLLECT_BENCH_MODEL_DIR names a prepared
 * model) and writes their scores and errors. r14's frozen half is tuning data now (scored once, in
 * session 15); r15's is not, and is never listed here.
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
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ vectors, sets, at: new Date().toISOString() }, null, 2));
console.log(`JSON: ${path.relative(ROOT, out)} (right/predicted/truth)`);
