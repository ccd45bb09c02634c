/**
 * The merge confidence (issue #38): how sure a proposed merge pair is, read as the cosine of its
 * two memories under the default model, and the floor under which a merge is not proposed, chosen
 * by leave-one-set-out over every tuning store (all-sets-list.ts; r15's frozen half is never one).
 *
 * Each store is run once with no floor (`mergeLimits.minCosine: -1`); each proposed merge pair gets
 * its cosine and whether it is labelled. For each held-out store the floor is the one of the grid
 * that, on the other stores, keeps a band only when it is at least 0.9 right (maximises
 * right − 9 × wrong: a wrong pair costs what nine right ones bring, which is precision 0.9 at the
 * margin); the held-out store is then scored at that floor. Also printed: the pooled curve
 * (precision / recall at each floor), so a reviewer sees the trade-off.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/fit-merge-floor.ts [--from rows.json]`
 * Writes bench/results/consolidation-merge-floor.json (its rows can be re-scored with `--from`).
 */
import fs from "node:fs";
import path from "node:path";
import { proposedMerges } from "./proposed-merges";

const ROOT = path.resolve(import.meta.dirname, "../..");
const out = path.join(ROOT, "bench/results/consolidation-merge-floor.json");
const GRID = [-1, 0.6, 0.62, 0.64, 0.66, 0.68, 0.7, 0.72, 0.74, 0.76, 0.78, 0.8, 0.82, 0.85, 0.9];
const COST = 9;

interface Row {
  set: string;
  texts: [string, string];
  correct: boolean;
  cosine: number;
}

async function collect(): Promise<{ rows: Row[]; truth: Record<string, number> }> {
  const { pairs, truth } = await proposedMerges({ mergeLimits: { minCosine: -1 } });
  return { rows: pairs.map(({ set, p, cosine }) => ({ set, texts: p.texts, correct: p.correct, cosine })), truth };
}

const i = process.argv.indexOf("--from");
const data: { rows: Row[]; truth: Record<string, number> } = i > -1 ? JSON.parse(fs.readFileSync(process.argv[i + 1]!, "utf8")) : await collect();
const { rows, truth } = data;
const kept = (list: Row[], floor: number) => {
  const k = list.filter((r) => r.cosine >= floor);
  const right = k.filter((r) => r.correct).length;
  return { right, wrong: k.length - right };
};
const totalTruth = Object.values(truth).reduce((a, b) => a + b, 0);
console.log("Pooled curve over the tuning stores (merge pairs; cosine of the default model):");
console.log("floor   right  wrong  precision  recall");
for (const f of GRID) {
  const { right, wrong } = kept(rows, f);
  console.log(
    `${f.toFixed(2).padStart(5)}  ${String(right).padStart(5)}  ${String(wrong).padStart(5)}  ${(right / (right + wrong || 1)).toFixed(3).padStart(9)}  ${(right / totalTruth).toFixed(3)}`,
  );
}
const best = (list: Row[]) => {
  let choice = GRID[0]!;
  let score = -Infinity;
  for (const f of GRID) {
    const { right, wrong } = kept(list, f);
    if (right - COST * wrong > score) [choice, score] = [f, right - COST * wrong];
  }
  return choice;
};
const folds = [];
let [heldRight, heldWrong, noneRight, noneWrong] = [0, 0, 0, 0];
for (const set of Object.keys(truth)) {
  const floor = best(rows.filter((r) => r.set !== set));
  const held = rows.filter((r) => r.set === set);
  const at = kept(held, floor);
  const none = kept(held, -1);
  [heldRight, heldWrong, noneRight, noneWrong] = [heldRight + at.right, heldWrong + at.wrong, noneRight + none.right, noneWrong + none.wrong];
  folds.push({ set, floor, ...at, without: none });
}
const all = best(rows);
console.log(`\nLeave-one-set-out: floors chosen ${[...new Set(folds.map((f) => f.floor))].join(", ")}; every store's held-out merges at its fold's floor`);
console.log(
  `  ${heldRight} right, ${heldWrong} wrong (precision ${(heldRight / (heldRight + heldWrong || 1)).toFixed(3)}, recall ${(heldRight / totalTruth).toFixed(3)}); with no floor ${noneRight} right, ${noneWrong} wrong (${(noneRight / (noneRight + noneWrong || 1)).toFixed(3)}, ${(noneRight / totalTruth).toFixed(3)})`,
);
console.log(`Floor on all ${Object.keys(truth).length} stores: ${all}`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ rows, truth, folds, floor: all, at: new Date().toISOString() }, null, 2));
console.log(`JSON: ${path.relative(ROOT, out)}`);
