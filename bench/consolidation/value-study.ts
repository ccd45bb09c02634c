/**
 * The reworded-value rule (lib/consolidation/reworded-value.ts) on every tuning set, with its
 * thresholds open: each pair it would propose, right or not, with its shared subject words and
 * cosine, so the thresholds are chosen on the tuning stores (issue #38, fifteenth pass). Also
 * prints the pooled counts for a few threshold rows.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/value-study.ts [--out file]`
 */
import fs from "node:fs";
import path from "node:path";
import { TUNING_SETS } from "./all-sets-list";
import { type ProposedPair, runHalf } from "./blind";

const ROOT = path.resolve(import.meta.dirname, "../..");
const i = process.argv.indexOf("--out");
const out = i > -1 ? path.resolve(process.argv[i + 1]!) : path.join(ROOT, "bench/results/consolidation-value-study.json");
const vectors = !!process.env.RECOLLECT_BENCH_MODEL_DIR;
// Open thresholds: every pair of one setting with another number, with its overlap and cosine.
const open = { minOverlap: 0, maxSharers: Number.POSITIVE_INFINITY, heads: false };
const rows: { set: string; overlap: number; sharers: number; heads: boolean; correct: boolean; newer: string; older: string }[] = [];
for (const set of TUNING_SETS) {
  let pairs: ProposedPair[] = [];
  const h = await runHalf(set, vectors, undefined, (p) => (pairs = p), { rewordedValue: open });
  const texts = new Map(pairs.filter((p) => p.kind === "supersede").map((p) => [`${p.ids[0]}>${p.ids[1]}`, p.texts]));
  for (const r of h.supersedeRules)
    if (r.rule === "reworded-value") {
      const [newer, older] = texts.get(r.key) ?? ["", ""];
      rows.push({ set, overlap: r.overlap ?? 0, sharers: r.sharers ?? 0, heads: !!r.heads, correct: r.correct, newer, older });
      console.log(`  ${r.correct ? "right" : "WRONG"} overlap ${r.overlap} sharers ${r.sharers} heads ${r.heads}: ${newer} > ${older}`);
    }
  console.log(`${set.padEnd(11)} ${h.supersedeRules.filter((r) => r.rule === "reworded-value").length} candidates`);
}
// Rows of the table in docs/consolidation.md ("Values and reversals"): each guard added in turn.
const grid: [string, (r: (typeof rows)[number]) => boolean][] = [
  ["same setting, another number (no other guard)", () => true],
  ["+ half the subject words shared", (r) => r.overlap >= 0.5],
  ["+ no third memory shares the frame", (r) => r.overlap >= 0.5 && r.sharers === 0],
  ["+ each opens with a subject word of the other (shipped)", (r) => r.overlap >= 0.5 && r.sharers === 0 && r.heads],
  ["  the same with at most one sharer", (r) => r.overlap >= 0.5 && r.sharers <= 1 && r.heads],
  ["  the same with 0.6 of the subject words", (r) => r.overlap >= 0.6 && r.sharers === 0 && r.heads],
  ["  the same with 0.4 of the subject words", (r) => r.overlap >= 0.4 && r.sharers === 0 && r.heads],
];
for (const [label, keep] of grid) {
  const kept = rows.filter(keep);
  console.log(`${label}: ${kept.filter((r) => r.correct).length} right, ${kept.filter((r) => !r.correct).length} wrong`);
}
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ vectors, rows }, null, 2));
console.log(`JSON: ${path.relative(ROOT, out)}`);
