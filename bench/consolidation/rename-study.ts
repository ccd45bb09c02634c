/**
 * The rename and list rules' supersessions on every tuning set (issue #38, fourteenth pass):
 * each one with its texts and whether it is labelled, to count what a guard keeps and removes.
 * Every set of all-sets-list.ts (r14's frozen half too, spent since the thirteenth pass).
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/rename-study.ts [--out file]`
 */
import fs from "node:fs";
import path from "node:path";
import { TUNING_SETS } from "./all-sets-list";
import { type ProposedPair, runHalf } from "./blind";

const ROOT = path.resolve(import.meta.dirname, "../..");
const i = process.argv.indexOf("--out");
const out = i > -1 ? path.resolve(process.argv[i + 1]!) : path.join(ROOT, "bench/results/consolidation-renames.json");
const vectors = !!process.env.RECOLLECT_BENCH_MODEL_DIR;
const rows: { set: string; rule: string; correct: boolean; newer?: string; older?: string }[] = [];
const totals = { merge: [0, 0, 0], supersede: [0, 0, 0] };
for (const set of TUNING_SETS) {
  let pairs: ProposedPair[] = [];
  const h = await runHalf(set, vectors, undefined, (p) => {
    pairs = p;
  });
  for (const k of ["merge", "supersede"] as const) {
    totals[k][0]! += h.byKind[k].truePositives;
    totals[k][1]! += h.byKind[k].predicted;
    totals[k][2]! += h.byKind[k].truth;
  }
  console.log(
    `${set.padEnd(11)} merge ${h.byKind.merge.truePositives}/${h.byKind.merge.predicted}/${h.byKind.merge.truth}  supersede ${h.byKind.supersede.truePositives}/${h.byKind.supersede.predicted}/${h.byKind.supersede.truth}`,
  );
  for (const r of h.supersedeRules.filter((x) => x.rule === "rename" || x.rule === "list")) {
    const p = pairs.find((x) => x.kind === "supersede" && `${x.ids[0]}>${x.ids[1]}` === r.key);
    rows.push({ set, rule: r.rule, correct: r.correct, newer: p?.texts[0], older: p?.texts[1] });
    console.log(`${set.padEnd(11)} ${r.rule.padEnd(6)} ${r.correct ? "right" : "FALSE"}  ${p?.texts[1]}  =>  ${p?.texts[0]}`);
  }
}
const count = (rule: string, correct: boolean) => rows.filter((r) => r.rule === rule && r.correct === correct).length;
console.log(`rename: ${count("rename", true)} right, ${count("rename", false)} false; list: ${count("list", true)} right, ${count("list", false)} false`);
console.log(`pooled (right/predicted/truth): merge ${totals.merge.join("/")}  supersede ${totals.supersede.join("/")}`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ vectors, rows, totals, at: new Date().toISOString() }, null, 2));
