/**
 * Why labelled merges are missed (issue #38): for each labelled merge pair of a tuning set that
 * consolidation did not propose, which paths brought the pair up as a candidate (words: Jaccard ≥
 * 0.4; Chinese: character Jaccard ≥ 0.4; named things: the same named things, alone in their
 * category; vectors: mutual nearest neighbours, cosine, margin) and what refused it (the first
 * guard of sameFact, in its order; the named-things or commands guard; a supersession instead; a
 * cluster of three). Tuning sets only (all-sets-list.ts): r15's frozen half is refused.
 *
 * Run: `RECOLLECT_BENCH_MODEL_DIR=<prepared model> npx tsx bench/consolidation/why-missed.ts [--set r15-tuning ...] [--quiet]`
 * (without `--set`: every set of all-sets-list.ts). Writes bench/results/why-missed.json.
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { tempDir } from "../../tests/helpers/server";
import { charsOf, jaccardOf, textOf, withTokens, type Featured } from "../../lib/consolidation/features";
import { loadMemories } from "../../lib/consolidation/load";
import { rarityWeights, sameFact, sameFactRefusal, subjectWords } from "../../lib/consolidation/merge";
import { commandsDiffer, namedThingsDiffer, namedThingsOf } from "../../lib/consolidation/names";
import { Slicer } from "../../lib/consolidation/slicer";
import type { Pair } from "../../lib/consolidation/supersede";
import { type Candidate, pairKey, placementKey } from "../../lib/consolidation/types";
import type { Ctx } from "../../lib/ctx";
import { VECTOR_TABLE } from "../../lib/db/virtual-tables";
import { neighboursOf } from "../../lib/consolidation/semantic";
import { TUNING_SETS } from "./all-sets-list";
import { familiesOf, runHalf, type Set_ } from "./blind";

const ROOT = path.resolve(import.meta.dirname, "../..");
const HAN = /[\u3400-\u9fff]/;
/** The config's defaults (consolidation.*), read from the config itself. */
const shipped = loadConfig({ env: { XDG_CONFIG_HOME: tempDir("recollect-bench-config-") } }).config.consolidation;
/** The thresholds of consolidate.ts and the config's defaults. */
const T = {
  floor: 0.4,
  charFloor: 0.4,
  mergeJaccard: shipped.mergeJaccard,
  mergeCosine: shipped.mergeCosine,
  semantic: shipped.semanticMergeCosine,
  margin: shipped.semanticMargin,
  chinese: shipped.semanticChineseCosine,
  named: { en: 0.711, zh: 0.715 },
};

/** The first guard of sameFact (merge.ts, in its order) that refuses the pair; null when it is the same fact. */
export function refusal(
  p: Pair,
  cosine: number | null,
  cosineThreshold: number,
  isName: (t: string) => boolean,
  weightOf: ((t: string) => number) | undefined,
  byMeaning: boolean,
  named: boolean,
): string | null {
  return sameFactRefusal(p, T.mergeJaccard, cosine, cosineThreshold, isName, weightOf, byMeaning, named) ?? null;
}

export interface Missed {
  set: string;
  ids: [string, string];
  texts: [string, string];
  jaccard: number;
  charJaccard: number | null;
  cosine: number | null;
  /** Each one's nearest neighbour: the other (mutual) and its margin over the next. */
  nearest: { aIsB: boolean; bIsA: boolean; marginA: number | null; marginB: number | null };
  paths: string[];
  cause: string;
  /** The first refusing guard on each path that brought the pair up. */
  guards: Record<string, string | null>;
}

