/**
 * How the claim-level check (lib/consolidation/claim-check.ts) judges the pairs the rules propose
 * on every set that is tuning data now (bench/consolidation/all-sets-list.ts; never r12's frozen
 * half): for each kind, the proposals kept and withheld, right and wrong, set by set and pooled.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/claim-study.ts [--cache <file.json>] [--show]`
 * (`--cache` stores the proposed pairs once and reads them back after; `--show` lists the pairs
 * the check gets wrong).
 */
import fs from "node:fs";
import { mergeHolds, supersedeHolds } from "../../lib/consolidation/claim-check";
import { type ProposedPair, runHalf } from "./blind";
import { TUNING_SETS } from "./all-sets-list";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : undefined;
};
const cache = arg("--cache");
let pairs: (ProposedPair & { set: string })[] = [];
if (cache && fs.existsSync(cache)) pairs = JSON.parse(fs.readFileSync(cache, "utf8"));
else {
  for (const set of TUNING_SETS) await runHalf(set, !!process.env.RECOLLECT_BENCH_MODEL_DIR, undefined, (ps) => pairs.push(...ps.map((p) => ({ ...p, set }))));
  if (cache) fs.writeFileSync(cache, JSON.stringify(pairs));
}
const holds = (p: ProposedPair) => (p.kind === "merge" ? mergeHolds(p.texts[0], p.texts[1]) : supersedeHolds(p.texts[0], p.texts[1]));
const tally = new Map<string, { right: number; wrong: number; keptRight: number; keptWrong: number }>();
for (const p of pairs) {
  for (const key of [`${p.set} ${p.kind}`, `pooled ${p.kind}`]) {
    const t = tally.get(key) ?? { right: 0, wrong: 0, keptRight: 0, keptWrong: 0 };
    const kept = holds(p);
    if (p.correct) t.right++;
    else t.wrong++;
    if (kept && p.correct) t.keptRight++;
    if (kept && !p.correct) t.keptWrong++;
    tally.set(key, t);
  }
}
const r = (x: number) => x.toFixed(3);
console.log("set / kind              proposed  right  precision  ->  kept  right  precision  (right withheld)");
for (const [k, t] of [...tally].sort()) {
  const kept = t.keptRight + t.keptWrong;
  console.log(
    `${k.padEnd(22)} ${String(t.right + t.wrong).padStart(8)}  ${String(t.right).padStart(5)}  ${r(t.right / (t.right + t.wrong || 1)).padStart(9)}  -> ${String(kept).padStart(5)}  ${String(t.keptRight).padStart(5)}  ${r(t.keptRight / (kept || 1)).padStart(9)}  (${t.right - t.keptRight})`,
  );
}
if (process.argv.includes("--show"))
  for (const p of pairs) {
    const kept = holds(p);
    if (kept !== p.correct) console.log(`${kept ? "KEPT WRONG" : "WITHHELD RIGHT"} ${p.kind} ${p.set}: ${JSON.stringify(p.texts)}`);
  }
