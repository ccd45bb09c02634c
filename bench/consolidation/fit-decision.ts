/**
 * Fits the learned consolidation decision (lib/consolidation/learned.ts) on the TUNING halves
 * only, pooled: the first set's tuning half, extra, and r3..r7 tuning. Frozen halves are never
 * read here.
 *
 * Each set is loaded as blind.ts loads it, embedded with the prepared model, and consolidated
 * (dry run); every pair the learned decision weighs comes back with its features
 * (lib/consolidation/pair-features.ts) and is labelled from the set's labels. Two logistic models
 * (supersede, merge; L2, plain gradient descent from zero, so deterministic) are fitted.
 *
 * Thresholds and figures come from leave-one-set-out cross-validation:
 * - nested, for the figures: for each set held out, an inner leave-one-set-out over the others
 *   chooses the thresholds (the lowest probability whose pooled held-out precision is >= 0.9, so
 *   the best recall under that), a model fitted on the others scores the held-out set at them;
 *   precision and recall are pooled over the held-out sets (recall over EVERY labelled pair, also
 *   those no candidate brought up). These predict the frozen figures honestly;
 * - for the committed model: the same choice over all sets' held-out scores, then one fit on all.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/fit-decision.ts [--write]`
 * (`--without-rules` leaves the rules' verdicts out of the evidence; `--write` rewrites lib/consolidation/learned-coefficients.ts). Writes bench/results/consolidation-fit.json.
 */
import fs from "node:fs";
import path from "node:path";
import type { LearnedDecision, LogisticModel } from "../../lib/consolidation/learned";
import { probability } from "../../lib/consolidation/learned";
import { FEATURE_NAMES } from "../../lib/consolidation/pair-features";
import { familiesOf, runHalf, type Set_ } from "./blind";
import { leaveOneSetOutThresholds, pairKey, type Row, round } from "./fit-rows";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MODEL_DIR = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
const SETS: Set_[] = ["tuning", "extra", "r3-tuning", "r4-tuning", "r5-tuning", "r6-tuning", "r7-tuning"];
const PRECISION = 0.9;
/** No threshold reaches PRECISION: nothing is proposed. */
const NONE = 1;
const L2 = 0.01;
const STEPS = 3000;
/**
 * `--without-rules`: the rules' own verdicts are left out of the evidence (their features held at
 * 0, so their weights stay 0). The rules were tuned on these very halves, so with them in, the
 * held-out figures flatter the model.
 */
const WITHOUT_RULES = process.argv.includes("--without-rules");
const RULE_FEATURES = new Set(["ruleMerge", "ruleSupersede"]);
const RATE = 0.5;

async function rowsOf(set: Set_): Promise<{ rows: Row[]; truth: { merge: number; supersede: number } }> {
  const fams = familiesOf(set);
  const merge = new Set(fams.flatMap((f) => f.merge.map(([a, b]) => pairKey(a, b))));
  const supersede = new Set(fams.flatMap((f) => f.supersede.map(([n, o]) => `${n}>${o}`)));
  const rows: Row[] = [];
  await runHalf(set, true, ({ older, newer, features }) =>
    rows.push({
      set,
      x: WITHOUT_RULES ? features.map((v, i) => (RULE_FEATURES.has(FEATURE_NAMES[i]!) ? 0 : v)) : features,
      merge: merge.has(pairKey(older, newer)),
      supersede: supersede.has(`${newer}>${older}`),
    }),
  );
  return { rows, truth: { merge: merge.size, supersede: supersede.size } };
}

