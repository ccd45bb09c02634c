import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseFile } from "../../lib/paths";
import type { SearchFilters } from "../../lib/search/filters";
import { COLUMN_WEIGHTS, ftsQuery, lexicalSearch, scanPlan } from "../../lib/search/lexical";
import { memoryConditions } from "../../lib/search/filters";
import { boostTitleMatches } from "../../lib/search/title-match";
import { formatResults } from "../../lib/search/format";
import { searchMemories } from "../../lib/search/search";
import { queryTerms } from "../../lib/search/tokenizer";
import { ensureBuild } from "../../scripts/build-if-needed";
import { keepAliveClient } from "../lib/http-client";
import { processCpuMs } from "../lib/process-cpu";
import { benchCtx, round, stats, table, tempDir, writeResult } from "./common";
import { CONVERSATION_PROJECT, loadScaleStore, locomo } from "./scale-corpus";
import { startBenchServer } from "./speed";

/**
 * Where the time of a lexical `POST /api/search` goes at scale, in CPU time (process.cpuUsage in
 * process; the server's utime + stime from /proc/<pid>/stat over HTTP), so that an A/B comparison
 * holds on a loaded machine. Wall-clock p50/p95 are printed too (marked with the load average).
 *
 *   npx tsx bench/search/route-profile.ts [--size 100000] [--store DIR] [--no-http] [--no-build]
 *
 * `--store DIR` keeps the generated store there and reuses it on the next run (the 100,000 store
 * takes 30-60 s to build). Needs the LoCoMo dev split (see scale.ts); skips cleanly without it.
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

/** CPU microseconds of this process (user + system) spent by `fn`. */
function cpuOf(fn: () => unknown): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

export async function runRouteProfile(size: number, storeDir: string | undefined, http: boolean, build: boolean) {
  const data = locomo();
  if (!data) {
    console.log("skipped route profile: the LoCoMo dev split is absent");
    return null;
  }
  if (http && build) ensureBuild();
  const dataDir = storeDir ?? tempDir("recollect-profile-");
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh = !fs.existsSync(databaseFile(dataDir));
  const ctx = benchCtx({}, dataDir);
  if (fresh) loadScaleStore(ctx, size, data.turns);
  const questions = data.questions.filter((q) => queryTerms(q.question).length > 0);
  const rows: Record<string, unknown>[] = [];
  const measure = (name: string, fn: (q: (typeof questions)[number]) => unknown) => {
    for (const q of questions.slice(0, 20)) fn(q); // warm-up: prepared statements, df cache
    const cpu: number[] = [];
    const wall: number[] = [];
    for (const q of questions) {
      const t = performance.now();
      cpu.push(cpuOf(() => fn(q)) / 1000);
      wall.push(performance.now() - t);
    }
    const c = stats(cpu);
    const w = stats(wall);
    rows.push({
      step: name,
      n: c.n,
      "cpu mean ms": round(cpu.reduce((s, x) => s + x, 0) / cpu.length),
      "cpu p95 ms": c.p95,
      "wall p50 ms": w.p50,
      "wall p95 ms": w.p95,
    });
    console.log(table([rows[rows.length - 1]]));
  };
  const none: SearchFilters = { projectId: null, statuses: ["active"] };
  const project = (q: (typeof questions)[number]): SearchFilters => ({ ...none, projectId: CONVERSATION_PROJECT[q.sample_id] });
  measure("lexicalSearch k=10", (q) => lexicalSearch(ctx, queryTerms(q.question), none, 10));
  measure("lexicalSearch k=100", (q) => lexicalSearch(ctx, queryTerms(q.question), none, 100));
  measure("lexicalSearch k=10 project", (q) => lexicalSearch(ctx, queryTerms(q.question), project(q), 10));
  const noDefer = () => {};
  // searchMemories is async only for the embedding; in lexical mode it settles at once.
  measure("searchMemories lexical limit 10", (q) =>
    searchMemories(ctx, { query: q.question, limit: 10, mode: "lexical", explain: false, purpose: "search" }, { defer: noDefer }),
  );
  measure("searchMemories lexical limit 10 project", (q) =>
    searchMemories(
      ctx,
      { query: q.question, limit: 10, mode: "lexical", explain: false, purpose: "search", project: CONVERSATION_PROJECT[q.sample_id] },
      { defer: noDefer },
    ),
  );
  const stages = await stageProfile(
    ctx,
    questions.map((q) => q.question),
  );
  ctx.close();

  const overHttp: Record<string, unknown>[] = [];
  if (http) {
    const server = await startBenchServer(dataDir, {});
    try {
      const client = keepAliveClient(server.url, server.token);
      const bodies: [string, (q: (typeof questions)[number]) => unknown][] = [
        ["no match", () => ({ query: "zzqxv", limit: 10, mode: "lexical" })],
        ["none", (q) => ({ query: q.question, limit: 10, mode: "lexical" })],
        ["project", (q) => ({ query: q.question, limit: 10, mode: "lexical", project: CONVERSATION_PROJECT[q.sample_id] })],
      ];
      for (const [name, body] of bodies) {
        for (const q of questions.slice(0, 20)) await client.post("/api/search", body(q));
        const wall: number[] = [];
        let empty = 0;
        const cpuBefore = processCpuMs(server.pid);
        for (let rep = 0; rep < 2; rep++)
          for (const q of questions) {
            const t = performance.now();
            const res = await client.post("/api/search", body(q));
            wall.push(performance.now() - t);
            if (res.status !== 200) throw new Error(`search failed: ${res.body}`);
            if ((JSON.parse(res.body) as { results: unknown[] }).results.length === 0) empty++;
          }
        const cpuAfter = processCpuMs(server.pid);
        const w = stats(wall);
        overHttp.push({
          filter: name,
          n: w.n,
          "server cpu ms/query": cpuBefore === null || cpuAfter === null ? "n/a" : round((cpuAfter - cpuBefore) / w.n),
          "wall p50": w.p50,
          "wall p95": w.p95,
          "empty answers": empty / 2,
          load1: round(os.loadavg()[0], 1),
        });
        console.log(table([overHttp[overHttp.length - 1]]));
      }
      client.close();
    } finally {
      await server.stop();
    }
  }
  if (!storeDir) fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`\nIn process at ${size} memories (CPU ms per query; wall at load1 ${round(os.loadavg()[0], 1)})`);
  console.log(table(rows));
  console.log("\nOne lexical search split into its stages (CPU ms per query, no filter, k = 100 as the route asks)");
  console.log(table(stages));
  if (overHttp.length) {
    console.log("\nPOST /api/search over HTTP (server CPU per query from /proc; wall marked with load1)");
    console.log(table(overHttp));
  }
  return { size, inProcess: rows, stages, http: overHttp };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = Number(opt("size") ?? 100_000);
  const store = opt("store");
  const result = await runRouteProfile(size, store ? path.resolve(store) : undefined, !args.includes("--no-http"), !args.includes("--no-build"));
  if (result) console.log(`\nwrote ${writeResult("search-route-profile", { at: new Date().toISOString(), ...result })}`);
  process.exit(0);
}

