/**
 * Leave-one-set-out choice of the cosine a pair found by its named things must reach
 * (lib/consolidation/names.ts, `NAMED_MIN_COSINE` in consolidate.ts), issue #38's eleventh pass.
 * Every set that is tuning data now (all-sets-list.ts; never r12's frozen half) is run once with
 * no floor; each pair the names brought and the guards made a merge is kept with its cosine and
 * whether it is a labelled merge. For each held-out set, the floor (English and Chinese apart) is
 * chosen on the others: the lowest whose pairs at or above it are at least 0.9 right (else off),
 * and the held-out set's pairs at or above it are counted. Needs vectors.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/fit-named.ts [--from <json>]`
 * Writes bench/results/consolidation-named.json.
 */
import fs from "node:fs";
import path from "node:path";
import { familiesOf, runHalf } from "./blind";
import { TUNING_SETS } from "./all-sets-list";

interface Row {
  set: string;
  cosine: number;
  chinese: boolean;
  right: boolean;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT = path.join(ROOT, "bench/results/consolidation-named.json");
const PRECISION = 0.9;
const OFF = 2;

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : undefined;
};

async function collect(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const set of TUNING_SETS) {
    const truth = new Set(familiesOf(set).flatMap((f) => f.merge.map(([a, b]) => [a, b].sort().join("|"))));
    const seen: { ids: [string, string]; cosine: number | null; chinese: boolean }[] = [];
    await runHalf(set, true, undefined, undefined, { namedThings: { minCosine: -1, onPair: (r) => seen.push(r) } });
    for (const r of seen) {
      const k = [...r.ids].sort().join("|");
      rows.push({ set, cosine: r.cosine ?? -1, chinese: r.chinese, right: truth.has(k) });
    }
    console.log(set, seen.length);
  }
  return rows;
}

/** The lowest floor whose pairs at or above it are at least PRECISION right, else OFF. */
function choose(rows: readonly Row[]): number {
  const floors = [...new Set(rows.map((r) => r.cosine))].sort((a, b) => a - b);
  for (const f of floors) {
    const kept = rows.filter((r) => r.cosine >= f);
    const right = kept.filter((r) => r.right).length;
    if (kept.length > 0 && right / kept.length >= PRECISION) return f;
  }
  return OFF;
}

const rows: Row[] = arg("--from") ? (JSON.parse(fs.readFileSync(arg("--from")!, "utf8")) as { rows: Row[] }).rows : await collect();
const folds = [];
const total = { right: 0, wrong: 0 };
for (const set of TUNING_SETS) {
  const fold: Record<string, unknown> = { set };
  for (const zh of [false, true]) {
    const train = rows.filter((r) => r.set !== set && r.chinese === zh);
    const floor = choose(train);
    const held = rows.filter((r) => r.set === set && r.chinese === zh && r.cosine >= floor);
    const right = held.filter((r) => r.right).length;
    total.right += right;
    total.wrong += held.length - right;
    fold[zh ? "zh" : "en"] = { floor, right, wrong: held.length - right };
  }
  folds.push(fold);
}
const all = { en: choose(rows.filter((r) => !r.chinese)), zh: choose(rows.filter((r) => r.chinese)) };
const unfloored = { right: rows.filter((r) => r.right).length, wrong: rows.filter((r) => !r.right).length };
console.log(JSON.stringify(folds));
console.log("held out, pooled:", total, "no floor:", unfloored, "floors on all sets:", all);
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, JSON.stringify({ rows, folds, heldOut: total, unfloored, floors: all, at: new Date().toISOString() }, null, 2));
