/**
 * Leave-one-set-out choice of the merge-by-meaning thresholds (issue #38): the cosine floor, the
 * margin of the mutual nearest neighbours, the Chinese cosine floor and the share of words a
 * Chinese pair found by its vectors must have (lib/consolidation/consolidate.ts, `semantic`).
 * Every set that is tuning data now (all-sets-list.ts; never r12's frozen half) is run with each
 * setting of a grid: the English grid (floor x margin) with the Chinese values as shipped, the
 * Chinese grid (Chinese floor x words) with the English values as shipped, and the merges by
 * meaning switched off.
 *
 * For each set held out, a setting is chosen on the other sets: the most right merge and
 * supersede proposals over those of the setting without merges by meaning, with the proposals it
 * adds at least 0.9 right (ties to the stricter setting), or with `--rule f1` the best F1 of merges
 * and supersessions pooled; the held-out set is then scored with it.
 * Pooled over the held-out sets: merge and supersede precision / recall. The setting chosen on
 * every set is the one shipped.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/fit-semantic.ts [--rule f1] [--from <its JSON>]`
 * Writes bench/results/consolidation-semantic[-f1].json.
 */
import fs from "node:fs";
import path from "node:path";
import type { SemanticThresholds } from "../../lib/consolidation/consolidate";
import { runHalf, type Set_ } from "./blind";
import { TUNING_SETS } from "./all-sets-list";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PRECISION = 0.9;
const round = (x: number) => Math.round(x * 1000) / 1000;
/** As shipped before this fit (config defaults; no Chinese word floor). */
const SHIPPED: SemanticThresholds = { minCosine: 0.65, margin: 0.1, chineseMinCosine: 0.8, chineseMinJaccard: 0 };
const OFF: SemanticThresholds = { ...SHIPPED, minCosine: 1.01 };
const settings: SemanticThresholds[] = [OFF];
for (const minCosine of [0.6, 0.65, 0.7, 0.75]) for (const margin of [0.05, 0.1, 0.15]) settings.push({ ...SHIPPED, minCosine, margin });
for (const chineseMinCosine of [0.8, 0.9, 1.01])
  for (const chineseMinJaccard of [0, 0.1])
    if (chineseMinCosine !== SHIPPED.chineseMinCosine || chineseMinJaccard !== SHIPPED.chineseMinJaccard)
      settings.push({ ...SHIPPED, chineseMinCosine, chineseMinJaccard });
const label = (s: SemanticThresholds) => `cos ${s.minCosine} margin ${s.margin} zh-cos ${s.chineseMinCosine} zh-words ${s.chineseMinJaccard}`;
// Stricter first: a tie keeps the setting that proposes less by meaning.
const strictness = (s: SemanticThresholds) => s.minCosine + s.margin + s.chineseMinCosine / 10 + s.chineseMinJaccard;

type Counts = { predicted: number; tp: number; truth: number };
const counts = new Map<string, Map<Set_, { merge: Counts; supersede: Counts }>>();
// `--from <json>`: the counts of an earlier run (its JSON), to compare the choice rules without re-running.
const from = process.argv.includes("--from") ? process.argv[process.argv.indexOf("--from") + 1] : undefined;
if (from) {
  const saved = JSON.parse(fs.readFileSync(from, "utf8")) as { counts: Record<string, Record<string, { merge: Counts; supersede: Counts }>> };
  for (const [k, v] of Object.entries(saved.counts)) counts.set(k, new Map(Object.entries(v) as [Set_, { merge: Counts; supersede: Counts }][]));
}
for (const s of from ? [] : settings) {
  const bySet = new Map<Set_, { merge: Counts; supersede: Counts }>();
  for (const set of TUNING_SETS) {
    const h = await runHalf(set, true, undefined, undefined, { semantic: s });
    const c = (k: "merge" | "supersede") => ({ predicted: h.byKind[k].predicted, tp: h.byKind[k].truePositives, truth: h.byKind[k].truth });
    bySet.set(set, { merge: c("merge"), supersede: c("supersede") });
  }
  counts.set(label(s), bySet);
  const all = [...bySet.values()];
  const sum = (k: "merge" | "supersede", f: keyof Counts) => all.reduce((a, x) => a + x[k][f], 0);
  console.log(
    `${label(s).padEnd(52)} merge ${sum("merge", "tp")}/${sum("merge", "predicted")}  supersede ${sum("supersede", "tp")}/${sum("supersede", "predicted")}`,
  );
}

