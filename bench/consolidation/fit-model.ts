/**
 * The vector thresholds of consolidation refitted for one embedding model (issue #38, session
 * sixteen): the merge-by-meaning cosine, margin and Chinese cosine (consolidation.semanticMergeCosine,
 * semanticMargin, semanticChineseCosine), the words-with-vectors cosine (consolidation.mergeCosine)
 * and the named-things cosines (NAMED_MIN_COSINE), by leave-one-set-out over the tuning stores of
 * all-sets-list.ts (never r15's frozen half).
 *
 * One real run per store at permissive thresholds (each below every grid value) records every
 * merge pair proposed with the path that found it; the pair's cosine and its mutual-nearest margin
 * are then computed from the same vectors. A setting of the grid keeps a pair found by a vector
 * path when it passes that path's thresholds (the other paths do not read them): a simulation of
 * the run at that setting, exact but for clusters of three or more (dropped, and so changed, by a
 * stricter setting) and pairs the permissive run sent elsewhere. Supersessions are those of the
 * permissive run (the thresholds gate merges). The grid is in the model's own cosines: quantiles of
 * its same-placement pair cosines (a model's cosines have their own range: e5's are compressed).
 *
 * For each store held out, the setting is chosen on the others: the most right merges, with the
 * merges it adds over the vector paths switched off at least 0.9 right (ties to the stricter);
 * the held-out store is scored with it. Pooled held-out figures, per language and on the newest
 * stores; beside them the shipped thresholds (MiniLM's) simulated on the same run, and the real
 * run at the shipped thresholds (`--check`) to measure the simulation's error.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/fit-model.ts [--check] [--out file] [--from <its JSON>]`
 * (`--from`: the choice re-run on the rows of an earlier run, without the model or the stores).
 * (e5 models get the "passage: " prefix by their name; RECOLLECT_BENCH_PASSAGE_PREFIX overrides it).
 * Writes bench/results/consolidation-fit-<model>.json (or `--out`).
 */
import fs from "node:fs";
import path from "node:path";
import { TUNING_SETS } from "./all-sets-list";
import { familiesOf, runHalf, type Set_ } from "./blind";
import { embedTexts } from "./embed-store";

const ROOT = path.resolve(import.meta.dirname, "../..");
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const FROM = arg("--from");
const saved = FROM ? (JSON.parse(fs.readFileSync(FROM, "utf8")) as Saved) : undefined;
const MODEL_DIR = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
if (!MODEL_DIR && !saved) throw new Error("set RECOLLECT_BENCH_MODEL_DIR to a prepared model (bench/models/prepare)");
const MODEL = saved?.model ?? path.basename(MODEL_DIR);
const OUT = path.resolve(arg("--out") ?? path.join(ROOT, `bench/results/consolidation-fit-${MODEL}.json`));
const CHECK = process.argv.includes("--check");
const PRECISION = 0.9;
const HAN = /[\u3400-\u9fff]/;
/** The newest stores (the last sets). */
const NEWEST: Set_[] = ["r12-frozen", "r13-tuning", "r13-frozen", "r14-tuning", "r14-frozen", "r15-tuning"];
/** Shipped (MiniLM) thresholds. */
const SHIPPED = { sem: 0.65, margin: 0.1, zh: 0.8, merge: 0.75, namedEn: 0.711, namedZh: 0.715 };
/** Grid levels: quantiles of the model's same-placement pair cosines (1 = the path off). */
const LEVELS = [0.9, 0.93, 0.95, 0.96, 0.97, 0.98, 0.985, 0.99, 0.995, 0.998];
const MARGINS = [0, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1];

type Setting = { sem: number; margin: number; zh: number; merge: number; namedEn: number; namedZh: number };
type MergeRow = { set: Set_; a: string; b: string; right: boolean; path: string; cosine: number; margin: number; zh: boolean };
type Counts = { tp: number; predicted: number; truth: number };
type Truth = { merge: number; mergeZh: number; supersede: Counts; supersedeZh: Counts };
interface Saved {
  model: string;
  enGrid: number[];
  zhGrid: number[];
  permissive: Setting;
  rows: MergeRow[];
  truth: Record<string, Truth>;
}

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
const r3 = (x: number) => Math.round(x * 1000) / 1000;

