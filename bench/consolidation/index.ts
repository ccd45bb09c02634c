/**
 * Consolidation: precision and recall of each proposal kind on the labeled store
 * (bench/consolidation/labeled.ts, English and Chinese, with hard negatives), then the time of a
 * full run at 10,000 and 100,000 memories and the longest the run held the event loop.
 * Run: `npx tsx bench/consolidation/index.ts [sizes...]` (default 10000 100000).
 * With a real embedding model (`RECOLLECT_BENCH_MODEL_DIR=$(bench/models/prepare | tail -1)`),
 * the labeled store is also embedded and scored again with vectors, at each cosine of
 * SEMANTIC_SWEEP for merges by meaning alone (the calibration of
 * `consolidation.semanticMergeCosine`); without one that part is skipped.
 * Prints a table and writes JSON to bench/results/consolidation.json.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type Database from "better-sqlite3";
import { loadConfig } from "../../lib/config";
import { consolidate } from "../../lib/consolidation/consolidate";
import { makeCtx, type Ctx } from "../../lib/ctx";
import { contentHash } from "../../lib/memories/normalize";
import { openStore } from "../../lib/open-store";
import { databaseFile } from "../../lib/paths";
import { tempDir } from "../../tests/helpers/server";
import { embedStore } from "./embed-store";
import { labeledStore, NAMES, type LabeledMemory } from "./labeled";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DAY = 86_400_000;
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((x) => x > 0);
const SIZES = sizes.length ? sizes : [10_000, 100_000];

function ctxAt(dir: string): Ctx & { close: () => void } {
  const { config } = loadConfig({ env: { RECOLLECT_DATA_DIR: dir, XDG_CONFIG_HOME: tempDir("recollect-bench-config-") } });
  const o = openStore(databaseFile(dir), { migrationsDir: path.join(ROOT, "drizzle") });
  return { ...makeCtx({ db: o.db, sqlite: o.sqlite, config, dataDir: dir }), close: () => o.sqlite.close() };
}

/** Writes memories straight into the table (the verbs' own dedup would fold planted duplicates). */
function insert(sqlite: Database.Database, rows: readonly (LabeledMemory & { id: string })[], roots: Record<string, string>, now: number) {
  const project = sqlite.prepare("INSERT OR IGNORE INTO projects(id, name, root_path, identity) VALUES (?, ?, ?, 'path')");
  const ins = sqlite.prepare(
    `INSERT INTO memories (id, project_id, scope, category, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at)
     VALUES (?, ?, 'project', ?, ?, '[]', 'import', ?, 0, 0, ?, '{}', ?, ?)`,
  );
  sqlite.transaction(() => {
    for (const r of rows) {
      project.run(r.project, r.project, roots[r.project] ?? null);
      const at = now - r.ageDays * DAY;
      ins.run(r.id, r.project, r.category, r.content, r.status ?? "active", contentHash(r.content), at, at);
    }
  })();
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
function score(predicted: Set<string>, truth: Set<string>) {
  let tp = 0;
  for (const p of predicted) if (truth.has(p)) tp++;
  const precision = predicted.size ? tp / predicted.size : 1;
  const recall = truth.size ? tp / truth.size : 1;
  return { predicted: predicted.size, truth: truth.size, truePositives: tp, precision: round(precision), recall: round(recall) };
}
const round = (x: number) => Math.round(x * 1000) / 1000;

const MODEL_DIR = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
const SEMANTIC_SWEEP = [0.6, 0.7, 0.8, 0.9].flatMap((cosine) => [0, 0.02, 0.05, 0.1].map((margin) => ({ cosine, margin })));

async function quality(withVectors = false) {
  const store = labeledStore();
  const dir = tempDir("recollect-bench-consolidation-");
  const repo = tempDir("recollect-bench-repo-");
  const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { stdio: "pipe" });
  git("init", "-q");
  git("config", "user.email", "bench@example.com");
  git("config", "user.name", "bench");
  for (const f of [...store.files.deleted, ...store.files.kept]) {
    fs.mkdirSync(path.join(repo, path.dirname(f)), { recursive: true });
    fs.writeFileSync(path.join(repo, f), "x\n");
  }
  git("add", ".");
  git("commit", "-qm", "all files");
  git("rm", "-q", ...store.files.deleted);
  git("commit", "-qm", "delete the legacy files");

  const ctx = ctxAt(dir);
  const now = Date.now();
  insert(
    ctx.sqlite,
    store.memories.map((m) => ({ ...m, id: m.key })),
    { repo },
    now,
  );
  if (withVectors) await embedStore(ctx, MODEL_DIR);
  const runs: Record<string, Awaited<ReturnType<typeof scoreRun>>> = {};
  for (const setting of withVectors ? SEMANTIC_SWEEP : [null]) {
    if (setting) Object.assign(ctx.config.consolidation, { semanticMergeCosine: setting.cosine, semanticMargin: setting.margin });
    runs[setting ? `cosine ${setting.cosine}, margin ${setting.margin}` : "words"] = await scoreRun(ctx, store, now);
  }
  ctx.close();
  return { memories: store.memories.length, runs };
}

