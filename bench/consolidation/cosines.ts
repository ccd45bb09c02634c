/**
 * The cosines a prepared model gives the pairs of a blind set's TUNING half (never a frozen half):
 * for each true merge and supersede pair, its cosine, whether it is each one's nearest neighbour
 * in its project and the margin over the next; then the closest pairs that are not labelled.
 * A calibration aid for `consolidation.semanticMergeCosine` / `semanticMargin`.
 *
 *   RECOLLECT_BENCH_MODEL_DIR=$(bench/models/prepare | tail -1) npx tsx bench/consolidation/cosines.ts r3|r4|r5
 */
import { loadConfig } from "../../lib/config";
import { createTransformersProvider } from "../../lib/embeddings/transformers";
import { tempDir } from "../../tests/helpers/server";
import type { BlindFamily } from "./blind-store";
import { BLIND_FAMILIES_R3, halfOfR3 } from "./blind-store-r3";
import { BLIND_FAMILIES_R4, halfOfR4 } from "./blind-store-r4";
import { BLIND_FAMILIES_R5, halfOfR5 } from "./blind-store-r5";

const set = process.argv[2] ?? "r4";
const fams: readonly BlindFamily[] =
  set === "r3"
    ? BLIND_FAMILIES_R3.filter((f) => halfOfR3(f.id) === "tuning")
    : set === "r5"
      ? BLIND_FAMILIES_R5.filter((f) => halfOfR5(f.id) === "tuning")
      : BLIND_FAMILIES_R4.filter((f) => halfOfR4(f.id) === "tuning");
const modelDir = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
const prefix = process.env.RECOLLECT_BENCH_PASSAGE_PREFIX ?? "";
const { config } = loadConfig({ env: { RECOLLECT_EMBEDDING_MODEL_DIR: modelDir, XDG_CONFIG_HOME: tempDir("recollect-bench-config-") } });
const provider = await createTransformersProvider(config.embedding, tempDir("recollect-bench-model-data-"));
const mems = fams.flatMap((f) => f.memories);
const vecs = await provider.embed(mems.map((m) => prefix + m.content));
await provider.close?.();
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
const idx = new Map(mems.map((m, i) => [m.key, i]));
const near = (i: number) =>
  mems
    .map((_m, j) => ({ j, c: dot(vecs[i]!, vecs[j]!) }))
    .filter(({ j }) => j !== i && mems[j]!.project === mems[i]!.project)
    .sort((x, y) => y.c - x.c);
const labelled = new Set<string>();
const r = (x: number) => x.toFixed(3);
for (const kind of ["merge", "supersede"] as const)
  for (const f of fams)
    for (const [a, b] of f[kind]) {
      labelled.add(`${a}|${b}`).add(`${b}|${a}`);
      const [i, j] = [idx.get(a)!, idx.get(b)!];
      const c = dot(vecs[i]!, vecs[j]!);
      const ni = near(i);
      const nj = near(j);
      console.log(
        `${kind.padEnd(9)} ${r(c)} rank ${ni.findIndex((x) => x.j === j) + 1}/${nj.findIndex((x) => x.j === i) + 1} margin ${r(c - (ni.find((x) => x.j !== j)?.c ?? 0))}/${r(c - (nj.find((x) => x.j !== i)?.c ?? 0))}  ${a} ~ ${b}`,
      );
    }
const others: { c: number; a: string; b: string }[] = [];
for (let i = 0; i < mems.length; i++)
  for (let j = i + 1; j < mems.length; j++) {
    if (mems[i]!.project !== mems[j]!.project || labelled.has(`${mems[i]!.key}|${mems[j]!.key}`)) continue;
    others.push({ c: dot(vecs[i]!, vecs[j]!), a: mems[i]!.content, b: mems[j]!.content });
  }
others.sort((x, y) => y.c - x.c);
console.log("\nclosest unlabelled pairs:");
for (const o of others.slice(0, Number(process.env.TOP ?? 25))) console.log(`${r(o.c)}  ${o.a}  ~  ${o.b}`);
