/**
 * Compression benchmark over the shared coding-agent trajectories (see ../shared/data/README.md).
 *
 * Each run is converted to OpenCode's message shape and replayed turn by turn, compressing the whole
 * history before every step. Reported per run and overall: tokens at the final turn before/after,
 * mean reduction over all turns, key-line retention (verbatim, and recoverable with one expand),
 * prefix stability, and server time per call for ~50K- and ~200K-token histories (in-process and
 * over HTTP against the real server).
 *
 *   npx tsx bench/compress/index.ts [--no-http] [--timing-only] [--pressure-only] [--no-build]
 *
 * `--pressure-only`: the shared runs chained into one session of ~50K tokens compressed with a 64K
 * context limit, and of ~206K with a 200K limit: the result must fit the window (issue 39).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { CompressResult } from "../../lib/contracts/compress";
import { compressMessages, expandCompressedOriginal, isKeyLine } from "../../lib/compression";
import type { Ctx } from "../../lib/ctx";
import { redact } from "../../lib/security/redaction";
import { countTokens } from "../../lib/token-count";
import { testCtx } from "../../tests/helpers/ctx";
import { loadTrajectories, type Message, type Part, type Run } from "./convert";
import { keyLineRetention, keyLineTable, syntheticParts, trajectoryParts } from "./key-lines";
import { blocksOf, costOf, hiddenUses, type HiddenUse } from "./cost";
import { replay, type TurnRecord } from "./replay";
import type { Block, RunCost } from "../lib/cache-cost";

const ROOT = path.resolve(import.meta.dirname, "../..");
// RECOLLECT_TRAJECTORIES: where ../shared is not beside the checkout (a git worktree elsewhere).
const DATA = process.env.RECOLLECT_TRAJECTORIES ?? path.resolve(ROOT, "../shared/data/trajectories");
const RESULTS = path.join(ROOT, "bench", "results");

const pct = (a: number, b: number) => (b ? (100 * a) / b : 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
};
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : 0;
};

const fieldOf = (p: Part): string | undefined => {
  if (p.type === "tool") {
    const s = p.state as { status: string; output?: string; error?: string };
    return s.status === "completed" ? s.output : s.status === "error" ? s.error : undefined;
  }
  return undefined;
};

interface Retention {
  keyLines: number;
  verbatim: number;
  recoverable: number;
  expandChecks: number;
  expandExact: number;
}

/** Key lines of the aged, unprotected tool outputs: still there verbatim, and in the original one expand brings back. */
function retention(ctx: Ctx, history: Message[], result: CompressResult, protect: number): Retention {
  const r: Retention = { keyLines: 0, verbatim: 0, recoverable: 0, expandChecks: 0, expandExact: 0 };
  const boundary = history.length - protect;
  const protectedTools = ctx.config.compression.protectedTools;
  const allCompressed = result.messages.flatMap((m) => m.parts.map((p) => fieldOf(p as Part) ?? "")).join("\n");
  for (let mi = 0; mi < boundary; mi++) {
    history[mi].parts.forEach((p, pi) => {
      const original = fieldOf(p);
      if (original === undefined || p.type !== "tool") return;
      if ((p.state as { status: string }).status === "completed" && (protectedTools.includes(p.tool as string) || String(p.tool).startsWith("memory_"))) return;
      const compressed = fieldOf(result.messages[mi].parts[pi] as Part) ?? "";
      const hash = /memory_expand\("([0-9a-f]+)"\)/.exec(compressed)?.[1];
      let expanded: string | undefined;
      if (hash && compressed !== original) {
        expanded = expandCompressedOriginal(ctx, hash).content;
        r.expandChecks++;
        if (expanded === redact(original)) r.expandExact++;
      }
      for (const line of original.split("\n")) {
        if (!line.trim() || !isKeyLine(line)) continue;
        r.keyLines++;
        const red = redact(line);
        if (compressed.includes(red) || allCompressed.includes(red)) r.verbatim++;
        if (compressed.includes(red) || expanded?.includes(red)) r.recoverable++;
      }
    });
  }
  return r;
}