/** Logistic regression on standardised features: full-batch gradient descent from zero (deterministic). */
function fitLogistic(rows: readonly Row[], label: (r: Row) => boolean): Omit<LogisticModel, "threshold"> {
  const n = FEATURE_NAMES.length;
  const mean = Array.from({ length: n }, (_, i) => rows.reduce((s, r) => s + r.x[i]!, 0) / rows.length);
  const scale = Array.from({ length: n }, (_, i) => {
    const v = rows.reduce((s, r) => s + (r.x[i]! - mean[i]!) ** 2, 0) / rows.length;
    return v > 1e-12 ? Math.sqrt(v) : 1;
  });
  const xs = rows.map((r) => r.x.map((v, i) => (v - mean[i]!) / scale[i]!));
  const ys = rows.map((r) => (label(r) ? 1 : 0));
  const w = new Array<number>(n).fill(0);
  let b = 0;
  for (let step = 0; step < STEPS; step++) {
    const gw = new Array<number>(n).fill(0);
    let gb = 0;
    for (let k = 0; k < xs.length; k++) {
      let z = b;
      for (let i = 0; i < n; i++) z += w[i]! * xs[k]![i]!;
      const e = 1 / (1 + Math.exp(-z)) - ys[k]!;
      for (let i = 0; i < n; i++) gw[i]! += e * xs[k]![i]!;
      gb += e;
    }
    for (let i = 0; i < n; i++) w[i]! -= RATE * (gw[i]! / xs.length + L2 * w[i]!);
    b -= RATE * (gb / xs.length);
  }
  return { mean: mean.map(round6), scale: scale.map(round6), weights: w.map(round6), bias: round6(b) };
}
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

interface Decision {
  supersede: Omit<LogisticModel, "threshold">;
  merge: Omit<LogisticModel, "threshold">;
}
const fitBoth = (rows: readonly Row[]): Decision => ({ supersede: fitLogistic(rows, (r) => r.supersede), merge: fitLogistic(rows, (r) => r.merge) });

/** Leave-one-set-out over `sets`: held-out probabilities of every row, then both thresholds. */
function thresholdsBy(rows: readonly Row[], sets: readonly Set_[]): { supersede: number; merge: number } {
  return leaveOneSetOutThresholds(
    rows,
    sets,
    (train) => {
      const d = fitBoth(train);
      return (x) => ({ ps: probability(d.supersede, x), pm: probability(d.merge, x) });
    },
    PRECISION,
    NONE,
  );
}

function tally(predicted: { r: Row; kind: "merge" | "supersede" | null }[], truth: { merge: number; supersede: number }) {
  const out = {} as Record<"merge" | "supersede", { predicted: number; truePositives: number; truth: number; precision: number; recall: number }>;
  for (const kind of ["merge", "supersede"] as const) {
    const mine = predicted.filter((p) => p.kind === kind);
    const tp = mine.filter((p) => p.r[kind]).length;
    out[kind] = {
      predicted: mine.length,
      truePositives: tp,
      truth: truth[kind],
      precision: round(mine.length ? tp / mine.length : 1),
      recall: round(truth[kind] ? tp / truth[kind] : 1),
    };
  }
  return out;
}

if (!MODEL_DIR || !fs.existsSync(path.join(MODEL_DIR, "config.json"))) {
  console.log("skipped: set RECOLLECT_BENCH_MODEL_DIR to a prepared model (bench/models/prepare); the learned decision needs vectors");
  process.exit(0);
}
const rows: Row[] = [];
const truthBySet = new Map<Set_, { merge: number; supersede: number }>();
for (const s of SETS) {
  const got = await rowsOf(s);
  rows.push(...got.rows);
  truthBySet.set(s, got.truth);
  console.log(`${s}: ${got.rows.length} pairs weighed, ${got.truth.merge} merge and ${got.truth.supersede} supersede labels`);
}
const sumTruth = (sets: readonly Set_[]) =>
  sets.reduce((t, s) => ({ merge: t.merge + truthBySet.get(s)!.merge, supersede: t.supersede + truthBySet.get(s)!.supersede }), { merge: 0, supersede: 0 });

