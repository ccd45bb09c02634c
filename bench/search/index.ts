import { writeResult } from "./common";
import { runQuality } from "./quality";
import { runSpeed } from "./speed";
import { runThroughput } from "./throughput";

/**
 * Search benchmark: LoCoMo retrieval quality (lexical), HTTP latency at 1K/10K/100K memories
 * (lexical and hybrid), embedding throughput.
 *
 *   npx tsx bench/search/index.ts [--only quality|speed|throughput] [--sizes 1000,10000,100000] [--queries 200] [--no-build] [--store DIR]
 *
 * Needs a build in $RECOLLECT_DIST_DIR (made or refreshed; `--no-build` uses the existing one as is).
 * Skips parts whose ../shared data is absent. `--store DIR` keeps each size's speed store in DIR/<size>
 * and reuses it next time.
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = opt("only");
const sizes = (opt("sizes") ?? "1000,10000,100000").split(",").map(Number);
const queries = Number(opt("queries") ?? 200);

const result: Record<string, unknown> = { at: new Date().toISOString() };
if (!only || only === "quality") result.quality = await runQuality();
if (!only || only === "throughput") result.throughput = await runThroughput();
if (!only || only === "speed") result.speed = await runSpeed(sizes, queries, !args.includes("--no-build"), opt("store"));
console.log(`\nwrote ${writeResult(`search${only ? "-" + only : ""}`, result)}`);
process.exit(0);
