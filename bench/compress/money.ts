/**
 * What compression saves in money, under three provider price models, on the shared runs (the set
 * compression is tuned on) or the frozen set (bench/compress/frozen/, never tuned on: the headline).
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
 *   npx tsx bench/compress/money.ts [--set shared|frozen|both] [--runs N] [--label before]
 *
 * Writes bench/results/compress-money-<set>[-label].json.
 */
import fs from "node:fs";
import path from "node:path";
import { compressMessages } from "../../lib/compression";
import { testCtx } from "../../tests/helpers/ctx";
import { PrefixCache, totalCost, type Block, type CacheModel } from "../lib/cache-cost";
import { loadTrajectories, type Message, type Run } from "./convert";
import { blocksOf } from "./cost";
import { loadFrozen } from "./frozen/load";
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
  cost: Record<string, { raw: number; compressed: number; ratio: number; rewritten: number }>;
  msP95: number;
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
  let finalTokens: [number, number] = [0, 0];
  for (const history of turnHistories(run.messages as Message[])) {
    const started = performance.now();
    const result = compressMessages(ctx, { sessionID: run.name, messages: history });
    ms.push(performance.now() - started);
    // The request is sent for the step the last message is: its time.
    times.push(history[history.length - 1].info.time.created);
    raw.push(blocksOf(history));
    compressed.push(blocksOf(result.messages));
    finalTokens = [result.stats.tokensBefore, result.stats.tokensAfter];
  }
  ctx.close();
  return { raw, compressed, times, ms, finalTokens };
}

function benchRun(run: Run): RunMoney {
  const cost: RunMoney["cost"] = {};
  let first: ReturnType<typeof replayRun> | undefined;
  for (const [name, model] of Object.entries(PRICE_MODELS)) {
    const r = replayRun(run, model);
    first ??= r;
    const a = price(r.raw, r.times, model);
    const b = price(r.compressed, r.times, model);
    cost[name] = { raw: a.cost, compressed: b.cost, ratio: b.cost / a.cost, rewritten: b.rewrittenTokens };
  }
  const ms = [...first!.ms].sort((x, y) => x - y);
  return {
    name: run.name,
    steps: first!.raw.length,
    finalTokens: first!.finalTokens,
    cost,
    msP95: ms[Math.min(ms.length - 1, Math.ceil(0.95 * ms.length) - 1)] ?? 0,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
};
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function summarize(reports: RunMoney[]) {
  const out: Record<string, { aggregate: number; median: number; worst: number; worstRun: string; above102: number }> = {};
  for (const model of Object.keys(PRICE_MODELS)) {
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
    };
  }
  return out;
}

function loadSet(set: string): Run[] | undefined {
  if (set === "frozen") return loadFrozen();
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
  for (const set of which === "both" ? ["frozen", "shared"] : [which]) {
    const runs = loadSet(set)?.slice(0, limit);
    if (!runs) {
      console.log(`${set}: not available (skipped); see bench/compress/frozen/README.md`);
      continue;
    }
    const reports = runs.map(benchRun);
    const summary = summarize(reports);
    console.log(`\n${set} set: ${reports.length} runs, ${reports.reduce((n, r) => n + r.steps, 0)} requests`);
    console.log("| pricing | aggregate (compressed / raw) | median run | worst run | runs > 102% |");
    console.log("|---|---|---|---|---|");
    for (const [model, s] of Object.entries(summary))
      console.log(`| ${model} | ${pct(s.aggregate)} | ${pct(s.median)} | ${pct(s.worst)} (${s.worstRun}) | ${s.above102} |`);
    const p95 = reports.map((r) => r.msP95);
    console.log(`per-call p95 (worst run): ${Math.max(...p95).toFixed(1)} ms`);
    if (verbose)
      for (const r of reports)
        console.log(
          `${r.name.padEnd(60)} ${String(r.steps).padStart(4)} steps ${String(r.finalTokens[0]).padStart(7)} -> ${String(r.finalTokens[1]).padStart(7)}  anthropic ${pct(r.cost.anthropic.ratio)} openai ${pct(r.cost.openai.ratio)} none ${pct(r.cost.none.ratio)}`,
        );
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, `compress-money-${set}${label ? `-${label}` : ""}.json`), JSON.stringify({ set, summary, runs: reports }, null, 2));
  }
}

main();
