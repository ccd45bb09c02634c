/**
 * Leave-one-set-out choice of the changed-setting rule's overlap thresholds
 * (lib/consolidation/changed-setting.ts, issue #38). Every set that is tuning data now
 * (all-sets-list.ts; never r12's frozen half) is run once with the thresholds at 0, so the rule
 * proposes for every memory that says it changed the older of its category with the most shared
 * subject words and another value; each proposal keeps its overlap. A threshold only drops
 * proposals (the best older is the same at any threshold; the rule runs after the others, on pairs
 * they left), so each threshold's result is read off that one run.
 *
 * For each set held out, the English and Chinese thresholds (a grid) are chosen on the other sets:
 * the most right proposals of the rule with its own precision >= 0.9, ties to the higher
 * thresholds; the held-out set is then scored with them. Pooled over the held-out sets: the rule's
 * precision and its supersessions, and every supersession's precision and recall with it. The
 * thresholds chosen on all the sets are the ones shipped.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/fit-changed-setting.ts`
 * Writes bench/results/consolidation-changed-setting.json.
 */
import fs from "node:fs";
import path from "node:path";
import { runHalf, type Set_ } from "./blind";
import { TUNING_SETS } from "./all-sets-list";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GRID = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, Number.POSITIVE_INFINITY];
const PRECISION = 0.9;
const round = (x: number) => Math.round(x * 1000) / 1000;

interface SetRun {
  set: Set_;
  /** Supersessions of the other rules: proposed, right, labelled. */
  base: { predicted: number; tp: number; truth: number };
  rows: { overlap: number; chinese: boolean; correct: boolean }[];
}

const runs: SetRun[] = [];
for (const set of TUNING_SETS) {
  const h = await runHalf(set, !!process.env.RECOLLECT_BENCH_MODEL_DIR, undefined, undefined, { changedSettingOverlap: { en: 0, zh: 0 } });
  const rule = h.supersedeRules.filter((r) => r.rule === "changed-setting");
  const others = h.supersedeRules.filter((r) => r.rule !== "changed-setting");
  runs.push({
    set,
    base: { predicted: others.length, tp: others.filter((r) => r.correct).length, truth: h.byKind.supersede.truth },
    rows: rule.map((r) => ({ overlap: r.overlap ?? 0, chinese: r.chinese, correct: r.correct })),
  });
  console.log(`${set.padEnd(11)} rule proposals at 0: ${rule.length} (${rule.filter((r) => r.correct).length} right)`);
}

type T = { en: number; zh: number };
const kept = (r: SetRun["rows"][number], t: T) => r.overlap >= (r.chinese ? t.zh : t.en);
function ruleCounts(sets: readonly SetRun[], t: T) {
  let predicted = 0;
  let tp = 0;
  for (const s of sets) for (const r of s.rows) if (kept(r, t)) predicted++, r.correct && tp++;
  return { predicted, tp };
}
function choose(sets: readonly SetRun[]): T {
  let best: { t: T; tp: number } = { t: { en: Infinity, zh: Infinity }, tp: 0 };
  // Higher thresholds first, so a tie keeps the stricter rule.
  for (const en of [...GRID].reverse())
    for (const zh of [...GRID].reverse()) {
      const c = ruleCounts(sets, { en, zh });
      if (c.predicted && c.tp / c.predicted >= PRECISION && c.tp > best.tp) best = { t: { en, zh }, tp: c.tp };
    }
  return best.t;
}

const held = { rule: { predicted: 0, tp: 0 }, all: { predicted: 0, tp: 0, truth: 0 }, before: { predicted: 0, tp: 0, truth: 0 } };
const perSet = [];
for (const s of runs) {
  const t = choose(runs.filter((x) => x !== s));
  const c = ruleCounts([s], t);
  held.rule.predicted += c.predicted;
  held.rule.tp += c.tp;
  held.all.predicted += s.base.predicted + c.predicted;
  held.all.tp += s.base.tp + c.tp;
  held.all.truth += s.base.truth;
  held.before.predicted += s.base.predicted;
  held.before.tp += s.base.tp;
  held.before.truth += s.base.truth;
  perSet.push({ set: s.set, thresholds: t, rule: c });
  console.log(`held out ${s.set.padEnd(11)} thresholds en ${t.en} zh ${t.zh}: rule ${c.tp} of ${c.predicted} right`);
}
const shipped = choose(runs);
const pr = (x: { predicted: number; tp: number; truth?: number }) =>
  `${round(x.tp / (x.predicted || 1)).toFixed(3)}${x.truth !== undefined ? ` / ${round(x.tp / (x.truth || 1)).toFixed(3)}` : ""}`;
console.log(`\nLeave-one-set-out, pooled over ${runs.length} held-out sets:`);
console.log(`  the rule: ${held.rule.tp} of ${held.rule.predicted} right (precision ${pr(held.rule)})`);
console.log(`  supersede precision / recall without the rule ${pr(held.before)}, with it ${pr(held.all)}`);
console.log(`Chosen on every set (shipped): en ${shipped.en}, zh ${shipped.zh}; in-sample rule ${JSON.stringify(ruleCounts(runs, shipped))}`);
const out = path.join(ROOT, "bench/results/consolidation-changed-setting.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ grid: GRID.map(String), perSet, held, shipped, at: new Date().toISOString() }, null, 2));
console.log(`JSON: ${path.relative(ROOT, out)}`);
