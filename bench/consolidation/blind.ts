/**
 * Consolidation on the blind set (bench/consolidation/blind-store.ts): precision and recall of
 * merges, supersessions and stale-file proposals, on the tuning half and on the FROZEN half (the
 * headline). A family goes to a half by the first byte of sha256("consolidation-blind:" + id):
 * even -> tuning, odd -> frozen. Each half is its own store (its own projects and git work
 * trees), so nothing of one half can pair with the other.
 *
 * A third column, `extra`, is more tuning data written in round three (blind-tuning-extra.ts),
 * its own store too.
 *
 * Round three's set (blind-store-r3.ts, written before round three's rule changes, split by
 * sha256("consolidation-blind-r3:" + id)) is the headline now: the first set's frozen half was
 * scored too often to stay blind.
 *
 * The r4 set (blind-store-r4.ts, split by sha256("consolidation-blind-r4:" + id)) was written for
 * issue #38's second pass, before its rule changes: its frozen half is a second headline column,
 * scored only with `--set r4 --half frozen`.
 *
 * The r5 set (blind-store-r5.ts, split by sha256("consolidation-blind-r5:" + id)) was written for
 * issue #38's third pass, before its rule changes, because r3's and r4's frozen halves had been
 * scored several times: its frozen half is the fresh headline, scored only with
 * `--set r5 --half frozen`.
 *
 * The r6 set (blind-store-r6.ts, split by sha256("consolidation-blind-r6:" + id)) was written for
 * issue #38's fourth pass, before its rule changes: its frozen half is the fresh headline, scored
 * only with `--set r6 --half frozen`.
 *
 * The r7 set (blind-store-r7.ts, split by sha256("consolidation-blind-r7:" + id)) was written for
 * issue #38's fifth pass, before the learned decision: its frozen half is the fresh headline,
 * scored only with `--set r7 --half frozen`.
 *
 * The r8 set (blind-store-r8.ts, split by sha256("consolidation-blind-r8:" + id)) was written for
 * issue #38's sixth pass, before its change: its frozen half is the fresh headline, scored only
 * with `--set r8 --half frozen` (every earlier frozen half is tuning data now).
 *
 * The r9 set (blind-store-r9.ts, split by sha256("consolidation-blind-r9:" + id)) was written for
 * issue #38's seventh pass, before its change: its frozen half is the fresh headline, scored only
 * with `--set r9 --half frozen` (r8's frozen half is tuning data now).
 *
 * The r10 set (blind-store-r10.ts, split by sha256("consolidation-blind-r10:" + id)) was written for
 * issue #38's ninth pass, before its change: its frozen half is the fresh headline, scored only
 * with `--set r10 --half frozen` (r9's frozen half is tuning data now).
 *
 * The r11 set (blind-store-r11.ts, split by sha256("consolidation-blind-r11:" + id)) was written for
 * issue #38's tenth pass, before its change: its frozen half is the fresh headline, scored only
 * with `--set r11 --half frozen` (r10's frozen half is tuning data now).
 *
 * The r12 set (blind-store-r12.ts, split by sha256("consolidation-blind-r12:" + id)) was written for
 * issue #38's eleventh pass, before its change: its frozen half is the fresh headline, scored only
 * with `--set r12 --half frozen` (r11's frozen half is tuning data now).
 *
 * The r13 set (blind-store-r13.ts, split by sha256("consolidation-blind-r13:" + id)) was written for
 * issue #38's twelfth pass, before its change: its frozen half is the fresh headline, scored only
 * with `--set r13 --half frozen` (r12's frozen half is tuning data now).
 *
 * The r14 set (blind-store-r14.ts, split by sha256("consolidation-blind-r14:" + id)) was written for
 * issue #38's thirteenth pass, before its change: its frozen half is the fresh headline, scored only
 * with `--set r14 --half frozen` (r13's frozen half is tuning data now).
 *
 * The r15 set (blind-store-r15.ts, split by sha256("consolidation-blind-r15:" + id)) was written for
 * issue #38's fifteenth pass (session sixteen), before its change: its frozen half is the fresh
 * headline, scored only with `--set r15 --half frozen` (r14's frozen half is tuning data now).
 *
 * Run: `npx tsx bench/consolidation/blind.ts [--set r3|r4|r5|r6|r7|r8|r9|r10|r11|r12|r13|r14|r15] [--show tuning|extra] [--half tuning|extra|frozen] [--claim-check]`
 * (`--claim-check`: with `consolidation.claimCheck` on, lib/consolidation/claim-check.ts)
 * (errors are listed for the tuning sets only, unless `--show` names another: a frozen half is
 * not looked at while tuning). Without `--half` every tuning set and the first set's frozen half
 * are scored; round three's frozen half only with `--set r3 --half frozen`. With `RECOLLECT_BENCH_MODEL_DIR` naming a
 * prepared model (bench/models/prepare), every set is scored twice: words only, then with the
 * model's vectors (`--vectors only` skips the words-only run).
 * Writes bench/results/consolidation-blind.json.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type Config, loadConfig } from "../../lib/config";
import { type ConsolidateOptions, consolidate } from "../../lib/consolidation/consolidate";
import type { Candidate } from "../../lib/consolidation/types";
import { makeCtx, type Ctx } from "../../lib/ctx";
import { parseEntities } from "../../lib/entities/parse";
import { contentHash } from "../../lib/memories/normalize";
import { openStore } from "../../lib/open-store";
import { databaseFile } from "../../lib/paths";
import { tempDir } from "../../tests/helpers/server";
import { BLIND_FAMILIES, type BlindFamily, type Half, halfOf } from "./blind-store";
import { BLIND_FAMILIES_R3, halfOfR3 } from "./blind-store-r3";
import { BLIND_FAMILIES_R4, halfOfR4 } from "./blind-store-r4";
import { BLIND_FAMILIES_R5, halfOfR5 } from "./blind-store-r5";
import { BLIND_FAMILIES_R6, halfOfR6 } from "./blind-store-r6";
import { BLIND_FAMILIES_R7, halfOfR7 } from "./blind-store-r7";
import { BLIND_FAMILIES_R8, halfOfR8 } from "./blind-store-r8";
import { BLIND_FAMILIES_R9, halfOfR9 } from "./blind-store-r9";
import { BLIND_FAMILIES_R10, halfOfR10 } from "./blind-store-r10";
import { BLIND_FAMILIES_R11, halfOfR11 } from "./blind-store-r11";
import { BLIND_FAMILIES_R12, halfOfR12 } from "./blind-store-r12";
import { BLIND_FAMILIES_R13, halfOfR13 } from "./blind-store-r13";
import { BLIND_FAMILIES_R14, halfOfR14 } from "./blind-store-r14";
import { BLIND_FAMILIES_R15, halfOfR15 } from "./blind-store-r15";
import { TUNING_EXTRA_FAMILIES } from "./blind-tuning-extra";
import { embedStore } from "./embed-store";

/** The sets: the first blind set's halves (its frozen half has been scored and is no longer blind), extra, and round three's set (blind-store-r3.ts). */
export type Set_ =
  | Half
  | "extra"
  | "r3-tuning"
  | "r3-frozen"
  | "r4-tuning"
  | "r4-frozen"
  | "r5-tuning"
  | "r5-frozen"
  | "r6-tuning"
  | "r6-frozen"
  | "r7-tuning"
  | "r7-frozen"
  | "r8-tuning"
  | "r8-frozen"
  | "r9-tuning"
  | "r9-frozen"
  | "r10-tuning"
  | "r10-frozen"
  | "r11-tuning"
  | "r11-frozen"
  | "r12-tuning"
  | "r12-frozen"
  | "r13-tuning"
  | "r13-frozen"
  | "r14-tuning"
  | "r14-frozen"
  | "r15-tuning"
  | "r15-frozen";
