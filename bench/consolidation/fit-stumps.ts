/**
 * An experiment for issue #38 (nothing in lib/ uses it): a non-linear decision, gradient-boosted
 * stumps (logistic loss, Newton leaf values), over features NOT taken from the tuned rules: the
 * rules' verdicts and the tuned value / polarity detectors of pair-features.ts are left out, and
 * word-level claim counts (values and content words only one side states, shared words, clause /
 * item counts) are added. Fitted on every set that is tuning data now (all-sets-list.ts: r3–r7
 * both halves, the first set, extra, r8, r9, r10, r11, r12 tuning; never r12's frozen half), on the pairs the rules
 * and the vector neighbours bring up.
 *
 * The figures are nested leave-one-set-out: for each set held out, an inner leave-one-set-out over
 * the others chooses the thresholds (the lowest score whose pooled held-out precision is >= 0.9),
 * and a model fitted on the others decides the held-out set; pooled over the held-out sets, recall
 * over every label (also those no candidate brought up).
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/fit-stumps.ts [--rounds 60]`
 * Writes bench/results/consolidation-stumps.json.
 */
import fs from "node:fs";
import path from "node:path";
import { claimOf } from "../../lib/consolidation/claim-check";
import { FEATURE_NAMES } from "../../lib/consolidation/pair-features";
import { familiesOf, runHalf, type Set_ } from "./blind";
import { leaveOneSetOutThresholds, pairKey, type Row, round } from "./fit-rows";
import { TUNING_SETS } from "./all-sets-list";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MODEL_DIR = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
const PRECISION = 0.9;
/** No threshold reaches PRECISION: nothing is proposed. */
const NONE = Number.POSITIVE_INFINITY;
const argNum = (name: string, d: number) => {
  const i = process.argv.indexOf(name);
  return i > -1 ? Number(process.argv[i + 1]) : d;
};
const ROUNDS = argNum("--rounds", 60);
const RATE = 0.2;
const KEPT = [
  "cosine",
  "jaccard",
  "charJaccard",
  "namesJaccard",
  "valuesDiffer",
  "sharedValues",
  "lengthRatio",
  "polarityDiffers",
  "replacementCue",
  "clauseDifference",
  "sameCategory",
  "chinese",
];
const NAMES = [...KEPT, "valuesOnlyOlder", "valuesOnlyNewer", "wordsOnlyOlder", "wordsOnlyNewer", "sharedWords", "claimsOlder", "claimsNewer"];

function claimFeatures(older: string, newer: string): number[] {
  const o = claimOf(older);
  const n = claimOf(newer);
  const only = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((x) => !b.has(x)).length;
  const shared = [...o.words].filter((w) => n.words.has(w)).length;
  return [only(o.values, n.values), only(n.values, o.values), only(o.words, n.words), only(n.words, o.words), shared, o.claims, n.claims];
}

async function rowsOf(set: Set_) {
  const fams = familiesOf(set);
  const text = new Map(fams.flatMap((f) => f.memories.map((m) => [m.key, m.content] as const)));
  const merge = new Set(fams.flatMap((f) => f.merge.map(([a, b]) => pairKey(a, b))));
  const supersede = new Set(fams.flatMap((f) => f.supersede.map(([n, o]) => `${n}>${o}`)));
  const rows: Row[] = [];
  await runHalf(set, true, ({ older, newer, features }) =>
    rows.push({
      set,
      x: [...KEPT.map((k) => features[FEATURE_NAMES.indexOf(k as (typeof FEATURE_NAMES)[number])]!), ...claimFeatures(text.get(older)!, text.get(newer)!)],
      merge: merge.has(pairKey(older, newer)),
      supersede: supersede.has(`${newer}>${older}`),
    }),
  );
  return { rows, truth: { merge: merge.size, supersede: supersede.size } };
}

interface Stump {
  f: number;
  t: number;
  left: number;
  right: number;
}
type Model = { base: number; stumps: Stump[] };
const score = (m: Model, x: readonly number[]) => m.stumps.reduce((s, st) => s + (x[st.f]! <= st.t ? st.left : st.right), m.base);

