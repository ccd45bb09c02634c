import { describe, expect, it } from "vitest";
import { partMemory } from "../../../lib/compression/cache";
import { assemble, assembleSteps, slotStarts } from "../../../lib/compression/phases/assemble";
import { History as CallIndex } from "../../../lib/compression/phases/history";
import { measureSteps } from "../../../lib/compression/phases/measure";
import { CHUNK_CHARS, CHUNK_ROWS, persistSteps } from "../../../lib/compression/phases/persist";
import { ANTHROPIC_PRICES, schedule, scheduleSteps } from "../../../lib/compression/phases/schedule";
import { agedLevels, agedLevelsSteps } from "../../../lib/compression/pressure";
import { runAll, STEP_ITEMS } from "../../../lib/slices";
import { contextsPerTest } from "../../helpers/contexts";
import { History } from "./history";
import { counted } from "../../helpers/steps";

/**
 * Issue 37: the phases that walk the whole history between the per-part ones (the aged levels, the
 * schedule's replay, the call index, the assembly) ran as one piece: at 100,000 messages each held
 * the event loop 20-60 ms, and together with a GC pause /api/health waited 180 ms and more. Each is
 * now steps; here, without a clock, each must yield at least once per STEP_ITEMS items it walks and
 * give what its one-piece form gives.
 */
const ctxFor = contextsPerTest();

/** 3,000 messages: questions, answers and tool outputs (reads, commands) that compress. */
function bigHistory() {
  const h = new History("ses_slices");
  for (let i = 0; i < 1_500; i++) {
    h.user(`question ${i} about the cache`);
    const output = Array.from({ length: 30 }, (_, j) => `line ${j} of output ${i % 50}`).join("\n");
    h.step({
      text: `answer ${i}`,
      tools: [{ tool: i % 2 ? "bash" : "read", input: i % 2 ? { command: `make ${i % 7}` } : { filePath: `src/f${i % 9}.py` }, output }],
    });
  }
  return h;
}

describe("whole-history phases run in steps", () => {
  it("aged levels, call index, schedule and assembly yield once per STEP_ITEMS items and equal their one-piece forms", () => {
    const ctx = ctxFor();
    const messages = bigHistory().messages as never;
    const { slots } = runAll(measureSteps(messages, partMemory(ctx)));
    const n = slots.length;
    expect(n).toBeGreaterThan(3 * STEP_ITEMS);
    const minYields = Math.floor(n / STEP_ITEMS);

    const levels = counted(agedLevelsSteps((messages as unknown[]).length, slots, 2, [1_000, 50_000]));
    expect(levels.yields).toBeGreaterThanOrEqual(minYields);
    expect(levels.value).toEqual(agedLevels((messages as unknown[]).length, slots, 2, [1_000, 50_000]));

    const index = counted(CallIndex.build(slots, 200));
    expect(index.yields).toBeGreaterThanOrEqual(minYields);
    expect(index.value).toEqual(new CallIndex(slots, 200));

    // Every output "compressed" to a tenth: the schedule has a candidate in every step.
    const results = slots.map((s) => (s.kind === "tool" ? { v: "cut", t: Math.floor(s.entry.tokens / 10), s: { test: 1 } } : undefined)) as never[];
    const cfg = {
      protectRecentTurns: 2,
      pressureTokens: [1_000_000, 2_000_000],
      batchMinTokens: 0,
      batchPaybackRequests: 20,
      smallPartTokens: 0,
      activeFileTurns: 1,
      cacheTtlMinutes: 5,
      repeatMinTokens: Number.POSITIVE_INFINITY,
      protectedTools: [],
    };
    const noReference = () => undefined;
    const replay = counted(scheduleSteps(messages, slots, results, cfg, undefined, noReference, ANTHROPIC_PRICES));
    expect(replay.yields).toBeGreaterThanOrEqual((messages as unknown[]).length);
    const whole = schedule(messages, slots, results, cfg, undefined, noReference, ANTHROPIC_PRICES);
    expect(replay.value.applied.size).toBeGreaterThan(0);
    expect([...replay.value.applied]).toEqual([...whole.applied]);

    const known = slots.map((_, i) => (whole.applied.has(i) ? results[i] : undefined));
    const assembled = counted(assembleSteps(messages, slots, slotStarts((messages as unknown[]).length, slots), known, []));
    expect(assembled.yields).toBeGreaterThanOrEqual(minYields);
    expect(assembled.value).toEqual(assemble(messages, slots, known, []));
  });
});

describe("persist writes a big run in short transactions", () => {
  it("each transaction holds at most CHUNK_ROWS rows or CHUNK_CHARS characters, is one step, and every row is stored", () => {
    const ctx = ctxFor();
    const now = Date.now();
    const rows = Array.from({ length: 1_000 }, (_, i) => ({ key: `k${i}`, value: { v: `cut ${i}`, t: i, s: { test: 1 } } }));
    // 40 originals of 20,000 characters: 800,000 characters, more than one transaction's worth by size alone.
    const originals = new Map(
      Array.from({ length: 40 }, (_, i) => [`h${i}`, { hash: `h${i}`, content: `${i} `.repeat(10_000), tool: "bash", sessionId: "ses" }]),
    );
    const stats = { tokensBefore: 10, tokensAfter: 5, byStrategy: {} };
    const steps = persistSteps(ctx, { sessionId: "ses", newRows: rows, newOriginals: originals, stats, durationMs: 1, now });
    // Between two steps no transaction is open: the loop may turn there.
    let yields = 0;
    for (let step = steps.next(); !step.done; step = steps.next()) {
      expect(ctx.sqlite.inTransaction).toBe(false);
      yields++;
    }
    expect(yields).toBeGreaterThanOrEqual(Math.ceil(rows.length / CHUNK_ROWS) - 1 + Math.ceil((40 * 20_000) / CHUNK_CHARS) - 1);
    const count = (table: string) => (ctx.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    expect(count("compression_cache")).toBe(rows.length);
    expect(count("ccr_entries")).toBe(originals.size);
    expect(count("compression_stats")).toBe(1);
  });
});