const MODEL_DIR = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
const CLAIM_CHECK = process.argv.includes("--claim-check") || process.env.RECOLLECT_CONSOLIDATION_CLAIM_CHECK === "true";
export const familiesOf = (set: Set_) =>
  set === "extra"
    ? TUNING_EXTRA_FAMILIES
    : set === "r3-tuning" || set === "r3-frozen"
      ? BLIND_FAMILIES_R3.filter((f) => `r3-${halfOfR3(f.id)}` === set)
      : set === "r4-tuning" || set === "r4-frozen"
        ? BLIND_FAMILIES_R4.filter((f) => `r4-${halfOfR4(f.id)}` === set)
        : set === "r5-tuning" || set === "r5-frozen"
          ? BLIND_FAMILIES_R5.filter((f) => `r5-${halfOfR5(f.id)}` === set)
          : set === "r6-tuning" || set === "r6-frozen"
            ? BLIND_FAMILIES_R6.filter((f) => `r6-${halfOfR6(f.id)}` === set)
            : set === "r7-tuning" || set === "r7-frozen"
              ? BLIND_FAMILIES_R7.filter((f) => `r7-${halfOfR7(f.id)}` === set)
              : set === "r8-tuning" || set === "r8-frozen"
                ? BLIND_FAMILIES_R8.filter((f) => `r8-${halfOfR8(f.id)}` === set)
                : set === "r9-tuning" || set === "r9-frozen"
                  ? BLIND_FAMILIES_R9.filter((f) => `r9-${halfOfR9(f.id)}` === set)
                  : set === "r10-tuning" || set === "r10-frozen"
                    ? BLIND_FAMILIES_R10.filter((f) => `r10-${halfOfR10(f.id)}` === set)
                    : set === "r11-tuning" || set === "r11-frozen"
                      ? BLIND_FAMILIES_R11.filter((f) => `r11-${halfOfR11(f.id)}` === set)
                      : set === "r12-tuning" || set === "r12-frozen"
                        ? BLIND_FAMILIES_R12.filter((f) => `r12-${halfOfR12(f.id)}` === set)
                        : set === "r13-tuning" || set === "r13-frozen"
                          ? BLIND_FAMILIES_R13.filter((f) => `r13-${halfOfR13(f.id)}` === set)
                          : set === "r14-tuning" || set === "r14-frozen"
                            ? BLIND_FAMILIES_R14.filter((f) => `r14-${halfOfR14(f.id)}` === set)
                            : set === "r15-tuning" || set === "r15-frozen"
                              ? BLIND_FAMILIES_R15.filter((f) => `r15-${halfOfR15(f.id)}` === set)
                              : BLIND_FAMILIES.filter((f) => halfOf(f.id) === set);

