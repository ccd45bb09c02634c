import fs from "node:fs";
import os from "node:os";
import type { Ctx } from "../../lib/ctx";
import { exhaustiveRanking } from "../../lib/search/exhaustive";
import type { SearchFilters } from "../../lib/search/filters";
import { lexicalSearch } from "../../lib/search/lexical";
import { queryTerms } from "../../lib/search/tokenizer";
import { ensureBuild } from "../../scripts/build-if-needed";
import { keepAliveClient } from "../lib/http-client";
import { processCpuMs } from "../lib/process-cpu";
import { benchCtx, round, stats, table, tempDir, writeResult } from "./common";
import { CONVERSATION_PROJECT, loadScaleStore, locomo, SCALE_TAGS, type Question } from "./scale-corpus";
import { startBenchServer } from "./speed";

/**
 * Lexical search at scale against an exhaustive BM25 ranking of the same store.
 *
 *   npx tsx bench/search/scale.ts [--sizes 10000,100000] [--no-http] [--no-build] [--no-warm-wait] [--no-exhaustive]
 *
 * Stores of LoCoMo dev turns (conv-26, conv-30) mixed with synthetic coding memories
 * (scale-corpus.ts). For every dev question: lexicalSearch's top 10 against the exhaustive top 10
 * (the same FTS5 bm25() and column weights over all the query's terms, every posting scored, the
 * same filters): overlap@10, the share of queries with fewer results than the exhaustive ranking
 * (must be 0), recall@10 of the evidence turns for both, latency in process; then POST /api/search
 * (lexical) over HTTP against the production server on the same store. Skips when
 * ../shared/data/locomo-dev is absent (RECOLLECT_SHARED_DIR points elsewhere).
 *
 * `--no-warm-wait` times the HTTP requests as soon as the server answers, while it may still build
 * its near-duplicate index (1,000,000 memories: over 900 s on a loaded machine); the table's
 * "warm-up" column says whether it was still building after each filter. `--no-exhaustive` skips
 * the in-process comparison (the exhaustive ranking of every filter, slow at 1,000,000).
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

type FilterName = "none" | "project" | "project+category+scope" | "tags" | "pinned" | "project+tags";
const FILTERS: FilterName[] = ["none", "project", "project+category+scope", "tags", "pinned", "project+tags"];

function filtersFor(name: FilterName, q: Question): SearchFilters {
  const base: SearchFilters = { projectId: null, statuses: ["active"] };
  if (name === "none") return base;
  const projectId = CONVERSATION_PROJECT[q.sample_id];
  if (name === "project") return { ...base, projectId };
  // The corpus tags one memory in ten "review" and one in twenty "review" + "ops", pins one in fifty.
  if (name === "tags") return { ...base, tags: [SCALE_TAGS.review] };
  if (name === "pinned") return { ...base, pinned: true };
  if (name === "project+tags") return { ...base, projectId, tags: [SCALE_TAGS.review, SCALE_TAGS.ops] };
  return { ...base, projectId, categories: ["event"], scopes: ["project"] };
}

/** Every posting scored: bm25() over all the query's terms, no budget, no window. */
function exhaustive(ctx: Ctx, terms: readonly string[], filters: SearchFilters, k: number): number[] {
  return exhaustiveRanking(ctx.sqlite, terms, filters, k).map((r) => r.seq);
}

const cpuMicros = (used: NodeJS.CpuUsage) => used.user + used.system;