async function diagnose(set: Set_, ctx: Ctx, proposals: readonly Candidate[], out: Missed[]): Promise<void> {
  const slicer = new Slicer();
  const loaded = (await loadMemories(ctx, null, slicer)).filter((m) => m.status === "active");
  const featured = await withTokens(loaded, slicer);
  const byId = new Map(featured.map((f) => [f.memory.id, f]));
  const groups = new Map<string, Featured[]>();
  for (const f of featured) groups.set(placementKey(f.memory), [...(groups.get(placementKey(f.memory)) ?? []), f]);
  const merged = new Set<string>();
  const superseded = new Map<string, string>();
  for (const p of proposals) {
    if (p.kind === "merge") for (const a of p.memoryIds) for (const b of p.memoryIds) if (a < b) merged.add(pairKey(a, b));
    if (p.kind === "supersede") superseded.set(pairKey(p.memoryIds[0]!, p.memoryIds[1]!), String((p.evidence as { rule?: string }).rule ?? ""));
  }
  const cosineStmt = ctx.sqlite.prepare(
    `SELECT vec_distance_cosine(a.embedding, b.embedding) AS d FROM ${VECTOR_TABLE} a, ${VECTOR_TABLE} b WHERE a.seq = ? AND b.seq = ?`,
  );
  const vectors = !!ctx.services.embeddings?.ready();
  const cosineOf = (a: Featured, b: Featured) => {
    if (!vectors) return null;
    const row = cosineStmt.get(BigInt(a.memory.seq), BigInt(b.memory.seq)) as { d: number } | undefined;
    return row ? Math.round((1 - row.d) * 1000) / 1000 : null;
  };
  // The nearest active neighbour of the placement and its margin over the next (semantic.ts).
  const nearestOf = (f: Featured) => {
    const [nearest, next] = neighboursOf(ctx, f, 2);
    return nearest ? { seq: nearest.seq, margin: next ? Math.round((next.distance - nearest.distance) * 1000) / 1000 : 1 } : undefined;
  };
  const subjectOf = new Map<string, (t: string) => boolean>();
  const weightsOf = new Map<string, (t: string) => number>();
  for (const [key, group] of groups) {
    subjectOf.set(key, await subjectWords(group, slicer));
    weightsOf.set(key, rarityWeights(group));
  }
  for (const fam of familiesOf(set))
    for (const [x, y] of fam.merge) {
      if (merged.has(pairKey(x, y))) continue;
      const [fx, fy] = [byId.get(x), byId.get(y)];
      if (!fx || !fy) continue;
      const [a, b] = fx.memory.seq < fy.memory.seq ? [fx, fy] : [fy, fx];
      const key = placementKey(a.memory);
      const group = groups.get(key)!;
      const isName = subjectOf.get(key)!;
      const weightOf = weightsOf.get(key)!;
      const [ca, cb] = [charsOf(a), charsOf(b)];
      const pair: Pair = { a, b, jaccard: jaccardOf(a.tokens, b.tokens), ...(ca && cb ? { charJaccard: jaccardOf(ca, cb) } : {}) };
      const cosine = cosineOf(a, b);
      const chinese = HAN.test(textOf(a.memory)) || HAN.test(textOf(b.memory));
      const [na, nb] = [nearestOf(a), nearestOf(b)];
      const nearest = { aIsB: na?.seq === b.memory.seq, bIsA: nb?.seq === a.memory.seq, marginA: na?.margin ?? null, marginB: nb?.margin ?? null };
      // The paths that bring the pair up (consolidate.ts).
      const paths: string[] = [];
      if (pair.jaccard >= T.floor) paths.push("words");
      if (pair.charJaccard !== undefined && pair.charJaccard >= T.charFloor) paths.push("chinese");
      const names = (f: Featured) => [...namedThingsOf(textOf(f.memory))].sort().join("\u0000");
      const sameNames =
        names(a) !== "" &&
        names(a) === names(b) &&
        a.memory.category === b.memory.category &&
        group.filter((f) => f.memory.category === a.memory.category && names(f) === names(a)).length === 2;
      if (sameNames) paths.push("named");
      const semanticFloor = chinese ? Math.max(T.semantic, T.chinese) : T.semantic;
      const mutual = nearest.aIsB && nearest.bIsA && (nearest.marginA ?? 0) >= T.margin && (nearest.marginB ?? 0) >= T.margin;
      if (vectors && cosine !== null && cosine >= semanticFloor && mutual) paths.push("vectors");
      const guards: Record<string, string | null> = {};
      const wordsPath = paths.includes("words") || paths.includes("chinese") || paths.includes("named");
      if (wordsPath) {
        const byWords = pair.jaccard >= T.floor || pair.charJaccard === undefined;
        const c = pair.jaccard < T.mergeJaccard && byWords ? cosine : null;
        const named = sameNames && (c ?? cosine ?? -1) >= (chinese ? T.named.zh : T.named.en);
        guards.words = refusal(pair, c, T.mergeCosine, isName, weightOf, named, named);
        if ((guards.words === null) !== sameFact(pair, T.mergeJaccard, c, T.mergeCosine, isName, weightOf, named, named))
          guards.words = `${guards.words} (TRACE DIFFERS FROM sameFact)`;
      }
      if (paths.includes("vectors")) {
        guards.vectors = refusal(pair, cosine, T.semantic, isName, undefined, true, false);
        if ((guards.vectors === null) !== sameFact(pair, T.mergeJaccard, cosine, T.semantic, isName, undefined, true))
          guards.vectors = `${guards.vectors} (TRACE DIFFERS FROM sameFact)`;
      }
      const [ta, tb] = [textOf(a.memory), textOf(b.memory)];
      let cause: string;
      const sup = superseded.get(pairKey(x, y));
      if (sup !== undefined) cause = `made a supersession (${sup || "rule"})`;
      else if (paths.length === 0)
        cause = !vectors
          ? "not a candidate"
          : `not a candidate: ${
              cosine === null
                ? "no vectors"
                : cosine < semanticFloor
                  ? `cosine < ${semanticFloor}`
                  : !(nearest.aIsB && nearest.bIsA)
                    ? "not mutual nearest"
                    : `margin < ${T.margin}`
            }`;
      else if (Object.values(guards).every((g) => g !== null)) cause = `guard: ${(guards.vectors ?? guards.words)!.replace(/ \(.*$/, "")}`;
      else if (namedThingsDiffer(ta, tb)) cause = "named things differ";
      else if (commandsDiffer(ta, tb)) cause = "commands differ";
      else cause = "other (a cluster of three, or a supersession rule)";
      out.push({
        set,
        ids: [a.memory.id, b.memory.id],
        texts: [ta, tb],
        jaccard: Math.round(pair.jaccard * 1000) / 1000,
        charJaccard: pair.charJaccard === undefined ? null : Math.round(pair.charJaccard * 1000) / 1000,
        cosine,
        nearest,
        paths,
        cause,
        guards,
      });
    }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const sets = process.argv.flatMap((a, i) => (process.argv[i - 1] === "--set" ? [a as Set_] : []));
  const chosen = sets.length ? sets : TUNING_SETS;
  for (const s of chosen) if (!TUNING_SETS.includes(s)) throw new Error(`${s} is not a tuning set (all-sets-list.ts)`);
  const vectors = !!process.env.RECOLLECT_BENCH_MODEL_DIR;
  const missed: Missed[] = [];
  for (const set of chosen) {
    const h = await runHalf(set, vectors, undefined, undefined, {}, (ctx, proposals) => diagnose(set, ctx, proposals, missed));
    if (missed.filter((m) => m.set === set).length !== h.byKind.merge.truth - h.byKind.merge.truePositives)
      console.log(`(${set}: the diagnosis and the score disagree on the missed count)`);
  }
  if (!process.argv.includes("--quiet"))
    for (const m of missed)
      console.log(
        `${m.set} ${m.ids.join(" / ")}  J ${m.jaccard}${m.charJaccard === null ? "" : ` chars ${m.charJaccard}`} cos ${m.cosine} nn ${m.nearest.aIsB ? "a->b" : "a-/>b"} ${m.nearest.bIsA ? "b->a" : "b-/>a"} margins ${m.nearest.marginA}/${m.nearest.marginB}  paths [${m.paths.join(",")}]\n  cause: ${m.cause}  ${JSON.stringify(m.guards)}\n  A: ${m.texts[0]}\n  B: ${m.texts[1]}`,
      );
  const causes = new Map<string, number>();
  for (const m of missed) causes.set(m.cause, (causes.get(m.cause) ?? 0) + 1);
  console.log(`\nMissed labelled merges by cause (${missed.length} over ${chosen.length} sets):`);
  for (const [c, n] of [...causes].sort((x, y) => y[1] - x[1])) console.log(`${String(n).padStart(4)}  ${c}`);
  const file = path.join(ROOT, "bench/results/why-missed.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ vectors, sets: chosen, missed, at: new Date().toISOString() }, null, 2));
  console.log(`JSON: ${path.relative(ROOT, file)}`);
}