const ROOT = path.resolve(import.meta.dirname, "../..");
const DAY = 86_400_000;

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const round = (x: number) => Math.round(x * 1000) / 1000;

function score(predicted: Set<string>, truth: Set<string>) {
  let tp = 0;
  for (const p of predicted) if (truth.has(p)) tp++;
  return {
    predicted: predicted.size,
    truth: truth.size,
    truePositives: tp,
    precision: round(predicted.size ? tp / predicted.size : 1),
    recall: round(truth.size ? tp / truth.size : 1),
  };
}

/** A git work tree per project: every path its memories name, then the family's deleted files removed. */
function workTrees(fams: readonly BlindFamily[]): Record<string, string> {
  const roots: Record<string, string> = {};
  const byProject = new Map<string, BlindFamily[]>();
  for (const f of fams) byProject.set(f.project, [...(byProject.get(f.project) ?? []), f]);
  for (const [project, list] of byProject) {
    const repo = tempDir(`recollect-blind-${project}-`);
    const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { stdio: "pipe" });
    git("init", "-q");
    git("config", "user.email", "bench@example.com");
    git("config", "user.name", "bench");
    const deleted = list.flatMap((f) => f.deletedFiles);
    const named = new Set<string>(deleted);
    for (const f of list)
      for (const m of f.memories)
        for (const e of parseEntities(m.content)) if (e.kind === "file" && !path.isAbsolute(e.value) && !e.value.startsWith("..")) named.add(e.value);
    named.add("README.md");
    // Longest first: a named folder ("lib/features/workout/") that holds a named file stays a folder.
    for (const file of [...named].sort((a, b) => b.length - a.length)) {
      const to = path.join(repo, file);
      if (!to.startsWith(repo) || fs.existsSync(to)) continue;
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, "x\n");
    }
    git("add", "-A");
    git("commit", "-qm", "all files");
    if (deleted.length) {
      git("rm", "-q", ...deleted);
      git("commit", "-qm", "delete the old files");
    }
    roots[project] = repo;
  }
  return roots;
}

