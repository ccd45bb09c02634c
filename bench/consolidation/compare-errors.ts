/**
 * Before -> after of two errors.ts runs (bench/consolidation/errors.ts --out …): merge and
 * supersede precision and recall per tuning set and pooled over all, and the right pairs each set
 * lost or gained (issue #38's keep rule: pooled merge precision does not drop, no set loses more
 * than one right pair).
 *
 * Run: `npx tsx bench/consolidation/compare-errors.ts <before.json> <after.json>`
 */
import fs from "node:fs";

interface Score {
  predicted: number;
  truth: number;
  truePositives: number;
}
interface Run {
  sets: { set: string; byKind: Record<"merge" | "supersede", Score>; errors: { missed: Record<string, string[][]> } }[];
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) throw new Error("usage: compare-errors.ts <before.json> <after.json>");
const before = JSON.parse(fs.readFileSync(beforeFile, "utf8")) as Run;
const after = JSON.parse(fs.readFileSync(afterFile, "utf8")) as Run;
const f3 = (x: number) => x.toFixed(3);
const pr = (s: Score) => `${f3(s.predicted ? s.truePositives / s.predicted : 1)} / ${f3(s.truth ? s.truePositives / s.truth : 1)}`;
const pooled = (r: Run, k: "merge" | "supersede") =>
  r.sets.reduce(
    (acc, s) => ({
      predicted: acc.predicted + s.byKind[k].predicted,
      truth: acc.truth + s.byKind[k].truth,
      truePositives: acc.truePositives + s.byKind[k].truePositives,
    }),
    {
      predicted: 0,
      truth: 0,
      truePositives: 0,
    },
  );
/** The right pairs of a kind (the labelled ones not missed), as text keys. */
const right = (s: Run["sets"][number], k: "merge" | "supersede") => new Set((s.errors.missed[k] ?? []).map((p) => p.join(" | ")));

console.log("| set | merge P / R before | after | supersede P / R before | after | right merges lost / gained | right supersessions lost / gained |");
console.log("|---|---|---|---|---|---|---|");
for (const b of before.sets) {
  const a = after.sets.find((s) => s.set === b.set);
  if (!a) continue;
  const diff = (k: "merge" | "supersede") => {
    const [mb, ma] = [right(b, k), right(a, k)];
    const lost = [...ma].filter((p) => !mb.has(p)).length;
    const gained = [...mb].filter((p) => !ma.has(p)).length;
    return `${lost} / ${gained}`;
  };
  console.log(
    `| ${b.set} | ${pr(b.byKind.merge)} | ${pr(a.byKind.merge)} | ${pr(b.byKind.supersede)} | ${pr(a.byKind.supersede)} | ${diff("merge")} | ${diff("supersede")} |`,
  );
}
const show = (r: Run, k: "merge" | "supersede") => {
  const s = pooled(r, k);
  return `${pr(s)} (${s.truePositives}/${s.predicted}/${s.truth})`;
};
console.log(`| **pooled** | ${show(before, "merge")} | ${show(after, "merge")} | ${show(before, "supersede")} | ${show(after, "supersede")} | | |`);
console.log("\n(P / R: precision / recall; pooled counts: right / predicted / labelled)");
