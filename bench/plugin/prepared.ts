/**
 * The server's compression CPU per turn at 200K tokens with and without the next turn prepared at
 * idle (lib/compression/prepared.ts), in one process (no HTTP): two stores, the same session on
 * each; a turn is the request after the user's message (`compressMessagesAsync` over the whole
 * history); each answer of the model is followed by the request after its tool result and, on the
 * preparing store, by `prepareNextTurn` (the idle). Every turn's two answers are compared byte for
 * byte. CPU milliseconds of this process (process.cpuUsage), so a loaded machine still compares.
 *
 *   npx tsx bench/plugin/prepared.ts [--turns 40] [--tokens 200000]
 */
import os from "node:os";
import { compressMessagesAsync, prepareNextTurn } from "../../lib/compression";
import type { Ctx } from "../../lib/ctx";
import { testCtx } from "../../tests/helpers/ctx";
import { printTable, summarize, writeResult } from "../lib/stats";
import { id, lorem, step, stepsOf, v1History } from "./sessions";

const args = process.argv.slice(2);
const TURNS = Number(args[args.indexOf("--turns") + 1]) || 40;
const TOKENS = Number(args[args.indexOf("--tokens") + 1]) || 200_000;
const WARMUP = 3;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function cpuOf<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = cpuMs();
  const value = await f();
  return { ms: cpuMs() - t0, value };
}

async function main() {
  const plain = testCtx();
  const prepared = testCtx();
  const sessionID = id("ses");
  const { steps, tokens } = stepsOf(TOKENS);
  const history = v1History(sessionID, steps);
  const body = () => ({ sessionID, messages: structuredClone(history) });
  const turns: { plain: number; prepared: number; idle: number }[] = [];
  let differing = 0;
  for (const ctx of [plain, prepared] as Ctx[]) await compressMessagesAsync(ctx, body());
  for (let t = 0; t < TURNS + WARMUP; t++) {
    history.push(...v1History(sessionID, [{ user: `Now the migration for the ${lorem(8, t)} module, keep the cache config as decided` }]));
    const a = await cpuOf(() => compressMessagesAsync(plain, body()));
    const b = await cpuOf(() => compressMessagesAsync(prepared, body()));
    if (JSON.stringify(a.value) !== JSON.stringify(b.value)) differing++;
    // The model's answer: a step with a tool call, the request after its result, then idle.
    history.push(...v1History(sessionID, [step(10_000 + t)]));
    for (const ctx of [plain, prepared] as Ctx[]) await compressMessagesAsync(ctx, body());
    const idle = await cpuOf(() => prepareNextTurn(prepared, body()));
    if (t >= WARMUP) turns.push({ plain: a.ms, prepared: b.ms, idle: idle.ms });
  }
  const row = (name: string, xs: number[]) => {
    const s = summarize(xs);
    return { "": name, "p50 CPU ms": s.p50, "p95 CPU ms": s.p95, "max CPU ms": s.max };
  };
  printTable(
    `Compression per turn at ${Math.round(tokens / 1000)}K tokens, in process (${TURNS} turns; answers differing: ${differing}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    [
      row(
        "turn, nothing prepared",
        turns.map((x) => x.plain),
      ),
      row(
        "turn, prepared at idle",
        turns.map((x) => x.prepared),
      ),
      row(
        "the prepare at idle (off the turn)",
        turns.map((x) => x.idle),
      ),
    ],
  );
  writeResult("plugin-prepared", {
    turns: TURNS,
    tokens,
    differing,
    ...Object.fromEntries(["plain", "prepared", "idle"].map((k) => [k, summarize(turns.map((x) => x[k as "plain"]))])),
  });
  plain.close();
  prepared.close();
  if (differing) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