/** Boosted stumps on the logistic loss; candidate cuts are each feature's distinct values (at most 24, by quantile). */
function fitStumps(rows: readonly Row[], label: (r: Row) => boolean): Model {
  const y: number[] = rows.map((r) => (label(r) ? 1 : 0));
  const p0 = Math.min(0.99, Math.max(0.01, y.reduce((a, b) => a + b, 0) / (y.length || 1)));
  const model: Model = { base: Math.log(p0 / (1 - p0)), stumps: [] };
  const f = rows.map(() => model.base);
  const cuts = NAMES.map((_, i) => {
    const vs = [...new Set(rows.map((r) => r.x[i]!))].sort((a, b) => a - b);
    if (vs.length <= 24) return vs.slice(0, -1);
    return Array.from({ length: 23 }, (_, k) => vs[Math.floor(((k + 1) * vs.length) / 24)]!);
  });
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    const p = f.map((z) => 1 / (1 + Math.exp(-z)));
    const g = p.map((pi, k) => y[k]! - pi);
    const h = p.map((pi) => Math.max(pi * (1 - pi), 1e-6));
    let best: (Stump & { gain: number }) | undefined;
    for (let i = 0; i < NAMES.length; i++)
      for (const t of cuts[i]!) {
        let gl = 0,
          hl = 0,
          gr = 0,
          hr = 0;
        for (let k = 0; k < rows.length; k++)
          if (rows[k]!.x[i]! <= t) {
            gl += g[k]!;
            hl += h[k]!;
          } else {
            gr += g[k]!;
            hr += h[k]!;
          }
        const gain = (gl * gl) / (hl + 1) + (gr * gr) / (hr + 1);
        if (!best || gain > best.gain) best = { f: i, t, left: gl / (hl + 1), right: gr / (hr + 1), gain };
      }
    if (!best) break;
    const st = { f: best.f, t: best.t, left: best.left * RATE, right: best.right * RATE };
    model.stumps.push(st);
    for (let k = 0; k < rows.length; k++) f[k]! += rows[k]!.x[st.f]! <= st.t ? st.left : st.right;
  }
  return model;
}

const fitBoth = (rows: readonly Row[]) => ({ supersede: fitStumps(rows, (r) => r.supersede), merge: fitStumps(rows, (r) => r.merge) });

function thresholdsBy(rows: readonly Row[], sets: readonly Set_[]) {
  return leaveOneSetOutThresholds(
    rows,
    sets,
    (train) => {
      const d = fitBoth(train);
      return (x) => ({ ps: score(d.supersede, x), pm: score(d.merge, x) });
    },
    PRECISION,
    NONE,
  );
}

if (!MODEL_DIR || !fs.existsSync(path.join(MODEL_DIR, "config.json"))) {
  console.log("skipped: set RECOLLECT_BENCH_MODEL_DIR to a prepared model (bench/models/prepare)");
  process.exit(0);
}
const rows: Row[] = [];
const truth = { merge: 0, supersede: 0 };
for (const s of TUNING_SETS) {
  const got = await rowsOf(s);
  rows.push(...got.rows);
  truth.merge += got.truth.merge;
  truth.supersede += got.truth.supersede;
  console.log(`${s}: ${got.rows.length} pairs`);
}
const counts = { merge: { predicted: 0, tp: 0 }, supersede: { predicted: 0, tp: 0 } };
const perSet: Record<string, unknown> = {};
for (const s of TUNING_SETS) {
  const train = rows.filter((r) => r.set !== s);
  const t = thresholdsBy(
    train,
    TUNING_SETS.filter((x) => x !== s),
  );
  const d = fitBoth(train);
  const mine = { merge: { predicted: 0, tp: 0 }, supersede: { predicted: 0, tp: 0 } };
  for (const r of rows.filter((x) => x.set === s)) {
    const kind = score(d.supersede, r.x) >= t.supersede ? "supersede" : score(d.merge, r.x) >= t.merge ? "merge" : null;
    if (!kind) continue;
    for (const c of [mine, counts]) {
      c[kind].predicted++;
      if (r[kind]) c[kind].tp++;
    }
  }
  perSet[s] = mine;
  console.log(`held out ${s}: ${JSON.stringify(mine)}`);
}
const figures = Object.fromEntries(
  (["merge", "supersede"] as const).map((k) => [
    k,
    { ...counts[k], truth: truth[k], precision: round(counts[k].predicted ? counts[k].tp / counts[k].predicted : 1), recall: round(counts[k].tp / truth[k]) },
  ]),
);
console.log(`\nNested leave-one-set-out over ${TUNING_SETS.length} sets, ${rows.length} pairs, ${ROUNDS} rounds:`, JSON.stringify(figures));
const out = path.join(ROOT, "bench/results/consolidation-stumps.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  JSON.stringify(
    { sets: TUNING_SETS, features: NAMES, rounds: ROUNDS, pairs: rows.length, crossValidated: figures, perSet, at: new Date().toISOString() },
    null,
    2,
  ),
);
