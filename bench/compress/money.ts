/**
 * What compression saves in money, under three provider price models, on the sets compression is
 * tuned on (`tuning`: bench/compress/tuning/, runs of the frozen set's source the frozen split did
 * not take; `shared`: the 25 shared runs) or the frozen set (bench/compress/frozen/, never tuned
 * on: the headline; its per-run figures are printed only with --per-run).
 *
 * Protocol (issue 39): each run is replayed turn by turn; every request is the whole history at
 * that turn (compressed in process by `compressMessages`, as `POST /api/compress` does), sent at
 * the time of the turn's message (the run's own times: a pause longer than the cache's lifetime
 * empties it). A request's cost is priced by the longest prefix it shares with a cached earlier
 * request (bench/lib/cache-cost.ts):
 * - anthropic: cached prefix read at 0.1x, the rest written at 1.25x;
 * - openai: cached prefix at 0.5x, the rest at 1x;
 * - none: every token at 1x.
 * Costs are in uncached-input-token units; the ratio is compressed / raw. Each column replays the
 * run with the schedule priced like it (`compression.cachePricing`, as for that provider).
 *
 * Per call: wall time and CPU time of this process (user + system) of each `compressMessages`,
 * p95 over every call of the set, with the load average when the set ran (a busy machine
 * stretches wall time, not CPU time).
 *
 *   npx tsx bench/compress/money.ts [--set tuning|shared|frozen|both] [--pricing anthropic] [--runs N] [--label before] [--breakdown]
 *
 * `both` is frozen then tuning then shared. `--pricing` replays only the named price models (faster while tuning).
 * `--breakdown`: where the cost goes (cached reads, writes of the appended steps, rewrites of sent prefixes and expired entries).
 *
 * Writes bench/results/compress-money-<set>[-label].json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compressMessages } from "../../lib/compression";
import { testCtx } from "../../tests/helpers/ctx";
import { PrefixCache, totalCost, type Block, type CacheModel } from "../lib/cache-cost";
import { loadTrajectories, type Message, type Run } from "./convert";
import { blocksOf, hiddenUses } from "./cost";
import { loadFrozen } from "./frozen/load";
import { loadTuning } from "./tuning/load";
import { turnHistories } from "./replay";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SHARED = process.env.RECOLLECT_TRAJECTORIES ?? path.resolve(ROOT, "../shared/data/trajectories");
const RESULTS = path.join(ROOT, "bench", "results");
const TTL = 5 * 60_000;

export const PRICE_MODELS: Record<string, CacheModel> = {
  anthropic: { read: 0.1, write: 1.25, ttlMs: TTL },
  openai: { read: 0.5, write: 1, ttlMs: TTL },
  none: { read: 1, write: 1, ttlMs: TTL },
};

const COMPRESSION_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("RECOLLECT_COMPRESSION_"))) as Record<string, string>;

interface RunMoney {
  name: string;
  steps: number;
  /** Tokens of the last request, raw and compressed. */
  finalTokens: [number, number];
  /** By price model: raw cost, compressed cost, ratio. */
  cost: Record<string, { raw: number; compressed: number; ratio: number; rewritten: number; costOf: { reads: number; tailWrites: number; rewrites: number } }>;
  /** Of the first replay: later steps' uses of earlier content (cost.ts `needlesOf`), and those the compressed request had hidden. */
  hidden: { uses: number; hidden: number };
  /** Per call of the first replay: wall and CPU milliseconds, and the history's tokens. */
  ms: number[];
  cpuMs: number[];
  tokens: number[];
}

function price(requests: Block[][], times: number[], model: CacheModel) {
  const cache = new PrefixCache(model);
  return totalCost(
    requests.map((r, i) => cache.request(r, times[i])),
    model,
  );
}

/** The run replayed through compression with the schedule priced like `model` (compression.cachePricing). */
function replayRun(run: Run, model: CacheModel) {
  const pricing = JSON.stringify({ "*": { read: model.read, write: model.write } });
  const ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_PRICING: pricing, ...COMPRESSION_ENV } });
  const raw: Block[][] = [];
  const compressed: Block[][] = [];
  const times: number[] = [];
  const ms: number[] = [];
  const cpuMs: number[] = [];
  const tokens: number[] = [];
  let finalTokens: [number, number] = [0, 0];
  const hidden = { uses: 0, hidden: 0 };
  let previous: { history: Message[]; shown: Message[] } | undefined;
  for (const history of turnHistories(run.messages as Message[])) {
    // The step this request answered is the last message of the next history.
    if (previous) {
      const h = hiddenUses(history[history.length - 1], previous.history as never, previous.shown as never);
      hidden.uses += h.uses;
      hidden.hidden += h.hidden;
    }
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = compressMessages(ctx, { sessionID: run.name, messages: history });
    ms.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    tokens.push(result.stats.tokensBefore);
    // The request is sent for the step the last message is: its time.
    times.push(history[history.length - 1].info.time.created);
    raw.push(blocksOf(history));
    compressed.push(blocksOf(result.messages));
    finalTokens = [result.stats.tokensBefore, result.stats.tokensAfter];
    previous = { history, shown: result.messages as never };
  }
  ctx.close();
  return { raw, compressed, times, ms, cpuMs, tokens, finalTokens, hidden };
}