/**
 * The most any compression could remove at the final turn under the rules: every token of aged,
 * unprotected parts (the latest user message, the protected turns, protected tools and tool-call
 * headers stay whole).
 */
function ceiling(ctx: Ctx, history: Message[], protect: number): number {
  const boundary = history.length - protect;
  const lastUser = history.map((m) => m.info.role).lastIndexOf("user");
  let total = 0;
  let compressible = 0;
  history.forEach((m, mi) =>
    m.parts.forEach((p) => {
      let header = 0;
      let body = 0;
      if (p.type === "tool") {
        header = countTokens(`${p.tool}\n${JSON.stringify((p.state as { input: unknown }).input)}`);
        body = countTokens(fieldOf(p) ?? "");
      } else if (p.type === "text" || p.type === "reasoning") body = countTokens(String(p.text));
      total += header + body;
      const aged = mi < boundary && mi !== lastUser;
      const isProtected =
        p.type === "tool" &&
        (p.state as { status: string }).status === "completed" &&
        (ctx.config.compression.protectedTools.includes(p.tool as string) || String(p.tool).startsWith("memory_"));
      if (aged && !isProtected) compressible += body;
    }),
  );
  return pct(compressible, total);
}

interface RunReport {
  name: string;
  /** Share of the final turn's tokens any compression could remove under the rules. */
  ceiling: number;
  /** Final-turn reduction with the strongest level forced (as above the second threshold). */
  finalReductionUnderPressure: number;
  task: string;
  turns: number;
  finalBefore: number;
  finalAfter: number;
  finalReduction: number;
  meanReduction: number;
  stability: number;
  retention: Retention;
  byStrategy: Record<string, number>;
  msP50: number;
  msP95: number;
  cost: CostReport;
}

/** Compression settings under test: RECOLLECT_COMPRESSION_* of the environment (e.g. RECOLLECT_COMPRESSION_BATCH_MIN_TOKENS=0). */
const COMPRESSION_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("RECOLLECT_COMPRESSION_"))) as Record<string, string>;

/** Simulated time between two requests of a run (an agent's step); well inside the cache's lifetime. */
const STEP_MS = 15_000;

interface CostReport {
  without: RunCost;
  /** Every aged part compressed as soon as it ages (compression.cacheAware false). */
  eager: RunCost;
  cacheAware: RunCost;
  /** cacheAware.cost / without.cost. */
  ratio: number;
  eagerRatio: number;
  /** Steps' uses of earlier content, and those hidden by compression, below and above the pressure thresholds. */
  hidden: { below: HiddenUse; above: HiddenUse };
}

