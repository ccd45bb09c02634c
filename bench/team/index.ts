/**
 * bench/team: the team hub on a throw-away PostgreSQL 15 (tests/helpers/postgres.ts), 10 simulated
 * users. Measures: push throughput into the hub (the verb, in this process: the hub's own cost),
 * pull throughput (the verb, and over HTTP from the real server in hub mode), hub search p50/p95
 * at N team memories (GIN tsvector over Recollect's tokens), and sync of 1,000 changes end to end on
 * loopback: 10 machines (real SQLite each) write 100 memories each, push them through the real hub
 * server, and an 11th machine, its background sync parked on the hub's long poll, pulls and applies
 * all 1,000 (timed from the pushes' start to the 1,000th applied memory).
 * With --dims D (default 384, 0 for none) each pushed memory carries a random unit vector of D
 * dimensions (as a machine's embedding), and hybrid search (lexical + in-process vectors) is
 * measured beside the lexical one.
 * --vectors text pushes a bag-of-words projection of each memory's text instead of a random vector
 * (bench/team/vector-queries.ts), and recall@10 of the in-process ranking against every vector
 * compared is measured on a tuning and a frozen query set.
 * Run: npx tsx bench/team/index.ts [--memories 100000] [--dims 384] [--vectors random|text] [--no-http] [--overlap] (--no-http: the verbs only, no build needed)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { teamPushInput } from "../../lib/contracts/team";
import { createMemory } from "../../lib/memories";
import { grantProjectAccess } from "../../lib/team/hub/grant";
import { inviteHubUser } from "../../lib/team/hub/invite";
import { closeHub, openHub } from "../../lib/team/hub/open";
import { pullVersions } from "../../lib/team/hub/pull";
import { pushChanges } from "../../lib/team/hub/push";
import { lexicalPlan, RANKED_MATCHES, searchTeamMemories, weighedTerms } from "../../lib/team/hub/search";
import { queryTerms } from "../../lib/search/tokenizer";
import { authenticateHubUser, type HubUser } from "../../lib/team/hub/users";
import { hubPull } from "../../lib/team/hub-client";
import { joinHub } from "../../lib/team/join";
import { shareProject } from "../../lib/team/share";
import { startTeamSync } from "../../lib/team/background";
import { joinedHub } from "../../lib/team/link";
import { pushOutbox } from "../../lib/team/push-outbox";
import { ensureBuild, ROOT } from "../../scripts/build-if-needed";
import { testCtx } from "../../tests/helpers/ctx";
import { postgresSkipReason, startPostgres } from "../../tests/helpers/postgres";
import { startServer, tempDir } from "../../tests/helpers/server";
import { processCpuMs } from "../lib/process-cpu";
import { printTable, summarize, time, writeResult } from "../lib/stats";
import { corpus, rand } from "../search/corpus";
import { frozenQueryTexts, frozenRandomQueries, recallAt, textEmbedder } from "./vector-queries";

const args = process.argv.slice(2);
const size = Number(args.includes("--memories") ? args[args.indexOf("--memories") + 1] : 100_000);
const USERS = 10;
const BATCH = 1_000;
const http = !args.includes("--no-http");
const dims = Number(args.includes("--dims") ? args[args.indexOf("--dims") + 1] : 384);
/** --vectors random (default) or text: what each pushed memory's embedding is (bench/team/vector-queries.ts). */
const vectorKind = args.includes("--vectors") ? args[args.indexOf("--vectors") + 1] : "random";
if (vectorKind !== "random" && vectorKind !== "text") throw new Error("--vectors must be random or text");
/** A random direction: what a model's embedding looks like to the ranking (its cost, not its quality). */
const randomVector = () => {
  const v = Array.from({ length: dims }, () => rand() - 0.5);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => Math.round((x / norm) * 1e5) / 1e5);
};