async function scoreRun(ctx: Ctx, store: ReturnType<typeof labeledStore>, now: number) {
  const ids = new Map(store.memories.map((m) => [m.key, m.key]));
  // Unused-staleness is a plain age rule; it is switched off here so "stale" measures the file check.
  const result = await consolidate(ctx, { dryRun: true, daysStale: 0, now });
  const proposals = result.proposals ?? [];
  const predicted = { merge: new Set<string>(), supersede: new Set<string>(), stale: new Set<string>(), expire: new Set<string>() };
  for (const p of proposals) {
    if (p.kind === "merge")
      for (let i = 0; i < p.memoryIds.length; i++)
        for (let j = i + 1; j < p.memoryIds.length; j++) predicted.merge.add(pairKey(p.memoryIds[i]!, p.memoryIds[j]!));
    if (p.kind === "supersede") predicted.supersede.add(`${p.memoryIds[0]}>${p.memoryIds[1]}`);
    if (p.kind === "stale") predicted.stale.add(p.memoryIds[0]!);
    if (p.kind === "expire") predicted.expire.add(p.memoryIds[0]!);
  }
  const truth = {
    merge: new Set(store.merge.map(([a, b]) => pairKey(ids.get(a)!, ids.get(b)!))),
    supersede: new Set(store.supersede.map(([n, o]) => `${n}>${o}`)),
    stale: new Set(store.staleFiles),
    expire: new Set(store.expire),
  };
  const byKind = Object.fromEntries(
    (Object.keys(truth) as (keyof typeof truth)[]).map((k) => [k, { ...score(predicted[k], truth[k]), hardNegatives: store.negatives[k] }]),
  );
  const text = new Map(store.memories.map((m) => [m.key, m.content]));
  const errors = {
    falsePositives: Object.fromEntries(
      (Object.keys(truth) as (keyof typeof truth)[]).map((k) => [
        k,
        [...predicted[k]].filter((p) => !truth[k].has(p)).map((p) => p.split(/[|>]/).map((id) => text.get(id))),
      ]),
    ),
    missed: Object.fromEntries(
      (Object.keys(truth) as (keyof typeof truth)[]).map((k) => [
        k,
        [...truth[k]].filter((p) => !predicted[k].has(p)).map((p) => p.split(/[|>]/).map((id) => text.get(id))),
      ]),
    ),
  };
  return { semanticPairs: result.semanticPairs, byKind, errors };
}

/** A letter tag per copy ("a", "b", ... "ba"), glued to every name so each copy speaks of other things. */
const tag = (c: number): string => (c < 26 ? String.fromCharCode(97 + c) : tag(Math.floor(c / 26) - 1) + String.fromCharCode(97 + (c % 26)));
const NAME_RE = new RegExp(
  NAMES.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .sort((a, b) => b.length - a.length)
    .join("|"),
  "g",
);

/**
 * A store of `n` memories: copies of the labeled store over 100 projects, each copy with its own
 * names (`billing` -> `billingq`), so copies share their sentence frames but not their subjects
 * (as many projects' memories do), and no two memories of a project have the same text.
 */
function syntheticRows(n: number): (LabeledMemory & { id: string })[] {
  const base = labeledStore().memories;
  const out: (LabeledMemory & { id: string })[] = [];
  for (let c = 0; out.length < n; c++) {
    for (const m of base) {
      if (out.length >= n) break;
      out.push({
        ...m,
        id: `s${c}-${m.key}`,
        project: `proj${c % 100}`,
        content: `${m.content.replace(NAME_RE, (x) => `${x}${tag(c)}`)}`,
        ageDays: m.ageDays + (c % 30),
      });
    }
  }
  return out;
}

