/**
 * Trains the extraction classifier (lib/extraction/classifier.ts) and writes its weights to
 * lib/extraction/classifier-weights.json. Deterministic: the same sets give the same file.
 *
 * Training data: tests/fixtures/extraction/{train,labeled,holdout,blind}.jsonl. Never
 * unseen.jsonl: that set measures the result.
 *
 * The threshold per language is picked by 5-fold cross-validation of the whole detector (rules,
 * then the classifier on what no rule matched): the lowest threshold whose cross-validated
 * precision stays at or above PRECISION_FLOOR.
 *
 * Run: npx tsx bench/extraction/train.ts
 */
import fs from "node:fs";
import path from "node:path";
import { CLASSES, type ClassifierWeights, features } from "../../lib/extraction/classifier";
import { detectSentence } from "../../lib/extraction/rules";
import { toSentences } from "../../lib/extraction/sentences";
import { type Labeled, loadLabeled } from "./evaluate";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const FIX = path.join(ROOT, "tests", "fixtures", "extraction");
const OUT = path.join(ROOT, "lib", "extraction", "classifier-weights.json");
export const TRAINING_SETS = ["train.jsonl", "labeled.jsonl", "holdout.jsonl", "blind.jsonl"];
const PRECISION_FLOOR = 0.95;
const EPOCHS = 400;
const L2 = 2e-3;
const LR = 0.05;
const MIN_COUNT = 2;

interface Example {
  x: number[];
  s: number;
  y: number;
}

function train(rows: Labeled[]): ClassifierWeights {
  const counts = new Map<string, number>();
  const feats = rows.map((r) => features(r.text, r.lang));
  for (const fs of feats) for (const f of fs) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocab = [...counts]
    .filter(([, n]) => n >= MIN_COUNT)
    .map(([f]) => f)
    .sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const K = CLASSES.length;
  const data: Example[] = rows.map((r, i) => ({
    x: feats[i].map((f) => index.get(f)).filter((v): v is number => v !== undefined),
    s: 1,
    y: CLASSES.indexOf((r.label ?? "none") as (typeof CLASSES)[number]),
  }));
  const W = vocab.map(() => new Float64Array(K));
  const b = new Float64Array(K);
  // Adam, full batch: no sampling, so no randomness.
  const mW = vocab.map(() => new Float64Array(K));
  const vW = vocab.map(() => new Float64Array(K));
  const mb = new Float64Array(K);
  const vb = new Float64Array(K);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    const gW = vocab.map(() => new Float64Array(K));
    const gb = new Float64Array(K);
    for (const ex of data) {
      const z = Array.from(b);
      for (const j of ex.x) for (let k = 0; k < K; k++) z[k] += W[j][k] * ex.s;
      const m = Math.max(...z);
      const e = z.map((v) => Math.exp(v - m));
      const s = e.reduce((a, c) => a + c, 0);
      for (let k = 0; k < K; k++) {
        const g = e[k] / s - (k === ex.y ? 1 : 0);
        gb[k] += g / data.length;
        for (const j of ex.x) gW[j][k] += (g * ex.s) / data.length;
      }
    }
    const c1 = 1 - b1 ** epoch;
    const c2 = 1 - b2 ** epoch;
    for (let j = 0; j < vocab.length; j++)
      for (let k = 0; k < K; k++) {
        const g = gW[j][k] + L2 * W[j][k];
        mW[j][k] = b1 * mW[j][k] + (1 - b1) * g;
        vW[j][k] = b2 * vW[j][k] + (1 - b2) * g * g;
        W[j][k] -= (LR * (mW[j][k] / c1)) / (Math.sqrt(vW[j][k] / c2) + eps);
      }
    for (let k = 0; k < K; k++) {
      mb[k] = b1 * mb[k] + (1 - b1) * gb[k];
      vb[k] = b2 * vb[k] + (1 - b2) * gb[k] * gb[k];
      b[k] -= (LR * (mb[k] / c1)) / (Math.sqrt(vb[k] / c2) + eps);
    }
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  const out: Record<string, number[]> = {};
  vocab.forEach((f, j) => {
    if (Math.max(...Array.from(W[j]).map(Math.abs)) >= 0.03) out[f] = Array.from(W[j]).map(round);
  });
  return { version: 1, classes: [...CLASSES], bias: Array.from(b).map(round), features: out, threshold: { en: 0.5, zh: 0.5 } };
}

const detect = (r: Labeled, w: ClassifierWeights) => {
  for (const s of toSentences(r.text)) {
    const d = detectSentence(s, w);
    if (d) return d.category;
  }
  return null;
};

function prf(pairs: { label: string | null; got: string | null }[]) {
  const tp = pairs.filter((p) => p.label && p.got).length;
  const fp = pairs.filter((p) => !p.label && p.got).length;
  const pos = pairs.filter((p) => p.label).length;
  return { precision: tp + fp ? tp / (tp + fp) : 1, recall: pos ? tp / pos : 1 };
}

function main() {
  const rows = TRAINING_SETS.flatMap((f) => loadLabeled(path.join(FIX, f)));
  const folds = 5;
  const thresholds = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];
  const cv = new Map<number, { label: string | null; got: string | null; lang: string }[]>(thresholds.map((t) => [t, []]));
  for (let f = 0; f < folds; f++) {
    const w = train(rows.filter((_, i) => i % folds !== f));
    for (const r of rows.filter((_, i) => i % folds === f))
      for (const t of thresholds) cv.get(t)?.push({ label: r.label, got: detect(r, { ...w, threshold: { en: t, zh: t } }), lang: r.lang });
  }
  console.log(`\nClassifier: ${rows.length} training sentences; 5-fold cross-validation of rules + classifier\n`);
  console.log("| threshold | en precision | en recall | zh precision | zh recall |\n|---|---|---|---|---|");
  const chosen = { en: 0.9, zh: 0.9 };
  for (const t of thresholds) {
    const pairs = cv.get(t) ?? [];
    const en = prf(pairs.filter((p) => p.lang === "en"));
    const zh = prf(pairs.filter((p) => p.lang === "zh"));
    console.log(`| ${t} | ${en.precision.toFixed(3)} | ${en.recall.toFixed(3)} | ${zh.precision.toFixed(3)} | ${zh.recall.toFixed(3)} |`);
  }
  for (const lang of ["en", "zh"] as const) {
    for (const t of thresholds) {
      if (prf((cv.get(t) ?? []).filter((p) => p.lang === lang)).precision >= PRECISION_FLOOR) {
        chosen[lang] = t;
        break;
      }
    }
  }
  const final = { ...train(rows), threshold: chosen };
  fs.writeFileSync(OUT, `${JSON.stringify(final)}\n`);
  console.log(
    `\nthresholds ${JSON.stringify(chosen)}; ${Object.keys(final.features).length} features; wrote ${path.relative(ROOT, OUT)} (${(fs.statSync(OUT).size / 1024).toFixed(0)} KB)`,
  );
}

main();
