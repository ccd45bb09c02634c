/**
 * bench/store: creates per second through the verb and through HTTP, and p50/p95 latency of
 * POST and GET /api/memories with 10,000 and 100,000 memories stored.
 * Run: npx tsx bench/store/index.ts [--sizes 10000,100000] (--sizes 0: the verb rates only)
 */
import os from "node:os";
import { createMemory } from "../../lib/memories";
import { testCtx } from "../../tests/helpers/ctx";
import { startServer, tempDir } from "../../tests/helpers/server";
import { ensureBuild } from "../../scripts/build-if-needed";
import { printTable, summarize, time, writeResult } from "../lib/stats";
import { corpus } from "../search/corpus";

const args = process.argv.slice(2);
const sizes = (args[args.indexOf("--sizes") + 1] && args.includes("--sizes") ? args[args.indexOf("--sizes") + 1] : "10000,100000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const CATEGORIES = ["decision", "constraint", "convention", "fact", "gotcha", "procedure", "note"] as const;
const WORDS =
  "redis cache ttl deploy friday postgres index migration retry timeout queue worker token budget lint test build docker compose nginx route handler schema".split(
    " ",
  );
const text = (i: number) =>
  `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 13) % WORDS.length]}: memory ${i} about ${WORDS[(i * 3) % WORDS.length]} in module m${i % 97}`;

ensureBuild();
const results: Record<string, unknown> = {};

// 1. Creates per second through the verb (each create is its own transaction, as in production),
// with two kinds of text: the search bench's (12-40 words drawn by Zipf from the LoCoMo turns'
// vocabulary, as memories read) and the repetitive template above (23 words and a number: each
// text shares 9 of its 10 tokens with thousands of others, the near-duplicate check's worst case).
{
  const c = corpus();
  const verbRows: Record<string, string | number>[] = [];
  const n = 20_000;
  // The third row is the same verb called 100 times per transaction, as a bulk caller would.
  for (const [name, key, make, perTransaction] of [
    ["Zipf words, 12-40", "verbCreatesPerSecond", () => c.text(), 1],
    ["repetitive template", "verbCreatesPerSecondRepetitive", (i: number) => text(i), 1],
    ["Zipf words, 100 per transaction", "verbCreatesPerSecondBatched", () => c.text(), 100],
  ] as const) {
    const texts = Array.from({ length: n }, (_, i) => make(i));
    const ctx = testCtx();
    const create = (i: number) => createMemory(ctx, { content: texts[i], category: CATEGORIES[i % CATEGORIES.length], tags: [WORDS[i % 5]] });
    const cpu0 = process.cpuUsage();
    const [, ms] = await time(() => {
      for (let i = 0; i < n; i += perTransaction) {
        if (perTransaction === 1) create(i);
        else
          ctx.sqlite
            .transaction(() => {
              for (let j = i; j < Math.min(n, i + perTransaction); j++) create(j);
            })
            .immediate();
      }
    });
    const cpu = process.cpuUsage(cpu0);
    ctx.close();
    const rate = Math.round((n / ms) * 1000);
    verbRows.push({
      texts: name,
      memories: n,
      seconds: ms / 1000,
      "creates/s": rate,
      "CPU us/create": Math.round((cpu.user + cpu.system) / n),
      load1: Math.round(os.loadavg()[0] * 10) / 10,
    });
    results[key] = rate;
  }
  printTable("Creates through the verb", verbRows);
}

const rows: Record<string, string | number>[] = [];
for (const size of sizes) {
  const dataDir = tempDir("recollect-bench-");
  const ctx = testCtx({ dataDir });
  for (let i = 0; i < size; i++) {
    createMemory(ctx, {
      content: text(i),
      category: CATEGORIES[i % CATEGORIES.length],
      tags: [WORDS[i % 5]],
      ...(i % 10 === 0 ? { directory: `/tmp/bench-project-${i % 3}` } : {}),
    });
  }
  ctx.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  ctx.close();

  const server = await startServer({ dataDir });
  const post: number[] = [];
  const get: number[] = [];
  // Warm up.
  for (let i = 0; i < 50; i++) await server.api("/api/memories?limit=20");
  for (let i = 0; i < 500; i++) {
    const [res, ms] = await time(() => server.api("/api/memories", { method: "POST", json: { content: `${text(size + i)} fresh ${i}`, category: "fact" } }));
    if (res.status !== 201) throw new Error(`POST -> ${res.status}`);
    await res.arrayBuffer();
    post.push(ms);
  }
  const queries = ["limit=50", "category=decision&limit=50", "tag=redis&limit=50", "status=all&sort=updated&limit=50", "scope=project&limit=20"];
  let cursor = "";
  for (let i = 0; i < 500; i++) {
    const q = i % 6 === 5 ? `limit=50${cursor ? `&cursor=${cursor}` : ""}` : queries[i % queries.length];
    const [res, ms] = await time(() => server.api(`/api/memories?${q}`));
    const body = (await res.json()) as { nextCursor: string | null };
    if (res.status !== 200) throw new Error(`GET -> ${res.status}`);
    if (i % 6 === 5) cursor = body.nextCursor ?? "";
    get.push(ms);
  }
  // Throughput over HTTP with 8 requests in flight.
  const n = 2000;
  let next = 0;
  const [, ms] = await time(() =>
    Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < n) {
          const i = next++;
          const res = await server.api("/api/memories", { method: "POST", json: { content: `${text(i)} concurrent ${i}` } });
          await res.arrayBuffer();
        }
      }),
    ),
  );
  await server.stop();
  const p = summarize(post);
  const g = summarize(get);
  rows.push({
    stored: size,
    "POST p50 ms": p.p50,
    "POST p95 ms": p.p95,
    "GET p50 ms": g.p50,
    "GET p95 ms": g.p95,
    "HTTP creates/s (8 in flight)": Math.round((n / ms) * 1000),
    // Other work on the machine skews every figure: say how busy it was.
    load1: Math.round(os.loadavg()[0] * 10) / 10,
  });
  results[`size${size}`] = { post: p, get: g, httpCreatesPerSecond: Math.round((n / ms) * 1000) };
}
printTable("HTTP latency (sequential requests) and throughput", rows);
writeResult("store", results);
