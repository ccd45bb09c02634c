import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseFile } from "../../lib/paths";
import type { SearchFilters } from "../../lib/search/filters";
import { lexicalSearch } from "../../lib/search/lexical";
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
  if (overHttp.length) {
    console.log("\nPOST /api/search over HTTP (server CPU per query from /proc; wall marked with load1)");
    console.log(table(overHttp));
  }
  return { size, inProcess: rows, http: overHttp };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = Number(opt("size") ?? 100_000);
  const store = opt("store");
  const result = await runRouteProfile(size, store ? path.resolve(store) : undefined, !args.includes("--no-http"), !args.includes("--no-build"));
  if (result) console.log(`\nwrote ${writeResult("search-route-profile", { at: new Date().toISOString(), ...result })}`);
  process.exit(0);
}
