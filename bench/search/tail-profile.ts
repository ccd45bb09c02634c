import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseFile } from "../../lib/paths";
import type { SearchFilters } from "../../lib/search/filters";
import { lexicalSearch, scanPlan } from "../../lib/search/lexical";
import { searchQuery } from "../../lib/search/bilingual";
import { searchMemories } from "../../lib/search/search";
import { benchCtx, round, stats, table, writeResult } from "./common";
import { corpus } from "./corpus";
import { speedProject } from "./load";
import { AGENTS_QUERIES } from "./agents-set";
import { FRESH_QUERIES } from "./fresh-set";
import { P6_QUERIES } from "./p6-set";
import { UNSEEN_QUERIES } from "./unseen-set";
import { half } from "./unseen-split";
import { exhaustiveRanking } from "../../lib/search/exhaustive";

/**
 * Which of the speed bench's lexical requests make its p95 (bench/search/speed.ts: the LoCoMo
 * questions over the Zipf corpus, a project filter on two requests of three), in process on a kept
 * speed store, CPU time per request (process.cpuUsage), the median of `--reps` runs of each. For
 * each request: the whole verb (`searchMemories`, lexical, limit 10), its FTS5 part
 * (`lexicalSearch` k = 100 alone), how many scoring statements that ran (more than one: the window
 * widened or the top-first statement fell back), and the plan (terms found, their postings in all,
 * whether there were candidates). The rows of the slowest 5% say what the tail is made of.
 *
 *   npx tsx bench/search/tail-profile.ts --store <speed store dir>/100000 [--set tuning|frozen|other] [--reps 5] [--top 20] [--answers FILE]
 *
 * Sets (fixed before the plan was changed for the tail, issue 48): `tuning` and `frozen` are the
 * speed bench's requests split by the question's hash (unseen-split.ts `half`); `other` is the
 * question texts of the unseen, fresh, agents and p6 sets (sources the speed bench never used) as
 * requests of the same shape. `frozen` and `other` were not looked at while changing the plan.
 * Each request's overlap@10 of lexicalSearch with the exhaustive ranking (same filters) is reported;
 * `--answers FILE` writes each request's returned ids in order, for comparing two builds.
 *
 * The store: `bench/search/index.ts --only speed --sizes 100000 --store <dir>` keeps one in
 * <dir>/100000.
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

function cpuMs(fn: () => unknown): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

export type TailSet = "tuning" | "frozen" | "other" | "all";

/** The requests of a set: the speed bench's (every question twice, a project on two of three) or the other sets' questions alike. */
export function tailBodies(set: TailSet): { i: number; query: string; project: string | undefined }[] {
  const questions =
    set === "other" ? [...new Set([...UNSEEN_QUERIES, ...FRESH_QUERIES, ...AGENTS_QUERIES, ...P6_QUERIES].map((q) => q.q))] : corpus().questions;
  const all = Array.from({ length: 2 * questions.length }, (_, i) => ({
    query: questions[i % questions.length],
    project: speedProject(i),
  }));
  return all.filter((b) => set === "all" || set === "other" || half(b.query) === set).map((b, i) => ({ i, ...b }));
}