// Nested leave-one-set-out: the figures.
const outer: { r: Row; kind: "merge" | "supersede" | null }[] = [];
const perSet: Record<string, unknown> = {};
const rules: { r: Row; kind: "merge" | "supersede" | null }[] = [];
for (const s of SETS) {
  const others = SETS.filter((x) => x !== s);
  const trainRows = rows.filter((r) => r.set !== s);
  const t = thresholdsBy(trainRows, others);
  const d = fitBoth(trainRows);
  const mine = rows
    .filter((r) => r.set === s)
    .map((r) => ({
      r,
      kind: probability(d.supersede, r.x) >= t.supersede ? ("supersede" as const) : probability(d.merge, r.x) >= t.merge ? ("merge" as const) : null,
    }));
  outer.push(...mine);
  perSet[s] = { thresholds: { supersede: round(t.supersede), merge: round(t.merge) }, ...tally(mine, truthBySet.get(s)!) };
}
const iSup = FEATURE_NAMES.indexOf("ruleSupersede");
const iMerge = FEATURE_NAMES.indexOf("ruleMerge");
for (const r of rows) rules.push({ r, kind: r.x[iSup] ? "supersede" : r.x[iMerge] ? "merge" : null });
const covered = { merge: rows.filter((r) => r.merge).length, supersede: rows.filter((r) => r.supersede).length };
const cv = tally(outer, sumTruth(SETS));
const rulesOnRows = tally(rules, sumTruth(SETS));

// The committed model: thresholds from leave-one-set-out over every set, one fit on all.
const all = thresholdsBy(rows, SETS);
const final = fitBoth(rows);
const decision: LearnedDecision = {
  features: [...FEATURE_NAMES],
  supersede: { ...final.supersede, threshold: round6(all.supersede) },
  merge: { ...final.merge, threshold: round6(all.merge) },
};

const labels = sumTruth(SETS);
console.log(
  `\nPooled tuning pairs: ${rows.length}; among them ${covered.merge} of ${labels.merge} merge labels and ${covered.supersede} of ${labels.supersede} supersede labels (the most any decision over these pairs can find)${WITHOUT_RULES ? "; the rules' verdicts left out" : ""}`,
);
console.log("\nNested leave-one-set-out (held-out sets pooled; recall over every label):");
console.log("kind       predicted  TP   truth  precision  recall   | rules alone on the same sets: precision  recall");
for (const k of ["merge", "supersede"] as const)
  console.log(
    `${k.padEnd(10)} ${String(cv[k].predicted).padStart(9)}  ${String(cv[k].truePositives).padStart(3)}  ${String(cv[k].truth).padStart(5)}  ${cv[k].precision.toFixed(3).padStart(9)}  ${cv[k].recall.toFixed(3).padStart(6)}   | ${rulesOnRows[k].precision.toFixed(3).padStart(9)}  ${rulesOnRows[k].recall.toFixed(3).padStart(6)}`,
  );
console.log("\nPer held-out set:");
for (const [s, v] of Object.entries(perSet)) console.log(`  ${s.padEnd(10)} ${JSON.stringify(v)}`);
console.log(`\nCommitted thresholds: supersede ${round(all.supersede)}, merge ${round(all.merge)}`);
console.log("Weights (standardised):");
for (let i = 0; i < FEATURE_NAMES.length; i++)
  console.log(
    `  ${FEATURE_NAMES[i]!.padEnd(18)} supersede ${decision.supersede.weights[i]!.toFixed(3).padStart(8)}  merge ${decision.merge.weights[i]!.toFixed(3).padStart(8)}`,
  );

const out = path.join(ROOT, "bench/results/consolidation-fit.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  JSON.stringify(
    {
      sets: SETS,
      withoutRules: WITHOUT_RULES,
      pairs: rows.length,
      covered,
      crossValidated: cv,
      rulesAlone: rulesOnRows,
      perSet,
      decision,
      at: new Date().toISOString(),
    },
    null,
    2,
  ),
);
console.log(`\nJSON: ${path.relative(ROOT, out)}`);
if (process.argv.includes("--write")) {
  const file = path.join(ROOT, "lib/consolidation/learned-coefficients.ts");
  fs.writeFileSync(
    file,
    `// Written by bench/consolidation/fit-decision.ts --write (tuning halves only, leave-one-set-out thresholds); not edited by hand.\n// (No type import: learned.ts imports this file and checks its shape.)\nexport const LEARNED_DECISION = ${JSON.stringify(decision, null, 2)};\n`,
  );
  console.log(`Wrote ${path.relative(ROOT, file)}`);
}