function benchRun(run: Run, models: string[]): RunMoney {
  const cost: RunMoney["cost"] = {};
  let first: ReturnType<typeof replayRun> | undefined;
  for (const name of models) {
    const model = PRICE_MODELS[name];
    const r = replayRun(run, model);
    first ??= r;
    const a = price(r.raw, r.times, model);
    const b = price(r.compressed, r.times, model);
    cost[name] = { raw: a.cost, compressed: b.cost, ratio: b.cost / a.cost, rewritten: b.rewrittenTokens, costOf: b.costOf };
  }
  return {
    name: run.name,
    steps: first!.raw.length,
    finalTokens: first!.finalTokens,
    cost,
    hidden: first!.hidden,
    ms: first!.ms,
    cpuMs: first!.cpuMs,
    tokens: first!.tokens,
  };
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] ?? 0;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
};
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function summarize(reports: RunMoney[], models: string[]) {
  const out: Record<string, { aggregate: number; median: number; worst: number; worstRun: string; above102: number; costOf: Record<string, number> }> = {};
  for (const model of models) {
    const raw = reports.reduce((n, r) => n + r.cost[model].raw, 0);
    const comp = reports.reduce((n, r) => n + r.cost[model].compressed, 0);
    const ratios = reports.map((r) => r.cost[model].ratio);
    const worst = Math.max(...ratios);
    out[model] = {
      aggregate: comp / raw,
      median: median(ratios),
      worst,
      worstRun: reports[ratios.indexOf(worst)]?.name ?? "",
      above102: ratios.filter((x) => x > 1.02).length,
      // Shares of the raw cost: reads, appended-step writes and rewrites of what compression sends.
      costOf: Object.fromEntries(
        (["reads", "tailWrites", "rewrites"] as const).map((k) => [k, reports.reduce((n, r) => n + r.cost[model].costOf[k], 0) / raw]),
      ),
    };
  }
  return out;
}

function loadSet(set: string): Run[] | undefined {
  if (set === "frozen") return loadFrozen();
  if (set === "tuning") return loadTuning();
  return fs.existsSync(SHARED) ? loadTrajectories(SHARED) : undefined;
}

function main() {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const which = arg("--set") ?? "both";
  const label = arg("--label");
  const limit = Number(arg("--runs") ?? Infinity);
  const verbose = process.argv.includes("--per-run");
  const breakdown = process.argv.includes("--breakdown");
  const models = arg("--pricing")?.split(",") ?? Object.keys(PRICE_MODELS);
  for (const m of models) if (!PRICE_MODELS[m]) throw new Error(`--pricing: ${m} is not one of ${Object.keys(PRICE_MODELS).join(", ")}`);
  for (const set of which === "both" ? ["frozen", "tuning", "shared"] : [which]) {
    const runs = loadSet(set)?.slice(0, limit);
    if (!runs) {
      console.log(`${set}: not available (skipped); see bench/compress/frozen/README.md`);
      continue;
    }
    const loadBefore = os.loadavg()[0];
    const reports = runs.map((r) => benchRun(r, models));
    const loadAfter = os.loadavg()[0];
    const summary = summarize(reports, models);
    console.log(`\n${set} set: ${reports.length} runs, ${reports.reduce((n, r) => n + r.steps, 0)} requests`);
    console.log("| pricing | aggregate (compressed / raw) | median run | worst run | runs > 102% |");
    console.log("|---|---|---|---|---|");
    // The frozen set's runs are not named (no per-run result while rules change; --per-run shows them).
    const named = set !== "frozen" || verbose;
    for (const [model, s] of Object.entries(summary))
      console.log(`| ${model} | ${pct(s.aggregate)} | ${pct(s.median)} | ${pct(s.worst)}${named ? ` (${s.worstRun})` : ""} | ${s.above102} |`);
    if (breakdown)
      for (const [model, s] of Object.entries(summary))
        console.log(
          `${model}: of the raw cost, reads ${pct(s.costOf.reads)} + appended writes ${pct(s.costOf.tailWrites)} + rewrites ${pct(s.costOf.rewrites)}`,
        );
    const uses = reports.reduce((n, r) => n + r.hidden.uses, 0);
    const hiddenUsesTotal = reports.reduce((n, r) => n + r.hidden.hidden, 0);
    console.log(`later uses of earlier content hidden by compression: ${hiddenUsesTotal} of ${uses}`);
    const allMs = reports.flatMap((r) => r.ms);
    const allCpu = reports.flatMap((r) => r.cpuMs);
    const big = reports.flatMap((r) => r.ms.filter((_, i) => r.tokens[i] >= 100_000));
    const bigCpu = reports.flatMap((r) => r.cpuMs.filter((_, i) => r.tokens[i] >= 100_000));
    const calls = {
      calls: allMs.length,
      wallP95: p95(allMs),
      cpuP95: p95(allCpu),
      over100k: big.length,
      wallP95Over100k: p95(big),
      cpuP95Over100k: p95(bigCpu),
      load: [loadBefore, loadAfter],
    };
    console.log(
      `per call (${calls.calls}): p95 wall ${calls.wallP95.toFixed(1)} ms, CPU ${calls.cpuP95.toFixed(1)} ms; at >= 100K tokens (${calls.over100k}): wall ${calls.wallP95Over100k.toFixed(1)} ms, CPU ${calls.cpuP95Over100k.toFixed(1)} ms; load average ${loadBefore.toFixed(2)} -> ${loadAfter.toFixed(2)}`,
    );
    if (verbose)
      for (const r of reports)
        console.log(
          `${r.name.padEnd(60)} ${String(r.steps).padStart(4)} steps ${String(r.finalTokens[0]).padStart(7)} -> ${String(r.finalTokens[1]).padStart(7)}  ${models.map((m) => `${m} ${pct(r.cost[m].ratio)}`).join(" ")}`,
        );
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(
      path.join(RESULTS, `compress-money-${set}${label ? `-${label}` : ""}.json`),
      JSON.stringify({ set, summary, calls, hidden: { uses, hidden: hiddenUsesTotal }, runs: reports }, null, 2),
    );
  }
}

main();
