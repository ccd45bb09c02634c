import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "../../scripts/build-if-needed";
import { serveArgs, serveEnv } from "../../server/command";
import { freePort } from "../../tests/helpers/server";
import { providerId } from "../../lib/embeddings/provider";
import { databaseFile } from "../../lib/paths";
import { benchCtx, ROOT, round, SHARED, stats, table, tempDir } from "./common";
import { corpus } from "./corpus";
import { bulkLoad, speedProject } from "./load";
import { keepAliveClient } from "../lib/http-client";
import { processCpuMs } from "../lib/process-cpu";

/**
 * p50/p95/p99 of POST /api/search over HTTP at several collection sizes, lexical and hybrid (hybrid
 * includes the query embedding with ../shared/models/random-minilm-l6, q8, or the real model that
 * RECOLLECT_BENCH_MODEL_DIR names (bench/models/prepare); every query is distinct,
 * so the query-embedding cache never hits), plus server RSS. Timed with a keep-alive node:http
 * client (bench/lib/http-client.ts), and with fetch for comparison.
 */
export const MODEL_DIR = process.env.RECOLLECT_BENCH_MODEL_DIR
  ? path.resolve(process.env.RECOLLECT_BENCH_MODEL_DIR)
  : path.join(SHARED, "models", "random-minilm-l6");

/**
 * `storeDir`: each size's store is kept in `<storeDir>/<size>` and reused when there (a store of
 * 1,000,000 with vectors takes most of an hour to build), so a later build of the app can be timed
 * on the same data.
 */
export async function runSpeed(sizes: number[], queries = 200, build = true, storeDir?: string) {
  const hasModel = fs.existsSync(path.join(MODEL_DIR, "config.json"));
  if (!hasModel) console.log(`hybrid skipped: ${MODEL_DIR} is absent`);
  if (build || !fs.existsSync(path.join(ROOT, process.env.RECOLLECT_DIST_DIR || ".next", "BUILD_ID"))) ensureBuild();
  const c = corpus();
  const rows: Record<string, unknown>[] = [];
  for (const n of sizes) {
    const dataDir = storeDir ? path.join(storeDir, String(n)) : tempDir("recollect-speed-");
    const reused = storeDir !== undefined && fs.existsSync(databaseFile(dataDir));
    if (storeDir) fs.mkdirSync(dataDir, { recursive: true });
    const env: Record<string, string> = hasModel ? { RECOLLECT_EMBEDDING_PROVIDER: "transformers", RECOLLECT_EMBEDDING_MODEL_DIR: MODEL_DIR } : {};
    const ctx = benchCtx(env, dataDir);
    const t0 = performance.now();
    if (!reused) bulkLoad(ctx, n, c, hasModel ? { dimension: 384, model: providerId(ctx.config.embedding) } : null);
    ctx.close();
    const loadSeconds = reused ? "reused" : round((performance.now() - t0) / 1000, 1);
    // The server's warm-up (start, model, vector index, near-duplicate index): wall, its CPU and RSS once done.
    const started = performance.now();
    const server = await startBenchServer(dataDir, env);
    try {
      if (hasModel) await waitHybrid(server.url, server.token);
      const warm = {
        "warm-up s": round((performance.now() - started) / 1000, 1),
        "warm-up cpu s": round((processCpuMs(server.pid) ?? NaN) / 1000, 1),
        "warm-up rssMB": rssMB(server.pid),
      };
      console.log(`${n}: warm-up ${JSON.stringify(warm)}, load ${os.loadavg()[0].toFixed(1)}`);
      const modes = hasModel ? (["lexical", "hybrid"] as const) : (["lexical"] as const);
      for (const mode of modes) {
        // A client per mode: no kept-alive socket sits idle through the fetch comparison.
        const client = keepAliveClient(server.url, server.token);
        const offset = mode === "lexical" ? 0 : Math.floor(c.questions.length / 2);
        const body = (i: number) => ({
          query: c.questions[(offset + i) % c.questions.length],
          project: speedProject(i),
          limit: 10,
          mode: mode === "lexical" ? "lexical" : "auto",
        });
        // Timed requests that found nothing (every speed question has words the corpus holds: must stay 0).
        let empty = 0;
        const check = (status: number, json: { mode: string; results?: unknown[] }) => {
          if (status !== 200) throw new Error(`search failed: ${JSON.stringify(json)}`);
          if (json.mode !== mode) throw new Error(`expected ${mode} mode, got ${json.mode}`);
          if (json.results?.length === 0) empty++;
        };
        const viaHttp = async (i: number) => {
          const t = performance.now();
          const res = await client.post("/api/search", body(i)).catch((error: Error) => {
            throw new Error(
              `${mode} request ${i} failed (${error.message}); server ${server.alive() ? "alive" : "exited"}, its log ends:\n${server.log().slice(-2000)}`,
            );
          });
          const ms = performance.now() - t;
          check(res.status, JSON.parse(res.body) as { mode: string; results?: unknown[] });
          return ms;
        };
        const viaFetch = async (i: number) => {
          const t = performance.now();
          const res = await fetch(`${server.url}/api/search`, {
            method: "POST",
            headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
            body: JSON.stringify(body(i)),
          });
          const json = (await res.json()) as { mode: string };
          const ms = performance.now() - t;
          check(res.status, json);
          return ms;
        };
        // Hybrid: distinct questions only (a repeated one would be answered by the query-embedding
        // cache). Lexical has no such cache: every question twice, for a steadier p95.
        const count = mode === "lexical" ? Math.max(queries, 2 * c.questions.length) : queries;
        // Warm-up: lexical, every question once (the steady state of a running server: SQLite's page
        // cache and the df cache filled; its CPU is reported as "cold cpu"); hybrid, 20 other
        // questions (its own questions must reach the model, never the query-embedding cache).
        const warmUp = mode === "lexical" ? c.questions.length : 20;
        const coldBefore = processCpuMs(server.pid);
        for (let i = 0; i < warmUp; i++) await viaHttp(mode === "lexical" ? i : queries + i);
        const coldAfter = processCpuMs(server.pid);
        const samples: number[] = [];
        // The server's own CPU per request (utime + stime, embedding workers included): what a
        // loaded machine inflates least.
        const cpuBefore = processCpuMs(server.pid);
        empty = 0;
        for (let i = 0; i < count; i++) samples.push(await viaHttp(i));
        const emptyAnswers = empty;
        const cpuAfter = processCpuMs(server.pid);
        // The same lexical questions again through fetch, for comparison.
        const fetched: number[] = [];
        if (mode === "lexical") for (let i = 0; i < count; i++) fetched.push(await viaFetch(i));
        const f = stats(fetched);
        rows.push({
          memories: n,
          mode,
          ...stats(samples),
          "server cpu ms/query": cpuBefore === null || cpuAfter === null ? "n/a" : round((cpuAfter - cpuBefore) / count),
          "cold cpu ms/query": coldBefore === null || coldAfter === null ? "n/a" : round((coldAfter - coldBefore) / warmUp),
          "empty answers": emptyAnswers,
          "fetch p50": f.p50 || "",
          "fetch p95": f.p95 || "",
          rssMB: rssMB(server.pid),
          loadSeconds,
          ...warm,
          load1: round(os.loadavg()[0], 1),
        });
        console.log(table([rows[rows.length - 1]]));
        client.close();
      }
    } finally {
      await server.stop();
      if (!storeDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log("\nPOST /api/search over HTTP (ms)");
  console.log(table(rows));
  return rows;
}

function rssMB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024, 0);
  } catch {
    return NaN;
  }
}