export async function runScale(sizes: number[], http = true, build = true, { waitForWarmUp = true, exhaustiveToo = true } = {}) {
  const data = locomo();
  if (!data) {
    console.log("skipped scale: the LoCoMo dev split is absent");
    return null;
  }
  if (http && build) ensureBuild();
  const questions = data.questions.filter((q) => queryTerms(q.question).length > 0);
  const quality: Record<string, unknown>[] = [];
  const overHttp: Record<string, unknown>[] = [];
  for (const n of sizes) {
    const dataDir = tempDir("recollect-scale-");
    const ctx = benchCtx({}, dataDir);
    const t0 = performance.now();
    const stored = loadScaleStore(ctx, n, data.turns);
    const loadSeconds = round((performance.now() - t0) / 1000, 1);
    const seqOf = new Map(stored.map((s) => [`${s.sampleId}/${s.diaId}`, s.seq]));
    for (const filter of exhaustiveToo ? FILTERS : []) {
      let overlap = 0;
      let short = 0;
      let recallPlan = 0;
      let recallExhaustive = 0;
      let withEvidence = 0;
      const planMs: number[] = [];
      const exhaustiveMs: number[] = [];
      // CPU time as well as wall time: an A/B comparison that holds on a loaded machine.
      let planCpuUs = 0;
      let exhaustiveCpuUs = 0;
      for (const q of questions) {
        const terms = queryTerms(q.question);
        const f = filtersFor(filter, q);
        let t = performance.now();
        let cpu = process.cpuUsage();
        const got = lexicalSearch(ctx, terms, f, 10).map((h) => h.seq);
        planMs.push(performance.now() - t);
        planCpuUs += cpuMicros(process.cpuUsage(cpu));
        t = performance.now();
        cpu = process.cpuUsage();
        const best = exhaustive(ctx, terms, f, 10);
        exhaustiveMs.push(performance.now() - t);
        exhaustiveCpuUs += cpuMicros(process.cpuUsage(cpu));
        const gotSet = new Set(got);
        overlap += best.length === 0 ? 1 : best.filter((s) => gotSet.has(s)).length / best.length;
        if (got.length < best.length) short++;
        const evidence = q.evidence.map((e) => seqOf.get(`${q.sample_id}/${e}`)).filter((s): s is number => s !== undefined);
        if (q.category !== 5 && evidence.length > 0) {
          withEvidence++;
          const bestSet = new Set(best);
          recallPlan += evidence.filter((s) => gotSet.has(s)).length / evidence.length;
          recallExhaustive += evidence.filter((s) => bestSet.has(s)).length / evidence.length;
        }
      }
      const p = stats(planMs);
      const e = stats(exhaustiveMs);
      quality.push({
        memories: n,
        filter,
        queries: questions.length,
        "overlap@10": round(overlap / questions.length, 3),
        "short share": round(short / questions.length, 3),
        "recall@10": round(recallPlan / withEvidence, 3),
        "recall@10 exhaustive": round(recallExhaustive / withEvidence, 3),
        "p50 ms": p.p50,
        "p95 ms": p.p95,
        "exhaustive p50": e.p50,
        "exhaustive p95": e.p95,
        "cpu ms/query": round(planCpuUs / 1000 / questions.length),
        "exhaustive cpu ms/query": round(exhaustiveCpuUs / 1000 / questions.length),
      });
      console.log(table([quality[quality.length - 1]]));
    }
    ctx.close();
    if (http) {
      const started = performance.now();
      const server = await startBenchServer(dataDir, {}, [], { waitForWarmUp });
      const startSeconds = round((performance.now() - started) / 1000, 1);
      try {
        const client = keepAliveClient(server.url, server.token);
        for (const filter of ["none", "project", "tags"] as const) {
          const body = (q: Question) => ({
            query: q.question,
            limit: 10,
            mode: "lexical",
            ...(filter === "project" ? { project: CONVERSATION_PROJECT[q.sample_id] } : {}),
            ...(filter === "tags" ? { tags: [SCALE_TAGS.review] } : {}),
          });
          for (const q of questions.slice(0, 20)) await client.post("/api/search", body(q)); // warm-up
          const samples: number[] = [];
          let empty = 0;
          const cpuBefore = processCpuMs(server.pid);
          for (let rep = 0; rep < 2; rep++)
            for (const q of questions) {
              const t = performance.now();
              const res = await client.post("/api/search", body(q));
              samples.push(performance.now() - t);
              if (res.status !== 200) throw new Error(`search failed: ${res.body}`);
              if ((JSON.parse(res.body) as { results: unknown[] }).results.length === 0) empty++;
            }
          const cpuAfter = processCpuMs(server.pid);
          const serverCpu = cpuBefore === null || cpuAfter === null ? "n/a" : round((cpuAfter - cpuBefore) / samples.length);
          overHttp.push({
            memories: n,
            filter,
            ...stats(samples),
            "server cpu ms/query": serverCpu,
            "empty answers": empty / 2,
            loadSeconds,
            startSeconds,
            ...(waitForWarmUp ? {} : { "warm-up": (await server.warmingUp()) ? "building" : "done" }),
            load1: round(os.loadavg()[0], 1),
          });
          console.log(table([overHttp[overHttp.length - 1]]));
        }
        client.close();
      } finally {
        await server.stop();
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log("\nLexical search against the exhaustive BM25 ranking (in process, top 10)");
  console.log(table(quality));
  if (overHttp.length) {
    console.log("\nPOST /api/search, lexical, limit 10, over HTTP (ms)");
    console.log(table(overHttp));
  }
  return { quality, http: overHttp };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = (opt("sizes") ?? "10000,100000").split(",").map(Number);
  const result = await runScale(sizes, !args.includes("--no-http"), !args.includes("--no-build"), {
    waitForWarmUp: !args.includes("--no-warm-wait"),
    exhaustiveToo: !args.includes("--no-exhaustive"),
  });
  if (result) console.log(`\nwrote ${writeResult("search-scale", { at: new Date().toISOString(), ...result })}`);
  process.exit(0);
}
