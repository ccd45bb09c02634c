/**
 * Merge precision by cause and a merge confidence (issue #38): every tuning store
 * (all-sets-list.ts) is run once with vectors; each proposed merge pair is kept with the path that
 * found it (`evidence.pairs[].path`: words, weighted, chinese, named, cosine, vectors, on-write),
 * its word overlap, its cosine under the default model and whether it is labelled. Prints
 * right / wrong by path, and the confidence study: a pair is "sure" when its words or its cosine
 * pass thresholds chosen on the OTHER stores (leave-one-set-out) and no polarity marker differs,
 * so the held-out precision of the sure subset is what an inbox ordered by it would show.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/merge-study.ts [--from rows.json]`
 * Writes bench/results/consolidation-merge-study.json (its rows can be re-scored with `--from`).
 */
import fs from "node:fs";
import path from "node:path";
import { proposedMerges } from "./proposed-merges";

const ROOT = path.resolve(import.meta.dirname, "../..");
const out = path.join(ROOT, "bench/results/consolidation-merge-study.json");

interface Row {
  set: string;
  texts: [string, string];
  correct: boolean;
  path: string;
  words: number;
  cosine: number;
}

async function collect(): Promise<{ rows: Row[]; truth: Record<string, number> }> {
  const { pairs, truth } = await proposedMerges({}, (set, m) => console.error(`${set}: ${m.truePositives}/${m.predicted}/${m.truth}`));
  const rows = pairs.map(({ set, p, cosine }) => ({
    set,
    texts: p.texts,
    correct: p.correct,
    path: p.evidence?.path ?? "exact",
    words: p.evidence?.words ?? 1,
    cosine: Math.round(cosine * 1000) / 1000,
  }));
  return { rows, truth };
}

const i = process.argv.indexOf("--from");
const data: { rows: Row[]; truth: Record<string, number> } = i > -1 ? JSON.parse(fs.readFileSync(process.argv[i + 1]!, "utf8")) : await collect();
const { rows, truth } = data;
const totalTruth = Object.values(truth).reduce((a, b) => a + b, 0);
const pct = (a: number, b: number) => (b ? (a / b).toFixed(3) : "-");
const tally = (list: readonly Row[]) => {
  const right = list.filter((r) => r.correct).length;
  return { right, wrong: list.length - right };
};

console.log("By path (merge pairs on the tuning stores):");
console.log("path        right  wrong  precision");
for (const p of [...new Set(rows.map((r) => r.path))].sort()) {
  const t = tally(rows.filter((r) => r.path === p));
  console.log(`${p.padEnd(10)} ${String(t.right).padStart(6)} ${String(t.wrong).padStart(6)}  ${pct(t.right, t.right + t.wrong)}`);
}
const all = tally(rows);
console.log(
  `all        ${String(all.right).padStart(6)} ${String(all.wrong).padStart(6)}  ${pct(all.right, all.right + all.wrong)}  recall ${pct(all.right, totalTruth)}`,
);

// The confidence: a pair is sure when its words overlap at least `w` or its cosine reaches `c`,
// and the two texts agree on the words a reversed or narrowed rule turns on (a negation, "only",
// an alternative: "instead", "rather than", "over", "unless", "except", "but"; 不, 只, 而不是…):
// those are the pairs whose polarity guards were near their limits. (w, c) are chosen on the other
// stores (leave-one-set-out): the most pairs kept whose precision there is at least the target.
const NEGATION = /\b(?:not|no|never|without|nobody|nothing)\b|n't\b|不|没|别|勿|禁止|严禁/i;
const ONLY = /\b(?:only|just|solely)\b|只|仅/i;
const ALTERNATIVE = /\b(?:instead|rather\s+than|over|unless|except|but)\b|而不是|除非|除了/i;
const markers = (t: string) => [NEGATION, ONLY, ALTERNATIVE].map((r) => r.test(t)).join();
const nearLimit = (r: Row) => markers(r.texts[0]) !== markers(r.texts[1]);
const WORDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 1.01];
const COSINES = [0.8, 0.85, 0.88, 0.9, 0.92, 0.94, 0.96, 1.01];
const sure = (r: Row, w: number, c: number) => (r.words >= w || r.cosine >= c) && !nearLimit(r);
const near = tally(rows.filter(nearLimit));
console.log(`\nNear a polarity limit (markers differ): ${near.right} right, ${near.wrong} wrong (${pct(near.right, near.right + near.wrong)})`);
for (const target of [0.95, 0.97]) {
  let heldRight = 0;
  let heldWrong = 0;
  const perSet: string[] = [];
  const chosen = new Set<string>();
  for (const set of Object.keys(truth)) {
    const train = rows.filter((r) => r.set !== set);
    let best: { n: number; w: number; c: number } | undefined;
    for (const w of WORDS)
      for (const c of COSINES) {
        const t = tally(train.filter((r) => sure(r, w, c)));
        const n = t.right + t.wrong;
        if (n > 0 && t.right / n >= target && (!best || n > best.n)) best = { n, w, c };
      }
    if (!best) continue;
    chosen.add(`words >= ${best.w} or cosine >= ${best.c}`);
    const t = tally(rows.filter((r) => r.set === set && sure(r, best.w, best.c)));
    heldRight += t.right;
    heldWrong += t.wrong;
    perSet.push(`${set} ${t.right}/${t.right + t.wrong}`);
  }
  console.log(`\nConfidence, target ${target} on the other stores (leave-one-set-out): held out, sure subset ${heldRight} right, ${heldWrong} wrong:`);
  console.log(`  precision ${pct(heldRight, heldRight + heldWrong)}, recall ${pct(heldRight, totalTruth)}; chosen: ${[...chosen].join("; ")}`);
  console.log(`  per held-out store (right/sure): ${perSet.join(", ")}`);
}
if (i < 0) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ rows, truth, at: new Date().toISOString() }, null, 2));
  console.log(`JSON: ${path.relative(ROOT, out)}`);
}