/** A proposed merge or supersession pair of a tuning set, with its texts and whether it is labelled (for bench/consolidation/claim-study.ts). */
export interface ProposedPair {
  kind: "merge" | "supersede";
  /** Older first for a merge; newer first for a supersession. */
  ids: [string, string];
  texts: [string, string];
  correct: boolean;
  /** A merge pair's evidence from its proposal: which path found it, its word overlap and cosine. */
  evidence?: { path?: string; words?: number; cosine?: number | null };
}

export async function runHalf(
  half: Set_,
  withVectors = false,
  onPairFeatures?: ConsolidateOptions["onPairFeatures"],
  onProposed?: (pairs: ProposedPair[]) => void,
  extra: Pick<
    ConsolidateOptions,
    "changedSettingOverlap" | "semantic" | "cueMaxHolders" | "namedThings" | "mergeLimits" | "rewordedValue" | "renameInWords"
  > & {
    /** Settings of `consolidation` over the defaults (bench/consolidation/fit-model.ts: `mergeCosine`). */
    consolidation?: Partial<Config["consolidation"]>;
  } = {},
  /** Looks at the store and the proposals before the store is closed (bench/consolidation/why-missed.ts). */
  inspect?: (ctx: Ctx, proposals: readonly Candidate[]) => Promise<void>,
) {
  const fams = familiesOf(half);
  const dir = tempDir(`recollect-blind-${half}-`);
  const env: Record<string, string> = { RECOLLECT_DATA_DIR: dir, XDG_CONFIG_HOME: tempDir("recollect-bench-config-") };
  // `--claim-check` (or RECOLLECT_CONSOLIDATION_CLAIM_CHECK=true): with the claim-level check on.
  if (CLAIM_CHECK) env.RECOLLECT_CONSOLIDATION_CLAIM_CHECK = "true";
  const { config: loaded } = loadConfig({ env });
  const { consolidation: settings, ...options } = extra;
  const config = settings ? { ...loaded, consolidation: { ...loaded.consolidation, ...settings } } : loaded;
  const o = openStore(databaseFile(dir), { migrationsDir: path.join(ROOT, "drizzle") });
  const ctx: Ctx = makeCtx({ db: o.db, sqlite: o.sqlite, config, dataDir: dir });
  const roots = workTrees(fams);
  const now = Date.now();
  const project = ctx.sqlite.prepare("INSERT OR IGNORE INTO projects(id, name, root_path, identity) VALUES (?, ?, ?, 'path')");
  const ins = ctx.sqlite.prepare(
    `INSERT INTO memories (id, project_id, scope, category, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at)
     VALUES (?, ?, 'project', ?, ?, '[]', 'import', 'active', 0, 0, ?, '{}', ?, ?)`,
  );
  const text = new Map<string, string>();
  ctx.sqlite.transaction(() => {
    for (const f of fams)
      for (const m of f.memories) {
        project.run(m.project, m.project, roots[m.project] ?? null);
        const at = now - m.ageDays * DAY;
        ins.run(m.key, m.project, m.category, m.content, contentHash(m.content), at, at);
        text.set(m.key, m.content);
      }
  })();
  if (withVectors) await embedStore(ctx, MODEL_DIR);
  // Unused-staleness is a plain age rule; switched off so "stale" measures the file check.
  const result = await consolidate(ctx, { dryRun: true, daysStale: 0, now, ...options, ...(onPairFeatures ? { onPairFeatures } : {}) });
  if (inspect) {
    if (half === "r15-frozen") throw new Error("the r15 frozen half is not studied pair by pair");
    await inspect(ctx, result.proposals ?? []);
  }
  o.sqlite.close();
  const predicted = { merge: new Set<string>(), supersede: new Set<string>(), stale: new Set<string>() };
  let mergeProposals = 0;
  // The reason of each predicted pair, shown beside a false pair of a tuning set.
  const why = new Map<string, string>();
  const pairEvidence = new Map<string, NonNullable<ProposedPair["evidence"]>>();
  for (const p of result.proposals ?? []) {
    const ev = p.evidence as { rule?: string; pairs?: { path?: string }[] } | undefined;
    const paths = [...new Set((ev?.pairs ?? []).map((x) => x.path).filter(Boolean))].join(", ");
    const note = `${p.kind}${ev?.rule ? ` (${ev.rule})` : paths ? ` (${paths})` : ""}: ${p.reason}`;
    if (p.kind === "supersede") why.set(`${p.memoryIds[0]}>${p.memoryIds[1]}`, note);
    else for (const a of p.memoryIds) for (const b of p.memoryIds) if (a < b) why.set(pairKey(a, b), note);
    if (p.kind === "merge") {
      mergeProposals++;
      for (const e of (p.evidence as { pairs?: ({ a: string; b: string } & NonNullable<ProposedPair["evidence"]>)[] }).pairs ?? [])
        pairEvidence.set(pairKey(e.a, e.b), { path: e.path, words: e.words, cosine: e.cosine });
      for (let i = 0; i < p.memoryIds.length; i++)
        for (let j = i + 1; j < p.memoryIds.length; j++) predicted.merge.add(pairKey(p.memoryIds[i]!, p.memoryIds[j]!));
    }
    if (p.kind === "supersede") predicted.supersede.add(`${p.memoryIds[0]}>${p.memoryIds[1]}`);
    if (p.kind === "stale" && p.variant === "files") predicted.stale.add(p.memoryIds[0]!);
  }
  const truth = {
    merge: new Set(fams.flatMap((f) => f.merge.map(([a, b]) => pairKey(a, b)))),
    supersede: new Set(fams.flatMap((f) => f.supersede.map(([n, o]) => `${n}>${o}`))),
    stale: new Set(fams.flatMap((f) => f.stale)),
  };
  if (onProposed) {
    if (half === "r15-frozen") throw new Error("the r15 frozen half is not studied pair by pair");
    const pairs: ProposedPair[] = [];
    for (const k of ["merge", "supersede"] as const)
      for (const p of predicted[k]) {
        const [a, b] = p.split(/[|>]/) as [string, string];
        pairs.push({ kind: k, ids: [a, b], texts: [text.get(a)!, text.get(b)!], correct: truth[k].has(p), evidence: pairEvidence.get(p) });
      }
    onProposed(pairs);
  }
  // Each supersession's rule and, for the changed-setting rule, its overlap (fit-changed-setting.ts).
  const supersedeRules = (result.proposals ?? [])
    .filter((p) => p.kind === "supersede")
    .map((p) => {
      const ev = p.evidence as { rule?: string; overlap?: number; holders?: number; sharers?: number; heads?: boolean } | undefined;
      const key = `${p.memoryIds[0]}>${p.memoryIds[1]}`;
      return {
        key,
        rule: ev?.rule ?? "",
        overlap: ev?.overlap ?? null,
        holders: ev?.holders ?? null,
        sharers: ev?.sharers ?? null,
        heads: ev?.heads ?? null,
        chinese: /[\u3400-\u9fff]/.test(text.get(p.memoryIds[0]!) ?? ""),
        correct: truth.supersede.has(key),
      };
    });
  const kinds = Object.keys(truth) as (keyof typeof truth)[];
  const byKind = Object.fromEntries(kinds.map((k) => [k, score(predicted[k], truth[k])])) as Record<keyof typeof truth, ReturnType<typeof score>>;
  const show = (p: string) => p.split(/[|>]/).map((id) => `${id}: ${text.get(id)}`);
  const errors = {
    falsePositives: Object.fromEntries(kinds.map((k) => [k, [...predicted[k]].filter((p) => !truth[k].has(p)).map((p) => [...show(p), why.get(p) ?? ""])])),
    missed: Object.fromEntries(kinds.map((k) => [k, [...truth[k]].filter((p) => !predicted[k].has(p)).map(show)])),
  };
  return {
    half,
    vectors: withVectors ? path.basename(MODEL_DIR) : null,
    semanticPairs: result.semanticPairs,
    families: fams.length,
    memories: text.size,
    projects: Object.keys(roots).length,
    mergeProposals,
    byKind,
    errors,
    supersedeRules,
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > -1 ? process.argv[i + 1] : undefined;
  };
  // `--set r3|r4` names round three's or this task's set; `--half tuning|frozen|extra` one half of the chosen set.
  const set = arg("--set");
  const r3 =
    set === "r3" ||
    set === "r4" ||
    set === "r5" ||
    set === "r6" ||
    set === "r7" ||
    set === "r8" ||
    set === "r9" ||
    set === "r10" ||
    set === "r11" ||
    set === "r12" ||
    set === "r13" ||
    set === "r14" ||
    set === "r15";
  const named = (h: string) => (r3 && (h === "tuning" || h === "frozen") ? `${set}-${h}` : h) as Set_;
  const show = arg("--show")
    ? [named(arg("--show")!)]
    : ([
        "tuning",
        "extra",
        "r3-tuning",
        "r4-tuning",
        "r5-tuning",
        "r6-tuning",
        "r7-tuning",
        "r8-tuning",
        "r9-tuning",
        "r9-frozen",
        "r10-tuning",
        "r10-frozen",
        "r11-tuning",
        "r11-frozen",
        "r12-tuning",
        "r12-frozen",
        "r13-tuning",
        "r13-frozen",
        "r14-tuning",
        "r14-frozen",
        "r15-tuning",
      ] as Set_[]);
  // Without --half: every tuning set and the first set's (seen) frozen half; round three's frozen
  // half is scored only when asked for by name (`--set r3 --half frozen`), so it stays blind.
  const half = arg("--half");
  const only = half
    ? [named(half)]
    : r3
      ? ([`${set}-tuning`] as Set_[])
      : (["tuning", "extra", "frozen", "r3-tuning", "r4-tuning", "r5-tuning", "r6-tuning", "r7-tuning"] as Set_[]);
  const model = MODEL_DIR && fs.existsSync(path.join(MODEL_DIR, "config.json"));
  if (!model) console.log("(words only: set RECOLLECT_BENCH_MODEL_DIR to a prepared model, bench/models/prepare, to score with vectors too)");
  const modes = model ? (process.argv.includes("--vectors") ? [true] : [false, true]) : [false];
  const halves = [];
  for (const set of only) for (const v of modes) halves.push(await runHalf(set, v));
  console.log(
    "\nConsolidation on the blind sets (blind-store-r3.ts: r3-*, the headline is r3-frozen; blind-store.ts: tuning/frozen, its frozen half seen; extra)\n",
  );
  console.log("half       vectors           families  memories  kind       predicted  truth  TP   precision  recall");
  for (const h of halves)
    for (const [k, s] of Object.entries(h.byKind))
      console.log(
        `${h.half.padEnd(10)} ${(h.vectors ?? "none").padEnd(17)} ${String(h.families).padStart(8)}  ${String(h.memories).padStart(8)}  ${k.padEnd(10)} ${String(s.predicted).padStart(9)}  ${String(s.truth).padStart(5)}  ${String(s.truePositives).padStart(3)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}`,
      );
  for (const h of halves.filter((x) => show.includes(x.half))) {
    console.log(`\nErrors on the ${h.half} set (vectors: ${h.vectors ?? "none"}):`);
    for (const [k, list] of Object.entries(h.errors.falsePositives)) for (const e of list) console.log(`  false ${k}: ${JSON.stringify(e)}`);
    for (const [k, list] of Object.entries(h.errors.missed)) for (const e of list) console.log(`  missed ${k}: ${JSON.stringify(e)}`);
  }
  const out = path.join(ROOT, "bench/results/consolidation-blind.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      { halves: halves.map(({ errors, ...rest }) => (show.includes(rest.half) ? { ...rest, errors } : rest)), at: new Date().toISOString() },
      null,
      2,
    ),
  );
  console.log(`\nJSON: ${path.relative(ROOT, out)}`);
}
