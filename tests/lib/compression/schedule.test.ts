import { describe, expect, it } from "vitest";
import { compressMessages } from "../../../lib/compression";
import { contextsPerTest } from "../../helpers/contexts";
import type { testCtx } from "../../helpers/ctx";
import { excerpt, fieldOf, History, SESSION } from "./history";

/** When aged parts are shown compressed (lib/compression/phases/schedule.ts); what they become is pipeline/strategies.test.ts. */
// The session below repeats its outputs word for word: repeats (repeats.test.ts) are off here, so
// that these tests see the batches of aged parts alone.
const contexts = contextsPerTest({ RECOLLECT_COMPRESSION_DISABLED_STRATEGIES: "repeats" });
const ctxFor = (env: Record<string, string> = {}) => contexts({ env });

const read = excerpt("read-marshmallow-fields");
const apt = excerpt("bash-apt-get-errors");
/** A build log of `n` lines: compresses to a few lines. */
const log = (tag: string, n = 200) => Array.from({ length: n }, (_, i) => `${tag} line ${i}: some build output here`).join("\n");

/** A 40-step session: big reads and command outputs (each its own: identical ones are repeats, repeats.test.ts), small outputs, edits. */
function session(steps = 40): History {
  const h = new History().user("Fix the failing TimeDelta test");
  for (let i = 0; i < steps; i++) {
    const kind = i % 4;
    if (kind === 0)
      h.step({ name: `s${i}`, tools: [{ name: `t${i}`, tool: "read", input: { filePath: `src/f${i}.py` }, output: `${read.output}\n(step ${i})` }] });
    else if (kind === 1)
      h.step({ name: `s${i}`, tools: [{ name: `t${i}`, tool: "bash", input: { command: `make ${i}` }, output: `${apt.output}\n(step ${i})` }] });
    else if (kind === 2) h.step({ name: `s${i}`, tools: [{ name: `t${i}`, tool: "bash", input: { command: `ls ${i}` }, output: `a.py\nb.py\nc${i}.py` }] });
    else h.step({ name: `s${i}`, tools: [{ name: `t${i}`, tool: "grep", input: { pattern: `x${i}` }, output: `src/a.py:${i}: x${i} = 1` }] });
  }
  return h;
}

/** Compresses every prefix ending in an assistant step (what OpenCode sends before each step); the answers as JSON per message. */
function turnByTurn(ctx: ReturnType<typeof testCtx>, h: History) {
  const turns: string[][] = [];
  for (let end = 2; end <= h.messages.length; end++) {
    const messages = structuredClone(h.messages.slice(0, end));
    turns.push(compressMessages(ctx, { sessionID: SESSION, messages }).messages.map((m) => JSON.stringify(m)));
  }
  return turns;
}

/** Turns whose answer rewrote a message older than the one that just aged (the previous answer's last). */
function deepRewrites(turns: string[][]): number[] {
  const out: number[] = [];
  for (let t = 1; t < turns.length; t++) if (turns[t - 1].slice(0, -1).some((m, i) => turns[t][i] !== m)) out.push(t);
  return out;
}

/** Turns whose answer rewrote a message that the previous answer had already sent. */
function rewrites(turns: string[][]): number[] {
  const out: number[] = [];
  for (let t = 1; t < turns.length; t++) if (turns[t - 1].some((m, i) => turns[t][i] !== m)) out.push(t);
  return out;
}

