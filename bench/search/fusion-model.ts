import fs from "node:fs";
import { FUSION as SHIPPED, rankWithFeatures, type Candidate, type Fusion } from "../../lib/search/hybrid";
import { FEATURES, type QueryFeatures, type QueryModel } from "../../lib/search/query-features";
import { BEFORE, objective } from "./fusion-cv";
import type { PreparedQuery } from "./unseen";

/**
 * Issue 42, round 6: fits the fusion's two per-question logistic models (lib/search/query-features.ts)
 * on TUNING data only: the tuning halves of the unseen and fresh sets and LoCoMo conv-26, as dumped by
 *
 *   RECOLLECT_BENCH_MODEL_DIR=$(bench/models/prepare | tail -1) RECOLLECT_SHARED_DIR=../shared RECOLLECT_BENCH_TRANSLATE=dictionary \
 *     npx tsx bench/search/unseen.ts --tuning-only --dump=/tmp/tuning.json
 *   npx tsx bench/search/fusion-model.ts /tmp/tuning.json
 *
 * - lexical weight model: label 1 where the lexical list alone ranks the answer better than the
 *   vector list alone (recall@10 on LoCoMo, reciprocal rank elsewhere), ties left out;
 * - vector-first model: label 1 where the vector list's first hit is an answer and the fusion's first
 *   is not, 0 for the reverse, other questions left out.
 * Each is a logistic regression with L2 (gradient descent on standardized features, returned on the
 * raw features). The L2 strength, the base lexical weight and the vector-first threshold are chosen by
 * 5-fold cross-validation with fusion-cv.ts's objective (the models refitted on each fold's other
 * four); the fold scores and the coefficients fitted on all tuning data are printed for hybrid.ts.
 */
interface Dumped {
  queries: (Omit<PreparedQuery, "expected"> & { expected: number[] })[];
  candidates: Candidate[];
}
const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.log("usage: npx tsx bench/search/fusion-model.ts <dump from unseen.ts --tuning-only --dump=FILE>");
  process.exit(2);
}
const dump = JSON.parse(fs.readFileSync(file, "utf8")) as { set: Dumped; fresh: Dumped; locomo: Record<string, Dumped> };

interface Item {
  q: PreparedQuery;
  candidates: Map<number, Candidate>;
  locomo: boolean;
  fold: number;
}
const items: Item[] = [];
const add = (d: Dumped | undefined, locomo: boolean) => {
  if (!d) return;
  const candidates = new Map(d.candidates.map((c) => [c.seq, c]));
  d.queries
    .filter((q) => locomo || q.half === "tuning")
    .forEach((q, i) => items.push({ q: { ...q, expected: new Set(q.expected) }, candidates, locomo, fold: i % 5 }));
};
add(dump.set, false);
add(dump.fresh, false);
add(dump.locomo["conv-26"], true);
const now = Date.now();
/** The fusion before round 6 (the base the models are fitted over and compared with). */
const FUSION: Fusion = { ...SHIPPED, lexicalWeight: 4, lexicalWeightModel: undefined, vectorFirstModel: undefined };

const run = (it: Item, fusion: Fusion, mode: "hybrid" | "lexical" | "vector" = "hybrid") =>
  rankWithFeatures(mode === "vector" ? [] : it.q.lexical, mode === "lexical" ? null : it.q.vector, it.candidates, { projectId: null, now }, fusion);
const position = (it: Item, seqs: number[]) => seqs.findIndex((s) => it.q.expected.has(s));
const recall10 = (it: Item, seqs: number[]) => seqs.slice(0, 10).filter((s) => it.q.expected.has(s)).length / it.q.expected.size;
const quality = (it: Item, seqs: number[]) => (it.locomo ? recall10(it, seqs) : position(it, seqs) >= 0 ? 1 / (position(it, seqs) + 1) : 0);

// Per question, computed once: the features under the shipped fusion, the single lists' quality.
const base = items.map((it) => {
  const hybrid = run(it, FUSION);
  const lexical = run(it, FUSION, "lexical").ranked.map((r) => r.seq);
  const vector = run(it, FUSION, "vector").ranked.map((r) => r.seq);
  return { features: hybrid.features as QueryFeatures, hybridTop: hybrid.ranked[0]?.seq, lexical, vector };
});
const weightLabel = items.map((it, i) => {
  const l = quality(it, base[i].lexical);
  const v = quality(it, base[i].vector);
  return l > v ? 1 : l < v ? 0 : null;
});
const firstLabel = items.map((it, i) => {
  const v = base[i].vector[0];
  const h = base[i].hybridTop;
  if (v == null || v === h) return null;
  const vRight = it.q.expected.has(v);
  const hRight = h != null && it.q.expected.has(h);
  return vRight && !hRight ? 1 : hRight && !vRight ? 0 : null;
});