// 1. Vectors of every memory, each store's same-placement cosines and each memory's nearest neighbours.
const started = Date.now();
const vec = new Map<string, Float32Array>();
const textOf = new Map<string, string>();
const placementCosines: { c: number; zh: boolean }[] = [];
/** Per store and memory: the cosines to the other memories of its placement. */
const neighbours = new Map<string, Map<string, number>>();
for (const set of saved ? [] : TUNING_SETS) {
  const mems = familiesOf(set).flatMap((f) => f.memories);
  const vs = await embedTexts(
    MODEL_DIR,
    mems.map((m) => m.content),
  );
  mems.forEach((m, i) => {
    vec.set(`${set}/${m.key}`, vs[i]!);
    textOf.set(`${set}/${m.key}`, m.content);
  });
  for (let i = 0; i < mems.length; i++) {
    const row = new Map<string, number>();
    for (let j = 0; j < mems.length; j++) {
      if (i === j || mems[i]!.project !== mems[j]!.project) continue;
      const c = r3(dot(vs[i]!, vs[j]!));
      row.set(mems[j]!.key, c);
      if (i < j) placementCosines.push({ c, zh: HAN.test(mems[i]!.content) || HAN.test(mems[j]!.content) });
    }
    neighbours.set(`${set}/${mems[i]!.key}`, row);
  }
}
console.log(`${MODEL}: ${vec.size} memories embedded, ${placementCosines.length} same-placement pairs (${Math.round((Date.now() - started) / 1000)} s)`);
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const en = placementCosines.filter((p) => !p.zh).map((p) => p.c);
const zhs = placementCosines.filter((p) => p.zh).map((p) => p.c);
const enGrid = saved?.enGrid ?? LEVELS.map((q) => quantile(en, q));
const zhGrid = saved?.zhGrid ?? LEVELS.map((q) => quantile(zhs, q));
const levelOf = (xs: number[], c: number) => r3(xs.filter((x) => x < c).length / xs.length);
console.log(`quantile levels ${LEVELS.join(" ")}\n  EN cosines ${enGrid.join(" ")}\n  ZH cosines ${zhGrid.join(" ")}`);
if (!saved)
  console.log(
    `the shipped thresholds sit at: semantic ${levelOf(en, SHIPPED.sem)}, zh ${levelOf(zhs, SHIPPED.zh)}, mergeCosine ${levelOf(en, SHIPPED.merge)}, named ${levelOf(en, SHIPPED.namedEn)} / ${levelOf(zhs, SHIPPED.namedZh)}`,
  );

/** A pair's margin as the merge-by-meaning step reads it: the lower side's cosine less its next nearest (negative: not mutual nearest). */
function marginOf(set: Set_, a: string, b: string): number {
  const side = (x: string, y: string) => {
    const row = neighbours.get(`${set}/${x}`)!;
    const c = row.get(y) ?? -1;
    let next = -1;
    for (const [k, v] of row) if (k !== y && v > next) next = v;
    return c - next;
  };
  return r3(Math.min(side(a, b), side(b, a)));
}