export async function runTailProfile(storeDir: string, set: TailSet, reps: number, top: number, answersFile?: string) {
  if (!fs.existsSync(databaseFile(storeDir))) throw new Error(`no store in ${storeDir}`);
  const ctx = benchCtx({}, storeDir);
  const bodies = tailBodies(set);
  const deferred: (() => void)[] = [];
  const defer = (task: () => void) => deferred.push(task);
  const flush = () => {
    for (const t of deferred.splice(0)) t();
  };
  const verb = (b: (typeof bodies)[number]) =>
    searchMemories(ctx, { query: b.query, limit: 10, mode: "lexical", explain: false, purpose: "search", project: b.project }, { defer });
  const filtersOf = (b: (typeof bodies)[number]): SearchFilters => ({ projectId: b.project ?? null, statuses: ["active"] });
  const termsOf = (b: (typeof bodies)[number]) => searchQuery(b.query, ctx.config.search.translateQuery).terms;
  const lexical = (b: (typeof bodies)[number]) => lexicalSearch(ctx, termsOf(b), filtersOf(b), 100);
  // overlap@10 with the exhaustive ranking (as scale.ts) and the answers, before any timing.
  const overlap = bodies.map((b) => {
    const best = exhaustiveRanking(ctx.sqlite, termsOf(b), filtersOf(b), 10).map((r) => r.seq);
    const got = new Set(lexicalSearch(ctx, termsOf(b), filtersOf(b), 10).map((h) => h.seq));
    return best.length === 0 ? 1 : best.filter((seq) => got.has(seq)).length / best.length;
  });
  const answers: string[][] = [];
  for (const b of bodies) answers.push((await verb(b)).results.map((r) => r.id));

  // Scoring statements a request runs (bm25() in the text): counted by wrapping Statement#all.
  const proto = Object.getPrototypeOf(ctx.sqlite.prepare("SELECT 1")) as { all: (...a: unknown[]) => unknown };
  const all = proto.all;
  let scoring = 0;
  proto.all = function (this: { source: string }, ...a: unknown[]) {
    if (this.source.includes("bm25(")) scoring++;
    return all.apply(this, a);
  };
  const statements = bodies.map((b) => {
    scoring = 0;
    lexical(b);
    return scoring;
  });
  proto.all = all;

  flush();
  const verbCpu: number[][] = bodies.map(() => []);
  const lexCpu: number[][] = bodies.map(() => []);
  let flushCpu = 0;
  for (let r = 0; r < reps; r++) {
    for (const b of bodies) {
      verbCpu[b.i].push(cpuMs(() => verb(b)));
      lexCpu[b.i].push(cpuMs(() => lexical(b)));
      if (deferred.length >= 100) flushCpu += cpuMs(flush);
    }
  }
  flushCpu += cpuMs(flush);
  ctx.close();
  const ctx2 = benchCtx({}, storeDir);
  const rows = bodies.map((b) => {
    const terms = termsOf(b);
    const plan = scanPlan(ctx2.sqlite, terms.slice(0, 64), 100);
    const verbMs = median(verbCpu[b.i]);
    const lexMs = median(lexCpu[b.i]);
    return {
      i: b.i,
      filter: b.project ? "project" : "none",
      query: b.query.length > 48 ? `${b.query.slice(0, 45)}...` : b.query,
      "verb cpu ms": round(verbMs),
      "lexical cpu ms": round(lexMs),
      "rest ms": round(verbMs - lexMs),
      statements: statements[b.i],
      terms: plan.terms.length,
      candidates: plan.candidates === null ? "no" : "yes",
      "overlap@10": round(overlap[b.i], 2),
      "scored from": plan.fromSeq <= 1 ? "all" : plan.fromSeq > plan.maxSeq ? "none" : `newest ${plan.maxSeq - plan.fromSeq + 1}`,
    };
  });
  ctx2.close();
  const byCost = [...rows].sort((a, b) => b["verb cpu ms"] - a["verb cpu ms"]);
  const tail = byCost.slice(0, Math.ceil(rows.length * 0.05));
  const mean = (xs: number[]) => round(xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length));
  const summary = (name: string, set: typeof rows) => ({
    set: name,
    n: set.length,
    "verb cpu mean": mean(set.map((r) => r["verb cpu ms"])),
    "lexical cpu mean": mean(set.map((r) => r["lexical cpu ms"])),
    "rest mean": mean(set.map((r) => r["rest ms"])),
    "statements mean": mean(set.map((r) => r.statements)),
    "share >1 statement": round(set.filter((r) => r.statements > 1).length / Math.max(1, set.length)),
    "share no candidates": round(set.filter((r) => r.candidates === "no").length / Math.max(1, set.length)),
    "overlap@10": round(set.reduce((s, r) => s + r["overlap@10"], 0) / Math.max(1, set.length), 3),
    "project share": round(set.filter((r) => r.filter === "project").length / Math.max(1, set.length)),
  });
  const verbStats = stats(rows.map((r) => r["verb cpu ms"]));
  if (answersFile) fs.writeFileSync(answersFile, JSON.stringify(bodies.map((b) => ({ query: b.query, project: b.project ?? null, ids: answers[b.i] }))));
  console.log(
    `\nset ${set}: ${rows.length} requests, median of ${reps} runs each, load1 ${round(os.loadavg()[0], 1)}; verb CPU p50 ${verbStats.p50} p95 ${verbStats.p95} p99 ${verbStats.p99} ms`,
  );
  console.log(`access flush: ${round(flushCpu / (reps * rows.length), 3)} ms CPU a request\n`);
  console.log(table([summary("all", rows), summary("slowest 5%", tail), summary("rest", byCost.slice(tail.length))]));
  console.log(`\nThe ${top} slowest requests (CPU ms, median of ${reps})`);
  console.log(table(byCost.slice(0, top)));
  return { set, reps, load1: round(os.loadavg()[0], 1), verb: verbStats, flushCpuMs: round(flushCpu / (reps * rows.length), 3), rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const store = opt("store");
  if (!store) throw new Error("--store <speed store dir> is required");
  const set = (opt("set") ?? "all") as TailSet;
  const result = await runTailProfile(path.resolve(store), set, Number(opt("reps") ?? 5), Number(opt("top") ?? 20), opt("answers"));
  console.log(`\nwrote ${writeResult(`search-tail-profile-${set}`, { at: new Date().toISOString(), ...result })}`);
  process.exit(0);
}