function fitLogistic(rows: number[], labels: (number | null)[], l2: number): QueryModel {
  const use = rows.filter((i) => labels[i] != null);
  const x = use.map((i) => FEATURES.map((f) => base[i].features[f]));
  const y = use.map((i) => labels[i] as number);
  const d = FEATURES.length;
  const mean = FEATURES.map((_, j) => x.reduce((s, r) => s + r[j], 0) / Math.max(1, x.length));
  const sd = FEATURES.map((_, j) => Math.sqrt(x.reduce((s, r) => s + (r[j] - mean[j]) ** 2, 0) / Math.max(1, x.length)) || 1);
  const z = x.map((r) => r.map((v, j) => (v - mean[j]) / sd[j]));
  const w = new Array<number>(d).fill(0);
  let b = 0;
  for (let step = 0; step < 2000; step++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    z.forEach((r, n) => {
      const p = 1 / (1 + Math.exp(-(b + r.reduce((s, v, j) => s + v * w[j], 0))));
      const e = p - y[n];
      gb += e;
      for (let j = 0; j < d; j++) gw[j] += e * r[j];
    });
    const n = Math.max(1, z.length);
    b -= 0.5 * (gb / n);
    for (let j = 0; j < d; j++) w[j] -= 0.5 * (gw[j] / n + (l2 * w[j]) / n);
  }
  // Back to the raw features: w_j (x_j - m_j) / s_j.
  const weights: Partial<Record<(typeof FEATURES)[number], number>> = {};
  let bias = b;
  FEATURES.forEach((f, j) => {
    weights[f] = round(w[j] / sd[j]);
    bias -= (w[j] * mean[j]) / sd[j];
  });
  return { bias: round(bias), weights };
}
const round = (v: number) => Math.round(v * 1000) / 1000;

interface Point {
  l2: number;
  lexicalWeight: number;
  weightModel: boolean;
  threshold: number | null;
}
const grid: Point[] = [];
for (const l2 of [1, 10, 100])
  for (const lexicalWeight of [2, 3, 4, 6])
    for (const weightModel of [false, true])
      for (const threshold of [null, 0.5, 0.6, 0.7, 0.8, 0.9]) {
        if (!weightModel && lexicalWeight !== FUSION.lexicalWeight) continue;
        if (!weightModel && threshold === null && l2 !== 1) continue;
        grid.push({ l2, lexicalWeight, weightModel, threshold });
      }

const fits = new Map<string, QueryModel>();
/** One fit per (rows, label, L2): the grid's other settings reuse it. */
function fitted(rows: number[], which: "weight" | "first", l2: number): QueryModel {
  const key = `${which} ${l2} ${rows.length} ${rows[0]} ${rows.at(-1)} ${rows.reduce((s, i) => s + i, 0)}`;
  let m = fits.get(key);
  if (!m) fits.set(key, (m = fitLogistic(rows, which === "weight" ? weightLabel : firstLabel, l2)));
  return m;
}

function fusionFor(p: Point, rows: number[]): Fusion {
  return {
    ...FUSION,
    lexicalWeight: p.lexicalWeight,
    ...(p.weightModel ? { lexicalWeightModel: fitted(rows, "weight", p.l2) } : {}),
    ...(p.threshold != null ? { vectorFirstModel: fitted(rows, "first", p.l2), vectorFirstThreshold: p.threshold } : {}),
  };
}

const lexicalAt = items.map((it, i) => position(it, base[i].lexical));
const vectorAt = items.map((it, i) => position(it, base[i].vector));
const beforeAt = items.map((it) =>
  position(
    it,
    run(it, BEFORE).ranked.map((r) => r.seq),
  ),
);
const lexicalRecall = items.map((it, i) => (it.locomo ? recall10(it, base[i].lexical) : 0));
function score(fusion: Fusion, keep: (i: number) => boolean): number {
  const lists = items.map((it) => run(it, fusion).ranked.map((r) => r.seq));
  const at = items.map((it, i) => position(it, lists[i]));
  const recall = items.map((it, i) => (it.locomo ? recall10(it, lists[i]) : 0));
  const hits = items.map((it) => !it.locomo);
  // objective(): the hit kinds over the non-LoCoMo questions, recall over conv-26's.
  return objective(
    items.map((it) => it.q.kind),
    lexicalAt,
    beforeAt,
    vectorAt,
    at,
    recall.filter((_, i) => items[i].locomo),
    (i) => hits[i] && keep(i),
    (j) => keep(locoIndex[j]),
    lexicalRecall.filter((_, i) => items[i].locomo),
  );
}
const locoIndex = items.map((it, i) => (it.locomo ? i : -1)).filter((i) => i >= 0);