// 2. One permissive run per store (and the shipped thresholds, with --check).
const PERMISSIVE: Setting = saved?.permissive ?? { sem: enGrid[0]!, margin: 0, zh: zhGrid[0]!, merge: enGrid[0]!, namedEn: enGrid[0]!, namedZh: zhGrid[0]! };
/** The shipped thresholds can be simulated on this run only when none is below the permissive run's. */
const SHIPPED_SIMULATED = (Object.keys(SHIPPED) as (keyof Setting)[]).every((k) => SHIPPED[k] >= PERMISSIVE[k]);
console.log(`permissive run: ${JSON.stringify(PERMISSIVE)}`);
const extraOf = (s: Setting) => ({
  semantic: { minCosine: s.sem, margin: s.margin, chineseMinCosine: s.zh, chineseMinJaccard: 0.1 },
  namedThings: { minCosine: { en: s.namedEn, zh: s.namedZh } },
  consolidation: { mergeCosine: s.merge },
});
const rows: MergeRow[] = saved?.rows ?? [];
const truth = new Map<Set_, Truth>(Object.entries(saved?.truth ?? {}) as [Set_, Truth][]);
const real = new Map<Set_, { merge: Counts; supersede: Counts }>();
for (const set of saved ? [] : TUNING_SETS) {
  const fams = familiesOf(set);
  type P = { kind: string; ids: [string, string]; correct: boolean; evidence?: { path?: string } };
  let pairs: P[] = [];
  let wordPairs: P[] = [];
  // No cluster limit: the simulation applies it after each setting's own pairs (clusters of three or more dropped).
  const h = await runHalf(set, true, undefined, (p) => (pairs = p), { ...extraOf(PERMISSIVE), mergeLimits: { maxMembers: 1000 } });
  // The merges without vectors: no threshold here reads them.
  await runHalf(set, false, undefined, (p) => (wordPairs = p));
  const byWords = new Set(wordPairs.filter((x) => x.kind === "merge").map((x) => [...x.ids].sort().join("|")));
  const zhKey = (a: string, b: string) => HAN.test(textOf.get(`${set}/${a}`)!) || HAN.test(textOf.get(`${set}/${b}`)!);
  // Only the pairs a rule found (a cluster's other pairs have no evidence).
  for (const p of pairs.filter((x) => x.kind === "merge" && x.evidence?.path)) {
    const [a, b] = p.ids;
    rows.push({
      set,
      a,
      b,
      right: p.correct,
      path: byWords.has([a, b].sort().join("|")) ? "without vectors" : p.evidence!.path!,
      cosine: r3(dot(vec.get(`${set}/${a}`)!, vec.get(`${set}/${b}`)!)),
      margin: marginOf(set, a, b),
      zh: zhKey(a, b),
    });
  }
  const sup = pairs.filter((x) => x.kind === "supersede");
  const supZh = sup.filter((x) => zhKey(...x.ids));
  const supTruthZh = fams.flatMap((f) => f.supersede).filter(([n, o]) => zhKey(n, o)).length;
  truth.set(set, {
    merge: h.byKind.merge.truth,
    mergeZh: fams.flatMap((f) => f.merge).filter(([a, b]) => zhKey(a, b)).length,
    supersede: { tp: h.byKind.supersede.truePositives, predicted: h.byKind.supersede.predicted, truth: h.byKind.supersede.truth },
    supersedeZh: { tp: supZh.filter((x) => x.correct).length, predicted: supZh.length, truth: supTruthZh },
  });
  if (CHECK) {
    const s = await runHalf(set, true, undefined, undefined, extraOf(SHIPPED));
    const c = (k: "merge" | "supersede") => ({ tp: s.byKind[k].truePositives, predicted: s.byKind[k].predicted, truth: s.byKind[k].truth });
    real.set(set, { merge: c("merge"), supersede: c("supersede") });
  }
  console.log(
    `${set.padEnd(11)} permissive merge ${h.byKind.merge.truePositives}/${h.byKind.merge.predicted}/${h.byKind.merge.truth} (${Math.round((Date.now() - started) / 1000)} s)`,
  );
}

// The runs' rows first (`--from` re-runs the choice on them).
if (!saved)
  fs.writeFileSync(
    OUT,
    JSON.stringify({ model: MODEL, enGrid, zhGrid, permissive: PERMISSIVE, truth: Object.fromEntries(truth), rows, at: new Date().toISOString() }, null, 1),
  );

// 3. The simulation and the leave-one-set-out choice.
/** A found pair stays at a setting: found without vectors, or its path's thresholds pass. */
function keeps(s: Setting, r: MergeRow): boolean {
  if (r.path === "vectors") return r.cosine >= (r.zh ? Math.max(s.sem, s.zh) : s.sem) && r.margin >= s.margin;
  if (r.path === "cosine") return r.cosine >= s.merge;
  if (r.path === "named") return r.cosine >= (r.zh ? s.namedZh : s.namedEn);
  return true;
}
const OFF: Setting = { sem: 2, margin: 0, zh: 2, merge: 2, namedEn: 2, namedZh: 2 };
const settings: Setting[] = SHIPPED_SIMULATED ? [OFF, SHIPPED] : [OFF];
for (const i of LEVELS.keys())
  for (const margin of MARGINS)
    for (const j of LEVELS.keys())
      for (const k of LEVELS.keys())
        for (const l of LEVELS.keys()) settings.push({ sem: enGrid[i]!, margin, zh: zhGrid[j]!, merge: enGrid[k]!, namedEn: enGrid[l]!, namedZh: zhGrid[l]! });