export async function waitHybrid(url: string, token: string) {
  const deadline = Date.now() + Number(process.env.RECOLLECT_BENCH_START_SECONDS ?? 900) * 1000;
  for (;;) {
    let reason = "no answer";
    try {
      const h = (await (await fetch(`${url}/api/health`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) })).json()) as {
        search: { mode: string; reason: string };
      };
      if (h.search.mode === "hybrid") return;
      reason = h.search.reason;
    } catch {
      /* a busy server may drop or time out a health call: ask again */
    }
    if (Date.now() > deadline) throw new Error(`server never became hybrid: ${reason}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * `nodeArgs`: extra flags for the server's node (e.g. `--cpu-prof`, which NODE_OPTIONS refuses).
 * `waitForWarmUp: false`: returns once the server answers, while it still builds its near-duplicate
 * index in the background (at 1,000,000 memories on a loaded machine that took over 900 s): the
 * figures taken then carry that work beside them; `warmingUp()` says whether it is still running.
 */
export async function startBenchServer(
  dataDir: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  { waitForWarmUp = true }: { waitForWarmUp?: boolean } = {},
) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...serveArgs("127.0.0.1", port)], {
    cwd: ROOT,
    env: serveEnv({
      ...process.env,
      RECOLLECT_DATA_DIR: dataDir,
      RECOLLECT_APP_DIR: ROOT,
      XDG_CONFIG_HOME: tempDir("recollect-speed-config-"),
      RECOLLECT_EMBEDDING_PROVIDER: "none",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  // Generous: on the shared 2-core machine at a load average of 25, the warm-up of a 100,000 store
  // took over two minutes (RECOLLECT_BENCH_START_SECONDS to change it).
  const deadline = Date.now() + Number(process.env.RECOLLECT_BENCH_START_SECONDS ?? 900) * 1000;
  let token = "";
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
      try {
        if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    token = fs.readFileSync(path.join(dataDir, "token"), "utf8").trim();
    // Time the steady state: the server builds its near-duplicate index in the background after start.
    for (; waitForWarmUp; ) {
      try {
        const res = await fetch(`${url}/api/health`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as { warmUp?: { nearDuplicateIndex: string } };
        if (body.warmUp?.nearDuplicateIndex !== "building") break;
      } catch {
        /* a busy server may drop or time out a health call: ask again */
      }
      if (Date.now() > deadline) throw new Error("the server's warm-up did not finish");
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    // Never leave a server behind when the bench gives up on it.
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    token,
    pid: child.pid!,
    /** True while the server still builds its near-duplicate index (only with `waitForWarmUp: false`). */
    warmingUp: async () => {
      try {
        const res = await fetch(`${url}/api/health`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
        return ((await res.json()) as { warmUp?: { nearDuplicateIndex: string } }).warmUp?.nearDuplicateIndex === "building";
      } catch {
        return null;
      }
    },
    /** What the server printed so far (for a failure's message). */
    log: () => log,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
