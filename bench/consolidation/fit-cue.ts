/**
 * Leave-one-set-out choice of the cue rule's limit (lib/consolidation/supersede.ts,
 * `CUE_MAX_HOLDERS`, issue #38): how many other memories of the placement may name the thing a
 * cue says was replaced ("使用", "the latest" are in many; "Prettier" in few). Every set that is
 * tuning data now (all-sets-list.ts; never r12's frozen half) is run once without a limit; each cue
 * proposal keeps its count. A limit only drops cue proposals, so each limit's result is read off
 * that one run (a dropped pair is not offered to the changed-setting rule here; it may be in a
 * real run).
 *
 * For each set held out, the limit is chosen on the other sets: the most right cue proposals less
 * three times the wrong ones (a band of proposals is kept when at least three in four are right),
 * ties to the looser limit; the held-out set is then scored with it. Pooled over the held-out sets:
 * the rule's precision and every supersession's precision and recall. The limit chosen on every
 * set is the one shipped.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/fit-cue.ts`
 * Writes bench/results/consolidation-cue.json.
 */
import fs from "node:fs";
import path from "node:path";
import { runHalf, type Set_ } from "./blind";
import { TUNING_SETS } from "./all-sets-list";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GRID = [Number.POSITIVE_INFINITY, 12, 10, 8, 6, 5, 4, 3, 2, 1];
const WRONG_COST = 3;
const round = (x: number) => Math.round(x * 1000) / 1000;

interface SetRun {
  set: Set_;
  /** Supersessions of the other rules: proposed, right, labelled. */
  base: { predicted: number; tp: number; truth: number };
  rows: { holders: number; correct: boolean }[];
}

const runs: SetRun[] = [];
for (const set of TUNING_SETS) {
  const h = await runHalf(set, !!process.env.RECOLLECT_BENCH_MODEL_DIR, undefined, undefined, { cueMaxHolders: Number.POSITIVE_INFINITY });
  const rule = h.supersedeRules.filter((r) => r.rule === "cue");
  const others = h.supersedeRules.filter((r) => r.rule !== "cue");
  runs.push({
    set,
    base: { predicted: others.length, tp: others.filter((r) => r.correct).length, truth: h.byKind.supersede.truth },
    rows: rule.map((r) => ({ holders: r.holders ?? 0, correct: r.correct })),
  });
  console.log(`${set.padEnd(11)} cue proposals without a limit: ${rule.length} (${rule.filter((r) => r.correct).length} right)`);
}

function ruleCounts(sets: readonly SetRun[], limit: number) {
  let predicted = 0;
  let tp = 0;
  for (const s of sets) for (const r of s.rows) if (r.holders <= limit) predicted++, r.correct && tp++;
  return { predicted, tp };
}
function choose(sets: readonly SetRun[]): number {
  let best = { limit: Number.POSITIVE_INFINITY, net: Number.NEGATIVE_INFINITY };
  for (const limit of GRID) {
    const c = ruleCounts(sets, limit);
    const net = c.tp - WRONG_COST * (c.predicted - c.tp);
    if (net > best.net) best = { limit, net };
  }
  return best.limit;
}

const held = { rule: { predicted: 0, tp: 0 }, all: { predicted: 0, tp: 0, truth: 0 }, before: { predicted: 0, tp: 0, truth: 0 } };
const perSet = [];
for (const s of runs) {
  const limit = choose(runs.filter((x) => x !== s));
  const c = ruleCounts([s], limit);
  const c0 = ruleCounts([s], Number.POSITIVE_INFINITY);
  held.rule.predicted += c.predicted;
  held.rule.tp += c.tp;
  held.all.predicted += s.base.predicted + c.predicted;
  held.all.tp += s.base.tp + c.tp;
  held.all.truth += s.base.truth;
  held.before.predicted += s.base.predicted + c0.predicted;
  held.before.tp += s.base.tp + c0.tp;
  held.before.truth += s.base.truth;
  perSet.push({ set: s.set, limit, rule: c, ruleUnlimited: c0 });
  console.log(`held out ${s.set.padEnd(11)} limit ${limit}: cue ${c.tp} of ${c.predicted} right (no limit: ${c0.tp} of ${c0.predicted})`);
}
const shipped = choose(runs);
const pr = (x: { predicted: number; tp: number; truth?: number }) =>
  `${round(x.tp / (x.predicted || 1)).toFixed(3)}${x.truth !== undefined ? ` / ${round(x.tp / (x.truth || 1)).toFixed(3)}` : ""}`;
console.log(`\nLeave-one-set-out, pooled over ${runs.length} held-out sets:`);
console.log(
  `  the cue rule: ${held.rule.tp} of ${held.rule.predicted} right (precision ${pr(held.rule)}); without a limit: ${JSON.stringify(ruleCounts(runs, Number.POSITIVE_INFINITY))}`,
);
console.log(`  supersede precision / recall with no limit ${pr(held.before)}, with the held-out limits ${pr(held.all)}`);
console.log(`Chosen on every set (shipped): ${shipped}; in-sample ${JSON.stringify(ruleCounts(runs, shipped))}`);
for (const limit of GRID) console.log(`  limit ${limit}: ${JSON.stringify(ruleCounts(runs, limit))}`);
const out = path.join(ROOT, "bench/results/consolidation-cue.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ grid: GRID, wrongCost: WRONG_COST, perSet, held, shipped, at: new Date().toISOString() }, null, 2));
console.log(`JSON: ${path.relative(ROOT, out)}`);