const strictness = (s: Setting) => s.sem + s.margin + s.zh + s.merge + s.namedEn + s.namedZh;
const bySet = new Map<Set_, MergeRow[]>(TUNING_SETS.map((set) => [set, rows.filter((r) => r.set === set)]));
/**
 * The merge pairs a setting proposes on one store: the kept pairs joined into clusters, a cluster
 * of three or more dropped (MERGE_MAX_MEMBERS) unless every pair of it was found without vectors.
 * Right / predicted, all and Chinese: [tp, predicted, tpZh, predictedZh].
 */
const memo = new Map<string, [number, number, number, number]>();
function simulate(s: Setting, set: Set_): [number, number, number, number] {
  const all = bySet.get(set)!;
  // Settings that keep the same pairs give the same clusters.
  const key = `${set}:${all.map((r) => (keeps(s, r) ? 1 : 0)).join("")}`;
  const known = memo.get(key);
  if (known) return known;
  const result = clustersOf(all.filter((r) => keeps(s, r)));
  memo.set(key, result);
  return result;
}
function clustersOf(kept: MergeRow[]): [number, number, number, number] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  for (const r of kept) {
    const [x, y] = [find(r.a), find(r.b)];
    if (x !== y) parent.set(x, y);
  }
  const size = new Map<string, number>();
  const vectorsIn = new Map<string, boolean>();
  for (const id of new Set(kept.flatMap((r) => [r.a, r.b]))) size.set(find(id), (size.get(find(id)) ?? 0) + 1);
  for (const r of kept) if (r.path !== "without vectors") vectorsIn.set(find(r.a), true);
  const out: [number, number, number, number] = [0, 0, 0, 0];
  for (const r of kept) {
    const c = find(r.a);
    if (size.get(c)! > 2 && vectorsIn.get(c)) continue;
    out[1]++;
    if (r.right) out[0]++;
    if (r.zh) {
      out[3]++;
      if (r.right) out[2]++;
    }
  }
  return out;
}
const table = settings.map((st) => new Map<Set_, [number, number, number, number]>(TUNING_SETS.map((set) => [set, simulate(st, set)])));
const indexOf = new Map(settings.map((st, i) => [st, i]));
function score(s: Setting, sets: readonly Set_[], lang: "all" | "EN" | "ZH" = "all") {
  let tp = 0;
  let predicted = 0;
  for (const set of sets) {
    const [t, p, tz, pz] = table[indexOf.get(s)!]!.get(set)!;
    tp += lang === "all" ? t : lang === "ZH" ? tz : t - tz;
    predicted += lang === "all" ? p : lang === "ZH" ? pz : p - pz;
  }
  return { tp, predicted };
}
/** The most right merges, with those added over the vector paths off at least 0.9 right (ties to the stricter). */
function choose(sets: readonly Set_[]): Setting {
  const off = score(OFF, sets);
  let best = { s: OFF, gain: 0 };
  for (const s of [...settings].sort((a, b) => strictness(b) - strictness(a))) {
    const t = score(s, sets);
    const gain = t.tp - off.tp;
    if (gain > best.gain && gain / Math.max(t.predicted - off.predicted, 1) >= PRECISION) best = { s, gain };
  }
  return best.s;
}
const sum = (sets: readonly Set_[], f: (set: Set_) => number) => sets.reduce((a, set) => a + f(set), 0);
type Cell = { merge: Counts; supersede: Counts };
const langs = [["all"], ["EN"], ["ZH"]] as const;
function figures(settingFor: (set: Set_) => Setting, sets: readonly Set_[]): Record<string, Cell> {
  const out: Record<string, Cell> = {};
  for (const lang of ["all", "EN", "ZH"] as const) {
    let tp = 0;
    let predicted = 0;
    for (const set of sets) {
      const x = score(settingFor(set), [set], lang);
      tp += x.tp;
      predicted += x.predicted;
    }
    const mt = sum(sets, (set) =>
      lang === "all" ? truth.get(set)!.merge : lang === "ZH" ? truth.get(set)!.mergeZh : truth.get(set)!.merge - truth.get(set)!.mergeZh,
    );
    const sup = (f: keyof Counts) =>
      sum(sets, (set) => {
        const t = truth.get(set)!;
        return lang === "all" ? t.supersede[f] : lang === "ZH" ? t.supersedeZh[f] : t.supersede[f] - t.supersedeZh[f];
      });
    out[lang] = { merge: { tp, predicted, truth: mt }, supersede: { tp: sup("tp"), predicted: sup("predicted"), truth: sup("truth") } };
  }
  return out;
}
const chosen = new Map<Set_, Setting>(TUNING_SETS.map((set) => [set, choose(TUNING_SETS.filter((x) => x !== set))]));
const onAll = choose(TUNING_SETS);
const pr = (c: Counts) => `${(c.tp / (c.predicted || 1)).toFixed(3)} / ${(c.tp / (c.truth || 1)).toFixed(3)} (${c.tp}/${c.predicted}/${c.truth})`;
const label = (s: Setting) =>
  s === OFF ? "vector paths off" : `sem ${s.sem} margin ${s.margin} zh ${s.zh} mergeCosine ${s.merge} named ${s.namedEn}/${s.namedZh}`;