const skip = postgresSkipReason();
if (skip) {
  console.log(`bench/team skipped: ${skip}`);
  process.exit(0);
}
if (http) ensureBuild();
const db = await startPostgres();
const results: Record<string, unknown> & { search?: Record<string, unknown>; hybrid?: Record<string, unknown> } = {
  memories: size,
  users: USERS,
  dims,
  load: os.loadavg()[0],
};
/** CPU of the PostgreSQL server's processes (the postmaster's children: one backend per connection), by pid. */
const postgresCpu = (dataDir: string): Map<number, number> => {
  const out = new Map<number, number>();
  const postmaster = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  for (const pid of fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (pid === postmaster || ppid === postmaster) out.set(pid, processCpuMs(pid) ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
};
const postgresCpuMsSince = (dataDir: string, start: Map<number, number>) => {
  let ms = 0;
  for (const [pid, now] of postgresCpu(dataDir)) ms += now - (start.get(pid) ?? 0);
  return Math.round(ms);
};
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(start);
  return Math.round((d.user + d.system) / 1000);
};
try {
  const hub = await openHub(db.url, { migrationsDir: path.join(ROOT, "drizzle-hub") });
  await grantProjectAccess(hub, "bench", { team: "core", project: "acme" });
  const tokens: string[] = [];
  const users: HubUser[] = [];
  for (let u = 0; u < USERS; u++) {
    tokens.push((await inviteHubUser(hub, "bench", { name: `user${u}`, team: "core", admin: false })).token);
    users.push(await authenticateHubUser(hub, tokens[u]!));
  }
  const c = corpus();
  const textVector = textEmbedder(dims, c.vocabulary);
  /** The embedding pushed with a memory of this text. */
  const memoryVector = (text: string) =>
    !dims ? null : vectorKind === "text" ? Array.from(textVector(text), (x) => Math.round(x * 1e5) / 1e5) : randomVector();

  // 1. Push throughput: N memories in batches of 1,000, the users taking turns (the hub's verb).
  const cpu0 = process.cpuUsage();
  const [, pushMs] = await time(async () => {
    for (let i = 0; i < size; i += BATCH) {
      const changes = Array.from({ length: Math.min(BATCH, size - i) }, (_, k) => {
        const content = c.text();
        return {
          changeId: `load-${i + k}`,
          memoryId: `load-${i + k}`,
          project: "acme",
          baseSeq: null,
          category: "fact",
          title: null,
          content,
          embedding: memoryVector(content),
        };
      });
      await pushChanges(hub, users[(i / BATCH) % USERS]!, teamPushInput.parse({ changes }));
    }
  });
  const pushCpu = process.cpuUsage(cpu0);
  // The hub runs ANALYZE itself after bulk loads (lib/team/hub/term-stats.ts): wait for the last one.
  await hub.terms.settled();
  results.push = {
    changes: size,
    ms: Math.round(pushMs),
    perSecond: Math.round((size / pushMs) * 1000),
    benchCpuMs: Math.round((pushCpu.user + pushCpu.system) / 1000),
  };

  // 2. Pull throughput through the verb: every version, pages of 1,000.
  const [pulled, pullMs] = await time(async () => {
    let cursor = 0;
    let n = 0;
    for (;;) {
      const page = await pullVersions(hub, users[0]!, { project: "acme", cursor, limit: BATCH });
      n += page.versions.length;
      cursor = page.cursor;
      if (!page.more) return n;
    }
  });
  results.pullVerb = { versions: pulled, ms: Math.round(pullMs), perSecond: Math.round((pulled / pullMs) * 1000) };

  // 3. Hub search at N memories: 200 queries of two vocabulary words, lexical (GIN tsvector), then
  // hybrid (the same plus the nearest stored vectors, in the hub process) when vectors were pushed.
  const queries = Array.from({ length: 200 }, () => `${c.vocabulary[Math.floor(rand() * 400)]} ${c.vocabulary[Math.floor(rand() * 2000)]}`);
  const searchSamples = async (embed?: (text: string) => Promise<Float32Array>) => {
    const samples: number[] = [];
    for (let q = 0; q < queries.length; q++) {
      const [, ms] = await time(() => searchTeamMemories(hub, users[q % USERS]!, { project: "acme", query: queries[q]!, limit: 10 }, embed));
      samples.push(ms);
    }
    return summarize(samples);
  };
  const planTerms = [...new Set(queryTerms(queries[0]!))];
  const lexical = lexicalPlan("acme", await weighedTerms(hub, planTerms), RANKED_MATCHES, 40);
  const plan = await hub.pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${lexical.sql}`, lexical.params);
  results.lexicalPlan = plan.rows.map((r) => r["QUERY PLAN"]);
  const searchCpu0 = process.cpuUsage();
  const searchPostgresCpu0 = postgresCpu(db.dataDir);
  results.search = { index: "GIN tsvector (Recollect tokens), rarest terms first", ...(await searchSamples()) };
  results.search.benchCpuMs = cpuMsSince(searchCpu0);
  // PostgreSQL's CPU per query (its backends): what a search costs the hub's database, whatever the load.
  results.search.postgresCpuMsPerQuery = Math.round((postgresCpuMsSince(db.dataDir, searchPostgresCpu0) / queries.length) * 10) / 10;
  results.search.benchCpuMsPerQuery = Math.round((Number(results.search.benchCpuMs) / queries.length) * 10) / 10;
  // --overlap: the capped, rarest-first list against every match scored with the same weights, on
  // the bench's queries and on 200 three-word queries drawn uniformly from the vocabulary by another
  // generator (a set not looked at while writing the SQL). Same score at each of the top 10
  // positions, and same memories (these differ only among equal scores).
  if (args.includes("--overlap")) {
    let seed = 12_345;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const uniform = Array.from({ length: 200 }, () => [0, 1, 2].map(() => c.vocabulary[Math.floor(next() * c.vocabulary.length)]).join(" "));
    const overlap = async (set: string[]) => {
      let sameScore = 0;
      let sameMemories = 0;
      let n = 0;
      for (const q of set) {
        const terms = [...new Set(queryTerms(q))];
        if (!terms.length) continue;
        const weighed = await weighedTerms(hub, terms);
        const run = async (cap: number) => {
          const p = lexicalPlan("acme", weighed, cap, 10);
          return (await hub.pool.query<{ seq: number; rank: number }>(p.sql, p.params)).rows;
        };
        const [capped, every] = [await run(RANKED_MATCHES), await run(Number.MAX_SAFE_INTEGER)];
        if (!every.length) continue;
        n++;
        const seqs = new Set(every.map((h) => h.seq));
        sameMemories += capped.filter((h) => seqs.has(h.seq)).length / every.length;
        sameScore += capped.filter((h, j) => every[j] !== undefined && Math.abs(h.rank - every[j]!.rank) < 1e-9).length / every.length;
      }
      return { queries: n, sameScoreAt10: Math.round((sameScore / n) * 1000) / 1000, sameMemoriesAt10: Math.round((sameMemories / n) * 1000) / 1000 };
    };
    results.overlap = { benchQueries: await overlap(queries), uniformThreeWords: await overlap(uniform) };
  }
  if (dims) {
    const embed = async (text: string) => (vectorKind === "text" ? textVector(text) : Float32Array.from(randomVector()));
    // The first search finds the project's vectors not loaded: it answers lexical-only at once and
    // they load in the background, in slices (what a hub start does for every project).
    const loadCpu0 = process.cpuUsage();
    const [first, firstMs] = await time(() => searchTeamMemories(hub, users[0]!, { project: "acme", query: "warm up", limit: 10 }, embed));
    const firstCpuMs = cpuMsSince(loadCpu0);
    const [, readyMs] = await time(() => hub.inProcess.ready("acme", dims));
    const loadCpuMs = cpuMsSince(loadCpu0);
    const hybridCpu0 = process.cpuUsage();
    results.hybrid = {
      vectors: `${hub.vectorMode}, ${dims} dims, ${vectorKind} vectors`,
      firstSearchMs: Math.round(firstMs),
      firstSearchCpuMs: firstCpuMs,
      firstSearchMode: `${first.mode}${first.vectorsLoading ? " (vectors loading)" : ""}`,
      vectorsLoadedInBackgroundMs: Math.round(readyMs),
      vectorsLoadCpuMs: loadCpuMs,
      ...(await searchSamples(embed)),
    };
    results.hybrid.benchCpuMs = cpuMsSince(hybridCpu0);
    results.hybrid.benchCpuMsPerQuery = Math.round((Number(results.hybrid.benchCpuMs) / queries.length) * 10) / 10;
    // Recall@10 of the hub's in-process list (approximate above EXACT_LIMIT) against every vector
    // compared, on the tuning queries (the bench's) and the FROZEN ones (bench/team/vector-queries.ts),
    // with the CPU a ranking of each (the vector part alone, no SQL).
    if (hub.vectorMode !== "pgvector") {
      const tuning = vectorKind === "text" ? queries.map((q) => textVector(q)) : queries.map(() => Float32Array.from(randomVector()));
      const frozen = vectorKind === "text" ? frozenQueryTexts(c.vocabulary).map((q) => textVector(q)) : frozenRandomQueries(dims);
      const measure = async (set: Float32Array[]) => {
        const pairs: { approximate: number[]; exhaustive: number[] }[] = [];
        let approximateCpu = 0;
        let exhaustiveCpu = 0;
        for (const q of set) {
          let t = process.cpuUsage();
          const approximate = ((await hub.inProcess.search("acme", q, 10)) ?? []).map((h) => h.seq);
          approximateCpu += cpuMsSince(t);
          t = process.cpuUsage();
          const exhaustive = ((await hub.inProcess.search("acme", q, 10, { exhaustive: true })) ?? []).map((h) => h.seq);
          exhaustiveCpu += cpuMsSince(t);
          pairs.push({ approximate, exhaustive });
        }
        return {
          recallAt10: recallAt(10, pairs),
          cpuMsPerQuery: Math.round((approximateCpu / set.length) * 10) / 10,
          exhaustiveCpuMsPerQuery: Math.round((exhaustiveCpu / set.length) * 10) / 10,
        };
      };
      results.vectorRecall = { vectors: vectorKind, frozen: await measure(frozen), tuning: await measure(tuning) };
    }
  }

  // 4. The real hub server on the same PostgreSQL: pull over HTTP, and sync of 1,000 changes end to end.
  if (http) {
    const server = await startServer({ env: { RECOLLECT_DATABASE_URL: db.url } });
    try {
      const link = { url: server.url, token: tokens[0]! };
      const [httpPulled, httpPullMs] = await time(async () => {
        let cursor = 0;
        let n = 0;
        for (;;) {
          const page = await hubPull(link, "acme", cursor);
          n += page.versions.length;
          cursor = page.cursor;
          if (!page.more) return { n, cursor };
        }
      });
      results.pullHttp = { versions: httpPulled.n, ms: Math.round(httpPullMs), perSecond: Math.round((httpPulled.n / httpPullMs) * 1000) };

      const machines: { ctx: ReturnType<typeof testCtx>; dir: string }[] = [];
      for (let u = 0; u <= USERS; u++) {
        const ctx = testCtx();
        const dir = tempDir("recollect-bench-team-");
        await joinHub(ctx, { url: server.url, token: tokens[u % USERS]! });
        shareProject(ctx, { directory: dir, name: "acme" });
        machines.push({ ctx, dir });
      }
      const reader = machines.pop()!;
      // Every machine starts at the hub's end (as if caught up before): what moves is the 1,000 changes below.
      for (const m of [...machines, reader]) m.ctx.sqlite.prepare("UPDATE team_projects SET cursor = ?").run(httpPulled.cursor);
      for (const m of machines) for (let k = 0; k < 100; k++) createMemory(m.ctx, { content: `${c.text()} (sync ${k})`, directory: m.dir });
      // End to end as a team runs it: the reader machine's background sync (an interval of an hour,
      // so only the hub's long poll can wake it), the 10 writers each push their outbox (what a
      // write's wake-up starts on a machine; their own pulls happen on their machines, not here).
      // The clock runs from the pushes' start to the reader's 1,000th applied memory.
      const stopReader = startTeamSync(reader.ctx, { ...process.env, RECOLLECT_TEAM_SYNC_MS: "3600000", RECOLLECT_TEAM_SYNC_INSTANT: "1" });
      const applied = () => (reader.ctx.sqlite.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
      // The reader's long poll starts at its first tick (1 s): wait until it is parked on the hub.
      await new Promise((r) => setTimeout(r, 2_000));
      const hubCpu0 = processCpuMs(server.child.pid!);
      const machinesCpu0 = process.cpuUsage();
      const postgresCpu0 = postgresCpu(db.dataDir);
      const t0 = performance.now();
      let firstAppliedMs = 0;
      const pushes = Promise.all(
        machines.map(async (m) => {
          const n = await pushOutbox(m.ctx, joinedHub(m.ctx)!);
          return { n, ms: performance.now() - t0 };
        }),
      );
      let count = 0;
      while ((count = applied()) < BATCH && performance.now() - t0 < 60_000) {
        if (count && !firstAppliedMs) firstAppliedMs = performance.now() - t0;
        await new Promise((r) => setTimeout(r, 2));
      }
      const syncMs = performance.now() - t0;
      const pushed = await pushes;
      const hubCpu = (processCpuMs(server.child.pid!) ?? 0) - (hubCpu0 ?? 0);
      stopReader();
      results.sync1000 = {
        pushed: pushed.reduce((s, p) => s + p.n, 0),
        applied: count,
        ms: Math.round(syncMs),
        allPushesAcknowledgedMs: Math.round(Math.max(...pushed.map((p) => p.ms))),
        firstAppliedMs: Math.round(firstAppliedMs),
        hubServerCpuMs: Math.round(hubCpu),
        // The 11 machines run in this process (each its own SQLite): their CPU, the bench's own.
        machinesCpuMs: cpuMsSince(machinesCpu0),
        postgresCpuMs: postgresCpuMsSince(db.dataDir, postgresCpu0),
        errorMessages: [joinedHub(reader.ctx)?.lastError].filter(Boolean),
      };
      for (const m of [...machines, reader]) m.ctx.close();
    } finally {
      await server.kill("SIGKILL");
    }
  }
  await closeHub(hub);
} finally {
  db.stop();
}

const r = results as Record<string, Record<string, number | string>>;
printTable(`team hub, ${size} memories, ${USERS} users (load ${Number(results.load).toFixed(1)})`, [
  { measure: "push (verb), changes/s", value: r.push!.perSecond!, detail: `${r.push!.changes} in ${r.push!.ms} ms` },
  { measure: "pull (verb), versions/s", value: r.pullVerb!.perSecond!, detail: `${r.pullVerb!.versions} in ${r.pullVerb!.ms} ms` },
  ...(r.pullHttp ? [{ measure: "pull (HTTP), versions/s", value: r.pullHttp.perSecond!, detail: `${r.pullHttp.versions} in ${r.pullHttp.ms} ms` }] : []),
  { measure: "search p50 ms", value: r.search!.p50!, detail: String(r.search!.index) },
  {
    measure: "search p95 ms",
    value: r.search!.p95!,
    detail: `${r.search!.n} queries; CPU a query: PostgreSQL ${r.search!.postgresCpuMsPerQuery} ms, hub ${r.search!.benchCpuMsPerQuery} ms`,
  },
  ...(r.hybrid
    ? [
        { measure: "hybrid search p50 ms", value: r.hybrid.p50!, detail: String(r.hybrid.vectors) },
        {
          measure: "hybrid search p95 ms",
          value: r.hybrid.p95!,
          detail: `first search ${r.hybrid.firstSearchMs} ms (${r.hybrid.firstSearchMode}); vectors loaded in the background in ${r.hybrid.vectorsLoadedInBackgroundMs} ms`,
        },
      ]
    : []),
  ...(results.vectorRecall
    ? (["frozen", "tuning"] as const).map((set) => {
        const v = (results.vectorRecall as Record<string, Record<string, number>>)[set]!;
        return {
          measure: `vector recall@10, ${set} queries`,
          value: v.recallAt10!,
          detail: `${vectorKind} vectors; CPU a ranking ${v.cpuMsPerQuery} ms (every vector compared: ${v.exhaustiveCpuMsPerQuery} ms)`,
        };
      })
    : []),
  ...(r.sync1000
    ? [
        {
          measure: "sync 1,000 changes, ms",
          value: r.sync1000.ms!,
          detail: `all pushes acknowledged at ${r.sync1000.allPushesAcknowledgedMs} ms, first applied at ${r.sync1000.firstAppliedMs} ms; pushed ${r.sync1000.pushed}, applied ${r.sync1000.applied}; CPU: hub server ${r.sync1000.hubServerCpuMs} ms, PostgreSQL ${r.sync1000.postgresCpuMs} ms, machines ${r.sync1000.machinesCpuMs} ms`,
        },
      ]
    : []),
]);
console.log(JSON.stringify(results));
writeResult("team", results);