async function speed(n: number) {
  const dir = tempDir("recollect-bench-consolidation-speed-");
  const ctx = ctxAt(dir);
  const now = Date.now();
  insert(ctx.sqlite, syntheticRows(n), {}, now);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu = process.cpuUsage();
  const r = await consolidate(ctx, { now, traceSlicesOverMs: 25 });
  const cpuUsed = process.cpuUsage(cpu);
  loop.disable();
  // What was proposed, without the random ids: two runs of the same code on the same store give the same digest.
  const rows = ctx.sqlite.prepare("SELECT kind, memory_ids, reason, evidence, suggestion FROM proposals ORDER BY kind, memory_ids").all();
  // (dates left out: the store's dates are written relative to the run's clock)
  const proposalsDigest = crypto
    .createHash("sha256")
    .update(JSON.stringify(rows).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, "<date>"))
    .digest("hex")
    .slice(0, 16);
  ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    memories: n,
    tookMs: r.tookMs,
    cpuMs: Math.round((cpuUsed.user + cpuUsed.system) / 1000),
    longestSliceMs: r.longestBlockMs,
    slices: r.slices,
    longestSliceAt: r.longestBlockAt ?? null,
    eventLoopDelayMaxMs: round(loop.max / 1e6),
    eventLoopDelayP99Ms: round(loop.percentile(99) / 1e6),
    found: r.found,
    created: r.created,
    proposalsDigest,
  };
}

function printQuality(label: string, q: Awaited<ReturnType<typeof quality>>) {
  for (const [run, r] of Object.entries(q.runs)) {
    console.log(
      `\nConsolidation quality, ${label}${run === "words" ? "" : `, ${run} (${r.semanticPairs} pairs by meaning alone)`} (${q.memories} labeled memories, EN + ZH; hard negatives per kind in the last column)\n`,
    );
    console.log("kind       predicted  truth  TP   precision  recall  hard negatives");
    for (const [k, s] of Object.entries(r.byKind))
      console.log(
        `${k.padEnd(10)} ${String(s.predicted).padStart(9)}  ${String(s.truth).padStart(5)}  ${String(s.truePositives).padStart(3)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}  ${String(s.hardNegatives).padStart(14)}`,
      );
    for (const [k, list] of Object.entries(r.errors.falsePositives)) for (const e of list) console.log(`  false ${k}: ${JSON.stringify(e)}`);
    for (const [k, list] of Object.entries(r.errors.missed)) for (const e of list) console.log(`  missed ${k}: ${JSON.stringify(e)}`);
  }
}

const q = await quality();
printQuality("words only (no vectors)", q);
let qv: Awaited<ReturnType<typeof quality>> | null = null;
if (MODEL_DIR && fs.existsSync(path.join(MODEL_DIR, "config.json"))) {
  qv = await quality(true);
  printQuality(`with vectors (${path.basename(MODEL_DIR)})`, qv);
} else console.log("\n(skipped the runs with vectors: set RECOLLECT_BENCH_MODEL_DIR to a prepared model, bench/models/prepare)");

const runs = [];
for (const n of SIZES) runs.push(await speed(n));
console.log("\nConsolidation speed (full run, proposals stored)\n");
console.log("memories   took ms   CPU ms  slices  p50 ms  p95 ms  max ms  CPU p95  CPU max  loop delay max ms  p99 ms  merge  supersede  stale  expire");
for (const r of runs)
  console.log(
    `${String(r.memories).padStart(8)}  ${String(r.tookMs).padStart(8)}  ${String(r.cpuMs).padStart(7)}  ${String(r.slices.slices).padStart(6)}  ${r.slices.p50Ms.toFixed(1).padStart(6)}  ${r.slices.p95Ms.toFixed(1).padStart(6)}  ${r.longestSliceMs.toFixed(1).padStart(6)}  ${r.slices.cpuP95Ms.toFixed(1).padStart(7)}  ${r.slices.cpuMaxMs.toFixed(1).padStart(7)}  ${r.eventLoopDelayMaxMs.toFixed(1).padStart(17)}  ${r.eventLoopDelayP99Ms.toFixed(1).padStart(6)}  ${String(r.found.merge).padStart(5)}  ${String(r.found.supersede).padStart(9)}  ${String(r.found.stale).padStart(5)}  ${String(r.found.expire).padStart(6)}`,
  );
for (const r of runs)
  console.log(`  ${r.memories}: proposals digest ${r.proposalsDigest}${r.longestSliceAt ? `; the longest slice ran ${r.longestSliceAt}` : ""}`);
const out = path.join(ROOT, "bench/results/consolidation.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ quality: q, qualityWithVectors: qv, speed: runs, at: new Date().toISOString() }, null, 2));
console.log(`\nJSON: ${path.relative(ROOT, out)}`);