/** The run's requests with and without compression, in money (bench/lib/cache-cost.ts), and the hidden uses. */
async function costRun(run: Run, requests: { original: Message[]; compressed: CompressResult["messages"]; level: number }[]): Promise<CostReport> {
  const eagerCtx = testCtx({ env: { ...COMPRESSION_ENV, RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
  const eager: Block[][] = [];
  await replay(
    run.messages,
    (h) => compressMessages(eagerCtx, { sessionID: run.name, messages: h }),
    eagerCtx.config.compression.protectRecentTurns,
    (_t, _h, r) => eager.push(blocksOf(r.messages)),
  );
  eagerCtx.close();
  const at = (i: number) => i * STEP_MS;
  const without = costOf(
    requests.map((r) => blocksOf(r.original)),
    at,
  ).total;
  const withPlugin = costOf(
    requests.map((r) => blocksOf(r.compressed)),
    at,
  ).total;
  const eagerCost = costOf(eager, at).total;
  const hidden = { below: { uses: 0, hidden: 0 }, above: { uses: 0, hidden: 0 } };
  for (const r of requests) {
    const next = run.messages.slice(r.original.length).find((m) => m.info.role === "assistant");
    if (!next) continue;
    const h = hiddenUses(next, r.original, r.compressed);
    const bucket = r.level === 0 ? hidden.below : hidden.above;
    bucket.uses += h.uses;
    bucket.hidden += h.hidden;
  }
  return { without, eager: eagerCost, cacheAware: withPlugin, ratio: withPlugin.cost / without.cost, eagerRatio: eagerCost.cost / without.cost, hidden };
}

async function benchRuns(runs: Run[]): Promise<RunReport[]> {
  const reports: RunReport[] = [];
  for (const run of runs) {
    const ctx = testCtx({ env: COMPRESSION_ENV });
    const protect = ctx.config.compression.protectRecentTurns;
    const requests: { original: Message[]; compressed: CompressResult["messages"]; level: number }[] = [];
    const { turns, final } = await replay(
      run.messages,
      (history) => compressMessages(ctx, { sessionID: run.name, messages: history }),
      protect,
      (_t, history, result) => requests.push({ original: history, compressed: result.messages, level: result.nudges.length ? 1 : 0 }),
    );
    const last = turns[turns.length - 1];
    const histories = run.messages.slice(0, run.messages.map((m) => m.info.role).lastIndexOf("assistant") + 1);
    const pressureCtx = testCtx();
    const pressured = compressMessages(pressureCtx, { sessionID: run.name, messages: histories, contextLimit: 1 }).stats;
    pressureCtx.close();
    const ret = retention(ctx, histories, final!, protect);
    const stableTurns = turns.filter((t) => t.stable !== undefined);
    reports.push({
      name: run.name,
      ceiling: ceiling(ctx, histories, protect),
      finalReductionUnderPressure: pct(pressured.tokensBefore - pressured.tokensAfter, pressured.tokensBefore),
      task: run.task,
      turns: turns.length,
      finalBefore: last.tokensBefore,
      finalAfter: last.tokensAfter,
      finalReduction: pct(last.tokensBefore - last.tokensAfter, last.tokensBefore),
      meanReduction: turns.reduce((n, t) => n + pct(t.tokensBefore - t.tokensAfter, t.tokensBefore), 0) / turns.length,
      stability: stableTurns.length ? pct(stableTurns.filter((t) => t.stable).length, stableTurns.length) : 100,
      retention: ret,
      byStrategy: final!.stats.byStrategy,
      msP50: median(turns.map((t) => t.ms)),
      msP95: quantile(
        turns.map((t) => t.ms),
        0.95,
      ),
      cost: await costRun(run, requests),
    });
    ctx.close();
  }
  return reports;
}

/** One long session: the runs' steps one after another (fresh ids per pass) until `target` tokens. */
function longSession(runs: Run[], target: number, tag: string): Message[] {
  const session = `long_${tag}`;
  const first = runs[0].messages.find((m) => m.info.role === "user")!;
  const out: Message[] = [
    {
      info: { ...first.info, id: `msg_${session}_user`, sessionID: session },
      parts: first.parts.map((p) => ({ ...p, id: `${p.id}_${tag}`, sessionID: session })),
    },
  ];
  let tokens = 0;
  for (let pass = 0; tokens < target; pass++) {
    for (const run of runs) {
      for (const m of run.messages) {
        if (m.info.role !== "assistant") continue;
        const id = `${m.info.id}_${tag}${pass}`;
        out.push({
          info: { ...m.info, id, sessionID: session },
          parts: m.parts.map((p) => ({ ...p, id: `${p.id}_${tag}${pass}`, sessionID: session, messageID: id })),
        });
        for (const p of m.parts)
          tokens += countTokens(
            p.type === "tool" ? `${p.tool}\n${JSON.stringify((p.state as { input: unknown }).input)}\n${fieldOf(p) ?? ""}` : String(p.text ?? ""),
          );
      }
      if (tokens >= target) break;
    }
  }
  return out;
}

interface Timing {
  label: string;
  calls: number;
  /** Calls in the window where the pressure level changed (all aged parts compressed anew). */
  levelChanges: number;
  levelChangeMs: number[];
  /** In-process only: mean cumulative ms at the end of each phase (validate, measure, compress, persist). */
  phases?: Record<string, number>;
  tokens: number;
  p50: number;
  p95: number;
  max: number;
  cpuP50: number;
  cpuP95: number;
}

function timingOf(label: string, turns: TurnRecord[], target: number): Timing {
  const window = turns.filter((t) => t.tokensBefore >= target * 0.9 && t.tokensBefore <= target * 1.1);
  const ms = window.map((t) => t.ms);
  const changes = window.filter((t) => t.levelChange);
  return {
    label,
    calls: ms.length,
    levelChanges: changes.length,
    levelChangeMs: changes.map((t) => Math.round(t.ms * 10) / 10),
    tokens: Math.round(median(window.map((t) => t.tokensBefore))),
    p50: median(ms),
    p95: quantile(ms, 0.95),
    max: Math.max(...ms),
    cpuP50: median(window.map((t) => t.cpuMs)),
    cpuP95: quantile(
      window.map((t) => t.cpuMs),
      0.95,
    ),
  };
}

async function benchTiming(runs: Run[], http: boolean): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const target of [50_000, 200_000]) {
    const messages = longSession(runs, target * 1.12, `t${target}`);
    const ctx = testCtx();
    const phases: Record<string, number>[] = [];
    const { turns } = await replay(
      messages,
      (h) => {
        const timings: Record<string, number> = {};
        const r = compressMessages(ctx, { sessionID: `long${target}`, messages: h }, { timings });
        phases.push(timings);
        return r;
      },
      ctx.config.compression.protectRecentTurns,
    );
    const t = timingOf(`${target / 1000}K in-process`, turns, target);
    // Mean cumulative milliseconds at the end of each phase, over the same window.
    const window = turns.map((x, i) => [x, phases[i]] as const).filter(([x]) => x.tokensBefore >= target * 0.9 && x.tokensBefore <= target * 1.1);
    t.phases = Object.fromEntries(
      Object.keys(window[0]?.[1] ?? {}).map((k) => [k, Math.round((window.reduce((n, [, p]) => n + p[k], 0) / window.length) * 100) / 100]),
    );
    out.push(t);
    ctx.close();
  }
  if (http) {
    const { startServer } = await import("../../tests/helpers/server");
    const { ensureBuild } = await import("../../scripts/build-if-needed");
    // --no-build: use the existing build even if other sources changed since (this area's have not).
    if (!process.argv.includes("--no-build")) ensureBuild();
    const server = await startServer();
    try {
      for (const target of [50_000, 200_000]) {
        const messages = longSession(runs, target * 1.12, `h${target}`);
        const call = async (h: Message[]) => {
          const res = await server.api("/api/compress", { method: "POST", json: { sessionID: `http${target}`, messages: h } });
          if (!res.ok) throw new Error(`compress failed: ${res.status} ${await res.text()}`);
          return (await res.json()) as CompressResult;
        };
        const { turns } = await replay(messages, call, 2);
        out.push(timingOf(`${target / 1000}K over HTTP, round trip (fetch, client JSON included)`, turns, target));
      }
      // The server's share over HTTP: from the first byte of an already serialized body sent (plain
      // node:http, no fetch) to the last byte of the answer received. The client's own JSON work
      // (stringify before, parse after) is outside the window; everything the server does is in it.
      for (const target of [50_000, 200_000]) {
        const messages = longSession(runs, target * 1.12, `r${target}`);
        const served: number[] = [];
        const call = async (h: Message[]) => {
          const body = Buffer.from(JSON.stringify({ sessionID: `raw${target}`, messages: h }), "utf8");
          const started = performance.now();
          const { status, answer } = await postRaw(server.url, server.token, "/api/compress", body);
          served.push(performance.now() - started);
          const text = answer.toString("utf8");
          if (status !== 200) throw new Error(`compress failed: ${status} ${text}`);
          return JSON.parse(text) as CompressResult;
        };
        const { turns } = await replay(messages, call, 2);
        turns.forEach((t, i) => (t.ms = served[i]));
        out.push(timingOf(`${target / 1000}K over HTTP, server (body sent to answer received)`, turns, target));
      }
    } finally {
      await server.stop();
    }
  }
  return out;
}

/** POST a serialized body with node:http and read the whole answer (bytes). */
function postRaw(base: string, token: string, pathname: string, body: Buffer): Promise<{ status: number; answer: Buffer }> {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: keepAlive,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
const keepAlive = new http.Agent({ keepAlive: true });

function printTiming(timing: Timing[]) {
  console.log(
    `\nServer time per call (replayed long sessions, calls within ±10% of the size; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores)\n`,
  );
  console.log(
    table(
      ["history", "calls", "median tokens", "p50 ms", "p95 ms", "max ms", "CPU p50 ms", "CPU p95 ms", "level-change calls (ms)", "phases (mean cumulative ms)"],
      timing.map((t) => [
        t.label,
        t.calls,
        t.tokens,
        t.p50,
        t.p95,
        t.max,
        t.cpuP50,
        t.cpuP95,
        t.levelChanges ? `${t.levelChanges} (${t.levelChangeMs.join(", ")})` : "0",
        t.phases
          ? Object.entries(t.phases)
              .map(([k, v]) => `${k} ${v}`)
              .join(", ")
          : "",
      ]),
    ),
  );
  console.log("targets: 200K p95 <= 20 ms in-process, <= 50 ms over HTTP");
}

/** The cacheable share if nothing sent before were ever written again (no batch, no expiry). */
const noRewriteShare = (c: RunCost) => (c.tokens ? (c.cachedTokens + c.rewrittenTokens) / c.tokens : 0);

/** A run is long when it has at least this many steps. */
const LONG_RUN_TURNS = 20;

function costSummary(reports: RunReport[]) {
  const sum = (rs: RunReport[], f: (c: CostReport) => RunCost) => {
    const total = rs.reduce((n, r) => n + f(r.cost).cost, 0);
    const t = rs.reduce((n, r) => n + f(r.cost).tokens, 0);
    const c = rs.reduce((n, r) => n + f(r.cost).cachedTokens, 0);
    const rewritten = rs.reduce((n, r) => n + f(r.cost).rewrittenTokens, 0);
    const part = (k: keyof RunCost["costOf"]) => rs.reduce((n, r) => n + f(r.cost).costOf[k], 0);
    return {
      cost: total,
      tokens: t,
      cacheableShare: t ? c / t : 0,
      noRewriteShare: t ? (c + rewritten) / t : 0,
      costOf: { reads: part("reads"), tailWrites: part("tailWrites"), rewrites: part("rewrites") },
    };
  };
  const long = reports.filter((r) => r.turns >= LONG_RUN_TURNS);
  const hidden = (k: "below" | "above") => ({
    uses: reports.reduce((n, r) => n + r.cost.hidden[k].uses, 0),
    hidden: reports.reduce((n, r) => n + r.cost.hidden[k].hidden, 0),
  });
  return {
    all: { without: sum(reports, (c) => c.without), eager: sum(reports, (c) => c.eager), cacheAware: sum(reports, (c) => c.cacheAware) },
    long: { runs: long.length, without: sum(long, (c) => c.without), eager: sum(long, (c) => c.eager), cacheAware: sum(long, (c) => c.cacheAware) },
    worstRatio: Math.max(...reports.map((r) => r.cost.ratio)),
    runsDearer: reports.filter((r) => r.cost.ratio > 1.02).length,
    runsShareBelow: reports.filter((r) => r.cost.cacheAware.cacheableShare < r.cost.without.cacheableShare).length,
    // The most any schedule could cache of these compressed histories: everything but what each
    // request appends. A run below the share without even then is below because its history is
    // shorter while its new steps are as long, not because of rewrites.
    runsShareBelowBound: reports.filter((r) => noRewriteShare(r.cost.cacheAware) < r.cost.without.cacheableShare).length,
    hiddenBelow: hidden("below"),
    hiddenAbove: hidden("above"),
  };
}

function printCost(reports: RunReport[]) {
  const f = (x: number) => x.toFixed(0);
  const share = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(
    `\nEffective input cost per run (simulated prompt cache: reads 0.1x, writes 1.25x, 5-minute lifetime; a request every ${STEP_MS / 1000} s; history only, in uncached-token units)\n`,
  );
  console.log(
    table(
      [
        "run",
        "turns",
        "tokens without",
        "tokens with",
        "cost without",
        "cost eager",
        "cost cache-aware",
        "cache-aware / without",
        "cacheable without",
        "cacheable with",
        "with: reads / tail writes / rewrites",
      ],
      reports.map((r) => [
        r.name.slice(0, 58),
        r.turns,
        r.cost.without.tokens,
        r.cost.cacheAware.tokens,
        f(r.cost.without.cost),
        f(r.cost.eager.cost),
        f(r.cost.cacheAware.cost),
        `${(100 * r.cost.ratio).toFixed(1)}%`,
        share(r.cost.without.cacheableShare),
        share(r.cost.cacheAware.cacheableShare),
        `${f(r.cost.cacheAware.costOf.reads)} / ${f(r.cost.cacheAware.costOf.tailWrites)} / ${f(r.cost.cacheAware.costOf.rewrites)}`,
      ]),
    ),
  );
  const c = costSummary(reports);
  console.log("\nCost, overall\n");
  console.log(
    table(
      [
        "runs",
        "tokens without / with",
        "cost without",
        "cost eager (old)",
        "cost cache-aware",
        "cache-aware / without",
        "cacheable share without / with",
        "with, if nothing were rewritten",
        "target",
      ],
      [
        [
          `all ${reports.length}`,
          `${c.all.without.tokens} / ${c.all.cacheAware.tokens}`,
          f(c.all.without.cost),
          f(c.all.eager.cost),
          f(c.all.cacheAware.cost),
          `${((100 * c.all.cacheAware.cost) / c.all.without.cost).toFixed(1)}%`,
          `${share(c.all.without.cacheableShare)} / ${share(c.all.cacheAware.cacheableShare)}`,
          share(c.all.cacheAware.noRewriteShare),
          "",
        ],
        [
          `long (>= ${LONG_RUN_TURNS} steps) ${c.long.runs}`,
          `${c.long.without.tokens} / ${c.long.cacheAware.tokens}`,
          f(c.long.without.cost),
          f(c.long.eager.cost),
          f(c.long.cacheAware.cost),
          `${((100 * c.long.cacheAware.cost) / c.long.without.cost).toFixed(1)}%`,
          `${share(c.long.without.cacheableShare)} / ${share(c.long.cacheAware.cacheableShare)}`,
          share(c.long.cacheAware.noRewriteShare),
          "<= 55%",
        ],
      ],
    ),
  );
  printWhereCostGoes(c);
  console.log(
    `\nworst run: ${(100 * c.worstRatio).toFixed(1)}% of its cost without (target <= 102%); runs more than 2% dearer: ${c.runsDearer}; runs with a lower cacheable share than without: ${c.runsShareBelow} (${c.runsShareBelowBound} of them even if nothing were ever rewritten)`,
  );
  console.log(
    `steps using earlier content (an edit's old text, a quoted line, a path:line): below the thresholds ${c.hiddenBelow.hidden} hidden of ${c.hiddenBelow.uses} (target 0); above ${c.hiddenAbove.hidden} of ${c.hiddenAbove.uses}`,
  );
  return c;
}

/**
 * Where the money goes: cached reads, the writes of what each request appends (the step just
 * taken, sent whole once: no schedule avoids them) and rewrites (batches, expiry). The last column
 * is what the run would cost if it kept its compressed sizes and every rewrite were free: no
 * schedule of these compressed forms can go below it.
 */
function printWhereCostGoes(c: ReturnType<typeof costSummary>) {
  const f = (x: number) => x.toFixed(0);
  const of = (x: number, base: number) => `${f(x)} (${((100 * x) / base).toFixed(1)}%)`;
  type Sum = ReturnType<typeof costSummary>["all"]["without"];
  const row = (label: string, x: Sum, base: number) => [
    label,
    f(x.cost),
    of(x.costOf.reads, base),
    of(x.costOf.tailWrites, base),
    of(x.costOf.rewrites, base),
    of(x.costOf.reads + x.costOf.tailWrites + (x.costOf.rewrites * 0.1) / 1.25, base),
  ];
  console.log("\nWhere the cost goes (share of the cost without compression)\n");
  console.log(
    table(
      ["runs", "cost", "cached reads", "writes of appended steps", "rewrites (batches, expiry)", "rewrites free (bound)"],
      [
        row("all, without", c.all.without, c.all.without.cost),
        row("all, cache-aware", c.all.cacheAware, c.all.without.cost),
        row("all, eager", c.all.eager, c.all.without.cost),
        row("long, without", c.long.without, c.long.without.cost),
        row("long, cache-aware", c.long.cacheAware, c.long.without.cost),
        row("long, eager", c.long.eager, c.long.without.cost),
      ],
    ),
  );
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (typeof c === "number" ? (Number.isInteger(c) ? String(c) : c.toFixed(1)) : c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => String(r[i]).length)));
  const line = (r: (string | number)[]) => `| ${r.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  return [line(cells[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(line)].join("\n");
}

async function main() {
  if (!fs.existsSync(DATA)) {
    console.log(`skipped: ${DATA} not found`);
    return;
  }
  const http = !process.argv.includes("--no-http");
  const timingOnly = process.argv.includes("--timing-only");
  const runs = loadTrajectories(DATA);
  if (process.argv.includes("--pressure-only")) {
    const rows = [
      { target: 50_000, limit: 64_000, tag: "p50k" },
      { target: 206_000, limit: 200_000, tag: "p206k" },
    ].map(({ target, limit, tag }) => {
      const ctx = testCtx();
      const { stats } = compressMessages(ctx, { sessionID: `pressure_${tag}`, messages: longSession(runs, target, tag), contextLimit: limit });
      ctx.close();
      return [stats.tokensBefore, limit, stats.tokensAfter, stats.tokensAfter < limit ? "yes" : "NO"];
    });
    console.log(`\nPressure cases (shared runs chained into one session)\n`);
    console.log(table(["tokens before", "context limit", "tokens after", "fits"], rows));
    return;
  }
  if (timingOnly) {
    const timing = await benchTiming(runs, http);
    printTiming(timing);
    return;
  }
  const reports = await benchRuns(runs);

  console.log(`\nPer run (${runs.length} runs, ${new Set(runs.map((r) => r.task)).size} distinct tasks); tokens by o200k_base\n`);
  console.log(
    table(
      [
        "run",
        "turns",
        "final before",
        "final after",
        "final -%",
        "ceiling -%",
        "final -% at top pressure",
        "mean -% (all turns)",
        "key lines kept",
        "recoverable",
        "stable turns %",
        "p95 ms",
      ],
      reports.map((r) => [
        r.name.slice(0, 58),
        r.turns,
        r.finalBefore,
        r.finalAfter,
        r.finalReduction,
        r.ceiling,
        r.finalReductionUnderPressure,
        r.meanReduction,
        `${r.retention.verbatim}/${r.retention.keyLines}`,
        `${r.retention.recoverable}/${r.retention.keyLines}`,
        r.stability,
        r.msP95,
      ]),
    ),
  );

  const sum = (f: (r: RunReport) => number) => reports.reduce((n, r) => n + f(r), 0);
  const keyLines = sum((r) => r.retention.keyLines);
  const turnsAll = sum((r) => r.turns);
  const overall = {
    runs: reports.length,
    distinctTasks: new Set(reports.map((r) => r.task)).size,
    finalBeforeMedian: median(reports.map((r) => r.finalBefore)),
    finalAfterMedian: median(reports.map((r) => r.finalAfter)),
    finalBeforeTotal: sum((r) => r.finalBefore),
    finalAfterTotal: sum((r) => r.finalAfter),
    finalReductionMedian: median(reports.map((r) => r.finalReduction)),
    ceilingMedian: median(reports.map((r) => r.ceiling)),
    finalReductionUnderPressureMedian: median(reports.map((r) => r.finalReductionUnderPressure)),
    finalReductionTotal: pct(
      sum((r) => r.finalBefore - r.finalAfter),
      sum((r) => r.finalBefore),
    ),
    meanReductionAllTurns: sum((r) => r.meanReduction * r.turns) / turnsAll,
    keyLineRetentionVerbatim: pct(
      sum((r) => r.retention.verbatim),
      keyLines,
    ),
    keyLineRecoverable: pct(
      sum((r) => r.retention.recoverable),
      keyLines,
    ),
    expandExact: `${sum((r) => r.retention.expandExact)}/${sum((r) => r.retention.expandChecks)}`,
    prefixStability: (sum((r) => (r.stability * (r.turns - 1)) / 100) / Math.max(1, turnsAll - reports.length)) * 100,
    byStrategy: reports.reduce<Record<string, number>>((acc, r) => {
      for (const [k, v] of Object.entries(r.byStrategy)) acc[k] = (acc[k] ?? 0) + v;
      return acc;
    }, {}),
  };
  console.log("\nOverall\n");
  console.log(
    table(
      ["metric", "value", "target"],
      [
        ["final-turn tokens before (median / total)", `${overall.finalBeforeMedian} / ${overall.finalBeforeTotal}`, ""],
        ["final-turn tokens after (median / total)", `${overall.finalAfterMedian} / ${overall.finalAfterTotal}`, ""],
        ["final-turn reduction, median over runs", `${overall.finalReductionMedian.toFixed(1)}%`, ">= 50%"],
        ["  ceiling under the rules (all aged unprotected tokens), median", `${overall.ceilingMedian.toFixed(1)}%`, ""],
        ["  with the strongest level forced, median", `${overall.finalReductionUnderPressureMedian.toFixed(1)}%`, ""],
        ["final-turn reduction, all tokens", `${overall.finalReductionTotal.toFixed(1)}%`, ""],
        ["mean reduction over all turns", `${overall.meanReductionAllTurns.toFixed(1)}%`, ""],
        ["key lines kept verbatim", `${overall.keyLineRetentionVerbatim.toFixed(1)}% of ${keyLines}`, ">= 95%"],
        ["key lines recoverable with one expand", `${overall.keyLineRecoverable.toFixed(1)}%`, "100%"],
        ["expands byte-identical to the original", overall.expandExact, "all"],
        ["prefix-stable turns", `${overall.prefixStability.toFixed(1)}%`, ">= 95%"],
      ],
    ),
  );
  printCost(reports);
  console.log("\nTokens saved at the final turn, by strategy (all runs)\n");
  console.log(
    table(
      ["strategy", "tokens"],
      Object.entries(overall.byStrategy).sort((a, b) => b[1] - a[1]),
    ),
  );

  // Every strategy alone at every level: are the error/traceback/assertion/path:line lines still there? (bench/compress/key-lines.ts)
  const keyLinesByStrategy = { synthetic: keyLineRetention(syntheticParts()), trajectories: keyLineRetention(trajectoryParts(runs)) };
  console.log("\nKey-line retention per strategy and level (synthetic diagnostics at head/middle/tail, then the trajectories)\n");
  console.log(`${keyLineTable(keyLinesByStrategy.synthetic)}\n\n${keyLineTable(keyLinesByStrategy.trajectories)}`);

  const timing = await benchTiming(runs, http);
  printTiming(timing);

  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, "compress.json");
  fs.writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), overall, cost: costSummary(reports), runs: reports, keyLinesByStrategy, timing }, null, 2),
  );
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}

void main().then(() => process.exit(0));