const all = items.map((_, i) => i);
const folds: { fold: number; chosen: Point; heldOut: number; shippedHeldOut: number }[] = [];
for (let f = 0; f < (process.argv.includes("--out-of-fold") ? 0 : 5); f++) {
  const train = all.filter((i) => items[i].fold !== f);
  const trainSet = new Set(train);
  let best: [Point, number] = [grid[0], Number.NEGATIVE_INFINITY];
  for (const p of grid) {
    const s = score(fusionFor(p, train), (i) => trainSet.has(i));
    if (s > best[1]) best = [p, s];
  }
  const held = (i: number) => items[i].fold === f;
  folds.push({ fold: f, chosen: best[0], heldOut: round(score(fusionFor(best[0], train), held)), shippedHeldOut: round(score(FUSION, held)) });
  console.log(JSON.stringify(folds.at(-1)));
}
let best: [Point, number] = [grid[0], Number.NEGATIVE_INFINITY];
for (const p of grid) {
  const s = score(fusionFor(p, all), () => true);
  if (s > best[1]) best = [p, s];
}
const chosen = fusionFor(best[0], all);
console.log(
  JSON.stringify(
    {
      examples: { weight: weightLabel.filter((l) => l != null).length, first: firstLabel.filter((l) => l != null).length },
      chosenPoint: best[0],
      chosenScore: round(best[1]),
      shippedScore: round(score(FUSION, () => true)),
      fusion: {
        lexicalWeight: chosen.lexicalWeight,
        lexicalWeightModel: chosen.lexicalWeightModel,
        vectorFirstModel: chosen.vectorFirstModel,
        vectorFirstThreshold: chosen.vectorFirstThreshold,
      },
    },
    null,
    2,
  ),
);

/**
 * Out-of-fold figures per setting (every question ranked by models fitted on the other four folds):
 * hit@1 and hit@5 per kind, conv-26 recall@10, for the shipped fusion and a few fixed settings.
 */
function outOfFold(p: Point | null, fixed: Fusion = FUSION) {
  const lists = new Array<number[]>(items.length);
  for (let f = 0; f < 5; f++) {
    const train = all.filter((i) => items[i].fold !== f);
    const fusion = p ? fusionFor(p, train) : fixed;
    for (const i of all) if (items[i].fold === f) lists[i] = run(items[i], fusion).ranked.map((r) => r.seq);
  }
  const row: Record<string, string> = { setting: p ? JSON.stringify(p) : "round 5" };
  for (const kind of [...new Set(items.filter((it) => !it.locomo).map((it) => it.q.kind))]) {
    const idx = all.filter((i) => !items[i].locomo && items[i].q.kind === kind);
    const at = idx.map((i) => position(items[i], lists[i]));
    row[kind] = `${(at.filter((a) => a === 0).length / idx.length).toFixed(2)}/${(at.filter((a) => a >= 0 && a < 5).length / idx.length).toFixed(2)}`;
  }
  const loco = all.filter((i) => items[i].locomo);
  row.conv26R10 = (loco.reduce((s, i) => s + recall10(items[i], lists[i]), 0) / Math.max(1, loco.length)).toFixed(3);
  return row;
}
if (process.argv.includes("--out-of-fold")) {
  console.log("vector-first labels: 1 =", firstLabel.filter((l) => l === 1).length, "0 =", firstLabel.filter((l) => l === 0).length);
  const rows = [outOfFold(null), { ...outOfFold(null, SHIPPED), setting: "shipped (round 6, fitted on all tuning data)" }];
  for (const p of [
    { l2: 100, lexicalWeight: 6, weightModel: true, threshold: null },
    { l2: 100, lexicalWeight: 4, weightModel: true, threshold: null },
  ])
    rows.push(outOfFold(p));
  console.table(rows);
}