const result: Record<string, unknown> = {};
console.log(`\n## ${MODEL}: merge / supersede precision / recall (right/predicted/labelled)\n`);
console.log("| stores | language | shipped thresholds (simulated) | refitted, held out | vector paths off |\n|---|---|---|---|---|");
for (const [name, sets] of [
  ["all 28", TUNING_SETS],
  ["newest 6", NEWEST],
] as const) {
  const shipped = SHIPPED_SIMULATED ? figures(() => SHIPPED, sets) : figures(() => OFF, sets);
  const held = figures((set) => chosen.get(set)!, sets);
  const off = figures(() => OFF, sets);
  result[name] = { shipped, held, off };
  for (const [lang] of langs)
    console.log(
      `| ${name} | ${lang} | ${SHIPPED_SIMULATED ? pr(shipped[lang]!.merge) : "below the permissive run"}; ${pr(shipped[lang]!.supersede)} | ${pr(held[lang]!.merge)} | ${pr(off[lang]!.merge)} |`,
    );
}
if (CHECK) {
  const t = (k: "merge" | "supersede") => ({
    tp: sum(TUNING_SETS, (s) => real.get(s)![k].tp),
    predicted: sum(TUNING_SETS, (s) => real.get(s)![k].predicted),
    truth: sum(TUNING_SETS, (s) => real.get(s)![k].truth),
  });
  result.realShipped = { merge: t("merge"), supersede: t("supersede") };
  console.log(`\nreal run at the shipped thresholds: merge ${pr(t("merge"))}, supersede ${pr(t("supersede"))}`);
}
console.log("\nper store held out:");
for (const set of TUNING_SETS) console.log(`  ${set.padEnd(11)} ${label(chosen.get(set)!)}  merge ${JSON.stringify(score(chosen.get(set)!, [set]))}`);
console.log(`chosen on all 28: ${label(onAll)}`);
const paths: Record<string, string> = {};
for (const p of new Set(rows.map((r) => r.path))) {
  const l = rows.filter((r) => r.path === p);
  paths[p] = `${l.filter((r) => r.right).length}/${l.length}`;
}
console.log(`permissive run's merges by path (right/proposed): ${JSON.stringify(paths)}`);
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(
  OUT,
  JSON.stringify(
    {
      model: MODEL,
      levels: LEVELS,
      enGrid,
      zhGrid,
      permissive: PERMISSIVE,
      result,
      chosen: Object.fromEntries(chosen),
      onAll,
      paths,
      truth: Object.fromEntries(truth),
      rows,
      at: new Date().toISOString(),
    },
    null,
    1,
  ),
);
console.log(`JSON: ${path.relative(ROOT, OUT)} (${Math.round((Date.now() - started) / 1000)} s)`);