function total(s: SemanticThresholds, sets: readonly Set_[]) {
  const m = counts.get(label(s))!;
  const t = { merge: { predicted: 0, tp: 0, truth: 0 }, supersede: { predicted: 0, tp: 0, truth: 0 } };
  for (const set of sets) for (const k of ["merge", "supersede"] as const) for (const f of ["predicted", "tp", "truth"] as const) t[k][f] += m.get(set)![k][f];
  return t;
}
// `--rule f1`: the setting with the best F1 of merges and supersessions pooled (the two
// targets weigh precision and recall alike); by default, the added proposals at least 0.9 right.
const F1 = process.argv.includes("--rule") && process.argv[process.argv.indexOf("--rule") + 1] === "f1";
function choose(sets: readonly Set_[]): SemanticThresholds {
  const off = total(OFF, sets);
  const offTp = off.merge.tp + off.supersede.tp;
  const offPredicted = off.merge.predicted + off.supersede.predicted;
  let best = { s: OFF, gain: F1 ? f1(off) : 0 };
  for (const s of [...settings].sort((a, b) => strictness(b) - strictness(a))) {
    const t = total(s, sets);
    if (F1) {
      if (f1(t) > best.gain) best = { s, gain: f1(t) };
      continue;
    }
    const gain = t.merge.tp + t.supersede.tp - offTp;
    const added = t.merge.predicted + t.supersede.predicted - offPredicted;
    if (gain > best.gain && gain / Math.max(added, 1) >= PRECISION) best = { s, gain };
  }
  return best.s;
}
function f1(t: { merge: Counts; supersede: Counts }): number {
  const tp = t.merge.tp + t.supersede.tp;
  return (2 * tp) / (t.merge.predicted + t.supersede.predicted + t.merge.truth + t.supersede.truth || 1);
}

const held = { merge: { predicted: 0, tp: 0, truth: 0 }, supersede: { predicted: 0, tp: 0, truth: 0 } };
const before = total(SHIPPED, TUNING_SETS);
const perSet = [];
for (const set of TUNING_SETS) {
  const s = choose(TUNING_SETS.filter((x) => x !== set));
  const t = total(s, [set]);
  for (const k of ["merge", "supersede"] as const) for (const f of ["predicted", "tp", "truth"] as const) held[k][f] += t[k][f];
  perSet.push({ set, chosen: s });
  console.log(`held out ${set.padEnd(11)} ${label(s)}: merge ${t.merge.tp}/${t.merge.predicted}, supersede ${t.supersede.tp}/${t.supersede.predicted}`);
}
const pr = (x: Counts) => `${round(x.tp / (x.predicted || 1)).toFixed(3)} / ${round(x.tp / (x.truth || 1)).toFixed(3)}`;
const shipped = choose(TUNING_SETS);
console.log(`\nLeave-one-set-out over ${TUNING_SETS.length} sets, pooled: merge ${pr(held.merge)}, supersede ${pr(held.supersede)}`);
console.log(`As shipped before (${label(SHIPPED)}): merge ${pr(before.merge)}, supersede ${pr(before.supersede)}`);
const after = total(shipped, TUNING_SETS);
console.log(`Chosen on every set: ${label(shipped)}: merge ${pr(after.merge)}, supersede ${pr(after.supersede)}`);
const out = path.join(ROOT, `bench/results/consolidation-semantic${F1 ? "-f1" : ""}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  JSON.stringify(
    {
      settings: settings.map(label),
      counts: Object.fromEntries([...counts].map(([k, v]) => [k, Object.fromEntries(v)])),
      perSet,
      held,
      before,
      shipped,
      after,
      at: new Date().toISOString(),
    },
    null,
    2,
  ),
);
console.log(`JSON: ${path.relative(ROOT, out)}`);
