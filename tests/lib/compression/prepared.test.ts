import { describe, expect, it } from "vitest";
import { compressMessagesAsync, prepareNextTurn } from "../../../lib/compression";
import type { Ctx } from "../../../lib/ctx";
import { contextsPerTest } from "../../helpers/contexts";
import { excerpt, History } from "./history";

// The schedule on (the default): what the plugin's turns go through.
const ctxFor = contextsPerTest();

const apt = excerpt("bash-apt-get-errors");
const read = excerpt("read-marshmallow-fields");

/** One answer of the model: a step whose outputs the next turns age and compress. */
function answer(h: History, i: number) {
  h.step({
    name: `s${i}`,
    text: `Step ${i}: ${"looked at the build and the failing field tests ".repeat(6)}`,
    tools: [
      { tool: "bash", input: { command: `make step-${i}` }, output: apt.output },
      { tool: "read", input: { ...read.input, step: i % 3 }, output: read.output },
    ],
  });
}

/** What a database holds after the turns: compressed originals, cached results, stats rows (times left out). */
function stored(ctx: Ctx) {
  return {
    originals: ctx.sqlite.prepare("select hash, session_id, tool, content from ccr_entries order by hash").all(),
    cache: ctx.sqlite.prepare("select key, session_id, value from compression_cache order by key").all(),
    stats: ctx.sqlite.prepare("select session_id, tokens_before, tokens_after, by_strategy from compression_stats order by id").all(),
  };
}

describe("the next turn prepared at idle (lib/compression/prepared.ts)", () => {
  it("answers every turn byte for byte as without it, stores the same rows, and does the work at idle", async () => {
    const prepared = ctxFor();
    const plain = ctxFor();
    const h = new History().user("Fix the failing TimeDelta test");
    let readyParts = 0;
    for (let t = 0; t < 8; t++) {
      answer(h, t);
      // Idle: the history with the answer, on the context that prepares.
      readyParts += await prepareNextTurn(prepared, h.body());
      h.user(`Turn ${t + 1}: now the next field, keep the config as decided`);
      const a = await compressMessagesAsync(prepared, h.body());
      const b = await compressMessagesAsync(plain, h.body());
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      // Taken by the turn it was prepared for.
      expect(prepared.services.preparedTurns.size).toBe(0);
    }
    expect(readyParts).toBeGreaterThan(8);
    expect(stored(prepared)).toEqual(stored(plain));
  });

  it("the turn takes the prepared results (they stand in for the strategies' calls)", async () => {
    // The schedule off: a part compressed anew shows in the same answer.
    const ctx = ctxFor({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
    const h = new History().user("Fix the failing TimeDelta test");
    for (let t = 0; t < 3; t++) answer(h, t);
    await compressMessagesAsync(ctx, h.user("go on").body());
    answer(h, 3);
    expect(await prepareNextTurn(ctx, h.body())).toBeGreaterThan(0);
    // A marker in every prepared result: the turn's answer shows it only if it took them.
    for (const p of [...ctx.services.preparedTurns.values()][0]!.parts.values()) if (p.result.v !== null) p.result = { ...p.result, v: `${p.result.v}MARK` };
    const out = await compressMessagesAsync(ctx, h.user("and the next").body());
    expect(JSON.stringify(out.messages)).toContain("MARK");
  });

  it("is not used when the history changed since (another tool call, a revert): the turn compresses as today", async () => {
    const prepared = ctxFor({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
    const plain = ctxFor({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
    const h = new History().user("Fix the failing TimeDelta test");
    for (let t = 0; t < 3; t++) answer(h, t);
    for (const ctx of [prepared, plain]) await compressMessagesAsync(ctx, h.user("go on").body());
    answer(h, 3);
    expect(await prepareNextTurn(prepared, h.body())).toBeGreaterThan(0);
    for (const p of [...prepared.services.preparedTurns.values()][0]!.parts.values())
      if (p.result.v !== null) p.result = { ...p.result, v: `${p.result.v}MARK` };
    // One more tool call before the next request: the tool slots differ from those prepared on.
    answer(h, 4);
    h.user("and the next");
    const a = await compressMessagesAsync(prepared, h.body());
    const b = await compressMessagesAsync(plain, h.body());
    expect(JSON.stringify(a.messages)).not.toContain("MARK");
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it("leaves the session's stats and stored rows to the turn, and prepares only when compression is on", async () => {
    const ctx = ctxFor();
    const h = new History().user("Fix the failing TimeDelta test");
    for (let t = 0; t < 4; t++) answer(h, t);
    const before = stored(ctx);
    expect(await prepareNextTurn(ctx, h.body())).toBeGreaterThan(0);
    expect(stored(ctx)).toEqual(before);
    const off = ctxFor({ env: { RECOLLECT_COMPRESSION_ENABLED: "false" } });
    expect(await prepareNextTurn(off, h.body())).toBe(0);
    expect(off.services.preparedTurns.size).toBe(0);
  });
});