describe("cache-aware scheduling", () => {
  it("rewrites at most the message that just aged, except at a few batches, over a 40-step history", () => {
    // Compressing a part as it ages rewrites only it (the provider read it once); a part held and
    // compressed later rewrites everything after it: that is a batch, and it must pay.
    const ctx = ctxFor();
    const turns = turnByTurn(ctx, session(40));
    const deep = deepRewrites(turns);
    expect(rewrites(turns).length).toBeGreaterThan(0);
    expect(deep.length).toBeLessThanOrEqual(turns.length / 4);
    const final = turns[turns.length - 1].join("\n");
    expect(final).toContain("memory_expand(");
    // The patient schedule of round 2 (small parts held, 500-token batches): the same few deep rewrites at most.
    const patient = ctxFor({ RECOLLECT_COMPRESSION_SMALL_PART_TOKENS: "400", RECOLLECT_COMPRESSION_BATCH_MIN_TOKENS: "500" });
    const batches = rewrites(turnByTurn(patient, session(40)));
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.length).toBeLessThanOrEqual(turns.length / 4);
  });

  it("goes on from where the session's previous call stopped (the same message objects): what a whole replay gives, turn after turn", () => {
    // Repeats on (exact and partial), reads of the same file, a pause longer than the cache's lifetime.
    const ctx = contexts({ env: { RECOLLECT_COMPRESSION_DISABLED_STRATEGIES: "[]" } });
    const whole = contexts({ env: { RECOLLECT_COMPRESSION_DISABLED_STRATEGIES: "[]" } });
    const h = session(16);
    for (let i = 0; i < 4; i++) {
      h.step({ tools: [{ tool: "read", input: { filePath: "src/f0.py" }, output: `${read.output}\n(step 0)` }] });
      h.step({ tools: [{ tool: "bash", input: { command: "make 1" }, output: `${apt.output}\n(step ${i % 2})` }] });
    }
    const last = h.messages[h.messages.length - 1] as { info: { time?: { created?: number } } };
    h.user("back after lunch");
    (h.messages[h.messages.length - 1] as { info: { time?: { created?: number } } }).info.time = { created: (last.info.time?.created ?? 0) + 2 * 3600_000 };
    h.filler(4);
    const resumed: number[] = [];
    for (let end = 2; end <= h.messages.length; end++) {
      // The same objects every call, as the delta exchange's kept messages are.
      const kept = compressMessages(ctx, { sessionID: SESSION, messages: h.messages.slice(0, end) });
      resumed.push([...ctx.services.scheduleReplays.values()][0]?.resumedFrom ?? -1);
      const fresh = compressMessages(whole, { sessionID: SESSION, messages: structuredClone(h.messages.slice(0, end)) });
      expect(JSON.stringify(kept.messages)).toBe(JSON.stringify(fresh.messages));
      expect(kept.stats).toEqual(fresh.stats);
    }
    // Once there is anything to schedule, every call went on from the previous one's end.
    expect(resumed.filter((r, t) => r === t + 1).length).toBeGreaterThan(resumed.length - 8);
    expect([...whole.services.scheduleReplays.values()][0]?.resumedFrom).toBe(0);
  });

  it("gives the same bytes after a restart (the schedule is a function of the history)", () => {
    const h = session(30);
    const a = compressMessages(ctxFor(), h.body());
    const b = compressMessages(ctxFor(), h.body());
    expect(JSON.stringify(b.messages)).toBe(JSON.stringify(a.messages));
    expect(JSON.stringify(a.messages)).toContain("memory_expand(");
  });

  it("never compresses small outputs below the pressure thresholds, and does above them", () => {
    const h = session(40);
    const below = compressMessages(ctxFor(), h.body()).messages;
    // `ls` and `grep` outputs are a line or three.
    for (let i = 2; i < 36; i += 4) expect(fieldOf(below, h.ids[`t${i}`])).toBe(`a.py\nb.py\nc${i}.py`);
    const ctx = ctxFor({ RECOLLECT_COMPRESSION_PRESSURE_TOKENS: "[2000, 1000000]", RECOLLECT_COMPRESSION_SMALL_PART_TOKENS: "400" });
    const above = compressMessages(ctx, h.body());
    expect(above.stats.tokensBefore).toBeGreaterThan(2000);
    const bulky = session(40);
    expect(fieldOf(above.messages, bulky.ids.t1)).toContain("memory_expand(");
  });

  it("waits while the savings would not pay; a pressure threshold rewrites nothing already sent; a context about to overflow is compressed whatever the price", () => {
    // One big output aged: under the batch minimum, it stays whole.
    const h = new History().user("go").step({ name: "s", tools: [{ name: "big", tool: "bash", input: { command: "make" }, output: log("a") }] });
    h.filler(2);
    const env = { RECOLLECT_COMPRESSION_BATCH_MIN_TOKENS: "100000" };
    const quiet = compressMessages(ctxFor(env), h.body());
    expect(fieldOf(quiet.messages, h.ids.big)).toBe(log("a"));
    // A second output takes the history past the first threshold (issue 39: crossing it used to
    // rewrite every aged part at once). The model is nudged; what was sent stays as it was.
    h.step({ tools: [{ tool: "bash", input: { command: "make 2" }, output: log("b", 50) }] }).filler(1);
    const threshold = quiet.stats.tokensBefore + 100;
    const pressed = compressMessages(ctxFor({ ...env, RECOLLECT_COMPRESSION_PRESSURE_TOKENS: `[${threshold}, 1000000]` }), h.body());
    expect(fieldOf(pressed.messages, h.ids.big)).toBe(log("a"));
    expect(pressed.nudges).toHaveLength(1);
    // Near the model's context window the batch goes, whatever it costs.
    const limit = Math.ceil(pressed.stats.tokensBefore / 0.8);
    const overflowing = compressMessages(ctxFor(env), { ...h.body(), contextLimit: limit });
    expect(fieldOf(overflowing.messages, h.ids.big)).toContain("memory_expand(");
    expect(overflowing.stats.tokensAfter).toBeLessThan(0.75 * limit);
  });

  it("batches whatever saves anything after a pause longer than the cache lifetime", () => {
    const h = new History().user("go").step({ name: "s", tools: [{ name: "big", tool: "bash", input: { command: "make" }, output: log("a") }] });
    h.filler(3);
    const env = { RECOLLECT_COMPRESSION_BATCH_MIN_TOKENS: "100000" };
    expect(fieldOf(compressMessages(ctxFor(env), h.body()).messages, h.ids.big)).toBe(log("a"));
    // The last step came 6 minutes after the one before it: nothing is cached any more.
    const last = h.messages[h.messages.length - 1].info;
    last.time = { created: last.time.created + 6 * 60_000 };
    expect(fieldOf(compressMessages(ctxFor(env), h.body()).messages, h.ids.big)).toContain("memory_expand(");
  });

  it("keeps the latest read of a file being worked on whole, and compresses it once the work has moved on", () => {
    // activeFileTurns 8 (the default is 1: the read stays whole while the newest step touches its file).
    const edit = (i: number) => ({ tool: "edit", input: { filePath: "src/fields.py", oldString: `a${i}`, newString: `b${i}` }, output: "Edit applied." });
    const h = new History().user("fix fields.py").step({ tools: [{ name: "read", tool: "read", input: { filePath: "src/fields.py" }, output: read.output }] });
    for (let i = 0; i < 3; i++) h.step({ tools: [edit(i)] });
    // Enough bulky work elsewhere for a batch to go.
    for (let i = 0; i < 4; i++) h.step({ tools: [{ name: `b${i}`, tool: "bash", input: { command: `make ${i}` }, output: log(`b${i}`) }] });
    // Priced without a cache (every rewrite free): what is checked is when the read may go, not whether it pays.
    const ctx = ctxFor({ RECOLLECT_COMPRESSION_ACTIVE_FILE_TURNS: "8", RECOLLECT_COMPRESSION_CACHE_PRICING: JSON.stringify({ "*": { read: 1, write: 1 } }) });
    const during = compressMessages(ctx, h.body()).messages;
    expect(fieldOf(during, h.ids.b0)).toContain("memory_expand(");
    expect(fieldOf(during, h.ids.read)).toBe(read.output);
    // Ten steps later, nothing has touched the file: the read goes with the next batch.
    for (let i = 4; i < 14; i++) h.step({ tools: [{ tool: "bash", input: { command: `make ${i}` }, output: log(`b${i}`) }] });
    const after = compressMessages(ctx, h.body()).messages;
    expect(fieldOf(after, h.ids.read)).not.toBe(read.output);
  });
});
