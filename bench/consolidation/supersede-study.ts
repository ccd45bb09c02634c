/**
 * Supersede precision by rule (issue #38): every tuning store (all-sets-list.ts) is run once
 * (with vectors when RECOLLECT_BENCH_MODEL_DIR names a prepared model); each proposed
 * supersession is kept with its rule, its two texts (newer, older) and whether it is labelled, and
 * each proposed merge pair (rule "merge"; texts in id order). The rows let a guard be checked pair by pair (right removed,
 * wrong removed, per set) before a full errors.ts run.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/supersede-study.ts [--out file]`
 * Writes bench/results/consolidation-supersede-study.json (or `--out`).
 */
import fs from "node:fs";
import path from "node:path";
import { TUNING_SETS } from "./all-sets-list";
import { type ProposedPair, runHalf } from "./blind";

const ROOT = path.resolve(import.meta.dirname, "../..");
const i = process.argv.indexOf("--out");
const out = i > -1 ? path.resolve(process.argv[i + 1]!) : path.join(ROOT, "bench/results/consolidation-supersede-study.json");
const vectors = !!process.env.RECOLLECT_BENCH_MODEL_DIR;
const rows: { set: string; rule: string; correct: boolean; newer: string; older: string }[] = [];
const byRule = new Map<string, { right: number; wrong: number }>();
for (const set of TUNING_SETS) {
  let got: ProposedPair[] = [];
  const h = await runHalf(set, vectors, undefined, (p) => (got = p));
  const rules = new Map(h.supersedeRules.map((r) => [r.key, r.rule] as const));
  for (const p of got) {
    // Merges too (rule "merge"): a guard may turn a false supersession into a false merge.
    if (p.kind === "merge") {
      rows.push({ set, rule: "merge", correct: p.correct, newer: p.texts[0], older: p.texts[1] });
      continue;
    }
    if (p.kind !== "supersede") continue;
    const rule = rules.get(`${p.ids[0]}>${p.ids[1]}`) ?? "";
    rows.push({ set, rule, correct: p.correct, newer: p.texts[0], older: p.texts[1] });
    const r = byRule.get(rule) ?? { right: 0, wrong: 0 };
    r[p.correct ? "right" : "wrong"]++;
    byRule.set(rule, r);
  }
  const [m, s] = [h.byKind.merge, h.byKind.supersede];
  console.log(`${set.padEnd(11)} merge ${m.truePositives}/${m.predicted}/${m.truth}  supersede ${s.truePositives}/${s.predicted}/${s.truth}`);
}
console.log("rule: right / wrong");
for (const [rule, r] of [...byRule].sort((x, y) => y[1].wrong - x[1].wrong)) console.log(`  ${rule.padEnd(16)} ${r.right} / ${r.wrong}`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ vectors, rows, at: new Date().toISOString() }, null, 2));
console.log(`JSON: ${path.relative(ROOT, out)}`);