/**
 * The stages of one lexical search (no filter, k = 100 as POST /api/search asks), each timed alone
 * in CPU time over the same questions. The SQL stages rebuild the plan's first statement
 * (lexical.ts) one part at a time: the postings (MATCH and the candidates' sub-query, rowids
 * only), then bm25() and the sort, then the join with `memories` and its filters. The later ones
 * are what searchMemories does around it. Each row's figure includes the ones above it where
 * marked "+".
 */
async function stageProfile(ctx: ReturnType<typeof benchCtx>, questions: string[]): Promise<Record<string, unknown>[]> {
  const k = 100;
  const filters: SearchFilters = { projectId: null, statuses: ["active"] };
  const cond = memoryConditions(filters);
  const { title, tags, content } = COLUMN_WEIGHTS;
  const sqlite = ctx.sqlite;
  const statementOf = (terms: string[]) => {
    const plan = scanPlan(sqlite, terms.slice(0, 64), k);
    const candidates = "+memory_fts.rowid IN (SELECT rowid FROM memory_fts WHERE memory_fts MATCH ?)";
    const [where, params]: [string, unknown[]] =
      plan.candidates === null || plan.fromSeq <= 1
        ? ["memory_fts.rowid >= ?", [plan.fromSeq]]
        : [`(+memory_fts.rowid >= ? OR ${candidates})`, [plan.fromSeq, plan.candidates]];
    return { match: ftsQuery(plan.terms), where, params, candidates: plan.fromSeq <= 1 ? null : plan.candidates };
  };
  const sqlPostings = (where: string) => `SELECT memory_fts.rowid FROM memory_fts WHERE memory_fts MATCH ? AND ${where}`;
  const sqlBm25 = (where: string) =>
    `SELECT memory_fts.rowid, bm25(memory_fts, ${title}, ${tags}, ${content}) AS b FROM memory_fts WHERE memory_fts MATCH ? AND ${where} ORDER BY b LIMIT ?`;
  const sqlJoin = (where: string) =>
    `SELECT m.seq AS seq, bm25(memory_fts, ${title}, ${tags}, ${content}) AS bm25, m.title AS title, m.pinned AS pinned, m.category AS category, ` +
    "m.created_at AS createdAt, m.access_count AS accessCount, m.project_id AS projectId FROM memory_fts CROSS JOIN memories m ON m.seq = memory_fts.rowid " +
    `WHERE memory_fts MATCH ? AND ${where} AND ${cond.sql} ORDER BY bm25 LIMIT ?`;
  const noDefer = () => {};
  const prepared = questions.map((q) => {
    const terms = queryTerms(q);
    const st = statementOf(terms);
    const rows = sqlite.prepare(sqlJoin(st.where)).all(st.match, ...st.params, ...cond.params, k) as { bm25: number; title: string | null }[];
    return { q, terms, st, rows };
  });
  const out: Record<string, unknown>[] = [];
  const stage = (name: string, fn: (p: (typeof prepared)[number]) => unknown) => {
    for (const p of prepared.slice(0, 20)) fn(p);
    const cpu = prepared.map((p) => cpuOf(() => fn(p)) / 1000);
    out.push({ stage: name, "cpu mean ms": round(cpu.reduce((a, b) => a + b, 0) / cpu.length), "cpu p95 ms": stats(cpu).p95 });
  };
  stage("query terms (tokenize, stem)", (p) => queryTerms(p.q));
  stage("plan (df lookups, candidates)", (p) => scanPlan(sqlite, p.terms.slice(0, 64), k));
  // The parts of the postings stage alone: the OR merge of every found term (no condition), and
  // the candidates' sub-query (rare terms and pairs of common ones) on its own.
  stage("OR merge of all found terms alone (count)", (p) => sqlite.prepare("SELECT count(*) FROM memory_fts WHERE memory_fts MATCH ?").get(p.st.match));
  stage("candidates' sub-query alone (rowids)", (p) =>
    p.st.candidates === null ? null : sqlite.prepare("SELECT rowid FROM memory_fts WHERE memory_fts MATCH ?").all(p.st.candidates),
  );
  stage("postings: MATCH + candidates, rowids only", (p) => sqlite.prepare(sqlPostings(p.st.where)).all(p.st.match, ...p.st.params));
  stage("+ bm25() (idf pass, scoring, sort)", (p) => sqlite.prepare(sqlBm25(p.st.where)).all(p.st.match, ...p.st.params, k));
  stage("+ join memories, filters, ranking columns", (p) => sqlite.prepare(sqlJoin(p.st.where)).all(p.st.match, ...p.st.params, ...cond.params, k));
  // How many scoring statements (bm25()) lexicalSearch runs a query: more than one means widening or
  // a top-first fallback, each paying the idf pass and the OR merge again.
  const statementProto = Object.getPrototypeOf(sqlite.prepare("SELECT 1")) as { all: (...a: unknown[]) => unknown };
  const all = statementProto.all;
  let scoring = 0;
  statementProto.all = function (this: { source: string }, ...a: unknown[]) {
    if (this.source.includes("bm25(")) scoring++;
    return all.apply(this, a);
  };
  for (const kk of [10, k]) {
    scoring = 0;
    for (const p of prepared) lexicalSearch(ctx, p.terms, filters, kk);
    out.push({
      stage: `scoring statements a query (a count, not ms), lexicalSearch k = ${kk}`,
      "cpu mean ms": round(scoring / prepared.length),
      "cpu p95 ms": "",
    });
  }
  statementProto.all = all;
  stage("title match (boostTitleMatches)", (p) =>
    boostTitleMatches(
      p.rows.map((r) => ({ ...r })),
      p.terms,
    ),
  );
  stage("lexicalSearch (all of the above, widening)", (p) => lexicalSearch(ctx, p.terms, filters, k));
  const outputs = new Map<string, Awaited<ReturnType<typeof searchMemories>>>();
  stage("searchMemories, lexical, limit 10 (+ ranking, rows, snippets, formatted)", (p) =>
    searchMemories(ctx, { query: p.q, limit: 10, mode: "lexical", explain: false, purpose: "search" }, { defer: noDefer }).then((o) => outputs.set(p.q, o)),
  );
  // Lexical mode settles without waiting on anything: its answers are in `outputs` after one turn.
  await new Promise((r) => setImmediate(r));
  stage("formatted (formatResults of the 10)", (p) => {
    const o = outputs.get(p.q);
    if (o) formatResults(p.q, o.results, 1000);
  });
  stage("JSON.stringify of the answer", (p) => JSON.stringify(outputs.get(p.q)));
  return out;
}
