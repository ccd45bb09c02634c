import { ZodError } from "zod";
import { describe, expect, it } from "vitest";
import {
  clearMemoryCache,
  compressMessages,
  compressMessagesAsync,
  compressionStatsSummary,
  expandCompressedOriginal,
  purgeExpiredCompression,
} from "../../../lib/compression";
import { AppError } from "../../../lib/errors";
import { countTokens } from "../../../lib/token-count";
import { contextsPerTest } from "../../helpers/contexts";
import { excerpt, fieldOf, hashIn, History, SESSION } from "./history";

import { compressStatsQuery, expandHash } from "../../../lib/contracts/compress";
// Every aged part compressed as it ages: what the pipeline does to a part (schedule.test.ts tests when).
const ctxFor = contextsPerTest({ RECOLLECT_COMPRESSION_CACHE_AWARE: "false" });

const big = (tag: string, n = 60) => Array.from({ length: n }, (_, i) => `${tag} line ${i}: some build output here`).join("\n");

/** A session with bulky outputs of every kind, `steps` steps long. */
function session(steps: number, id = SESSION): History {
  const h = new History(id).user("Fix the failing TimeDelta test");
  const read = excerpt("read-marshmallow-fields");
  const apt = excerpt("bash-apt-get-errors");
  for (let i = 0; i < steps; i++) {
    const kind = i % 4;
    if (kind === 0)
      h.step({ name: `s${i}`, text: `Step ${i}: reading.`, tools: [{ name: `t${i}`, tool: "read", input: { ...read.input, step: i }, output: read.output }] });
    else if (kind === 1)
      h.step({
        name: `s${i}`,
        reasoning: `thinking about step ${i} `.repeat(20),
        tools: [{ name: `t${i}`, tool: "bash", input: { command: `make ${i}` }, output: apt.output }],
      });
    else if (kind === 2)
      h.step({
        name: `s${i}`,
        tools: [{ name: `t${i}`, tool: "edit", input: { filePath: "src/x.py", oldString: `a${i}`, newString: `b${i}` }, output: big(`edit${i}`) }],
      });
    else h.step({ name: `s${i}`, tools: [{ name: `t${i}`, tool: "memory_search", input: { query: `q${i}` }, output: big(`memory${i}`) }] });
  }
  return h;
}

type Msg = { info: Record<string, unknown>; parts: Record<string, unknown>[] };

describe("what is never touched", () => {
  it("leaves the most recent turns, the latest user message and protected tools exactly as they came", () => {
    const ctx = ctxFor();
    const h = session(12);
    const input = h.body();
    const result = compressMessages(ctx, input);
    const out = result.messages as Msg[];
    const n = input.messages.length;
    // The last message (protectRecentTurns = 1: the latest assistant step with its tool results) is deep-equal to the input.
    expect(out.slice(n - 2)).toEqual(input.messages.slice(n - 2));
    expect(out[0]).toEqual(input.messages[0]);
    // edit (configured) and memory_* (always) outputs are untouched, however old and bulky.
    for (let i = 0; i < 12; i++) if (i % 4 >= 2) expect(fieldOf(out, h.ids[`t${i}`])).toBe(i % 4 === 2 ? big(`edit${i}`) : big(`memory${i}`));
    // ...while old reads and commands were compressed.
    expect(fieldOf(out, h.ids.t0)).toContain("memory_expand(");
    expect(fieldOf(out, h.ids.t1)).toContain("memory_expand(");
  });

  it("truncates the error of a failed protected call, since it changed nothing", () => {
    const ctx = ctxFor();
    const error = ["Error: oldString not found in /repo/src/a.ts", ...Array.from({ length: 40 }, (_, i) => `  candidate ${i}: const a${i} = ${i};`)].join("\n");
    const h = new History()
      .user("edit")
      .step({ tools: [{ name: "bad", tool: "edit", input: { filePath: "/repo/src/a.ts", oldString: "x", newString: "y" }, error }] })
      .step({ tools: [{ name: "good", tool: "edit", input: { filePath: "/repo/src/a.ts", oldString: "a", newString: "b" }, output: big("diag", 40) }] })
      .filler(2);
    const out = compressMessages(ctx, h.body()).messages;
    expect(fieldOf(out, h.ids.bad)).toContain("Error: oldString not found in /repo/src/a.ts");
    expect(fieldOf(out, h.ids.bad)).toContain("memory_expand(");
    expect(fieldOf(out, h.ids.good)).toBe(big("diag", 40));
  });

  it("honours configured protected tools and the number of recent turns", () => {
    const ctx = ctxFor({ env: { RECOLLECT_COMPRESSION_PROTECTED_TOOLS: '["bash"]', RECOLLECT_COMPRESSION_PROTECT_RECENT_TURNS: "6" } });
    const h = session(12);
    const input = h.body();
    const out = compressMessages(ctx, input).messages as Msg[];
    expect(fieldOf(out, h.ids.t1)).toBe(excerpt("bash-apt-get-errors").output);
    expect(fieldOf(out, h.ids.t0)).toContain("memory_expand(");
    expect(out.slice(-6)).toEqual(input.messages.slice(-6));
    expect(out[input.messages.length - 7]).not.toEqual(input.messages[input.messages.length - 7]);
  });

  it("keeps every identity field and every other part type, and never mutates its input", () => {
    const ctx = ctxFor();
    const h = session(9);
    h.messages[3].parts.push({ id: "prt_file", sessionID: SESSION, messageID: h.messages[3].info.id, type: "file", mime: "image/png", url: "data:x" });
    const input = h.body();
    const snapshot = structuredClone(input);
    const out = compressMessages(ctx, input).messages as Msg[];
    expect(input).toEqual(snapshot);
    expect(out).toHaveLength(input.messages.length);
    out.forEach((m, mi) => {
      const before = input.messages[mi] as unknown as Msg;
      expect(m.info).toEqual(before.info);
      expect(m.parts.map((p) => [p.id, p.type, p.messageID, p.sessionID, p.callID, p.tool])).toEqual(
        before.parts.map((p) => [p.id, p.type, p.messageID, p.sessionID, p.callID, p.tool]),
      );
      m.parts.forEach((p, pi) => {
        const b = before.parts[pi];
        const { text: _t, state, ...rest } = p;
        const { text: _bt, state: bstate, ...brest } = b;
        expect(rest).toEqual(brest);
        if (state) {
          const { output: _o, error: _e, ...s } = state as Record<string, unknown>;
          const { output: _bo, error: _be, ...bs } = bstate as Record<string, unknown>;
          expect(s).toEqual(bs);
        }
      });
    });
    expect(out[3].parts.find((p) => p.id === "prt_file")).toEqual({
      id: "prt_file",
      sessionID: SESSION,
      messageID: h.messages[3].info.id,
      type: "file",
      mime: "image/png",
      url: "data:x",
    });
  });

  it("changes nothing when compression is disabled, or a strategy is", () => {
    const off = ctxFor({ env: { RECOLLECT_COMPRESSION_ENABLED: "false" } });
    const h = session(8);
    const input = h.body();
    const r = compressMessages(off, input);
    expect(r.messages).toEqual(input.messages);
    expect(r.stats.tokensAfter).toBe(r.stats.tokensBefore);

    const noReads = ctxFor({ env: { RECOLLECT_COMPRESSION_DISABLED_STRATEGIES: '["file-reads","long-output"]' } });
    const some = compressMessages(noReads, input);
    expect(fieldOf(some.messages, h.ids.t0)).toBe(excerpt("read-marshmallow-fields").output);
    expect(fieldOf(some.messages, h.ids.t1)).toContain("memory_expand(");
    expect(some.stats.byStrategy["file-reads"]).toBeUndefined();
  });
});

describe("determinism and stability", () => {
  it("gives the same bytes for the same input, in the same process and on a fresh database", () => {
    const input = session(12).body();
    const ctx = ctxFor();
    const a = compressMessages(ctx, input);
    const again = JSON.stringify(compressMessages(ctx, input));
    const fresh = JSON.stringify(compressMessages(ctxFor(), input));
    expect(JSON.stringify(a)).toBe(again);
    expect(fresh).toBe(again);
  });

  it("keeps the compressed prefix byte-identical from turn to turn, except parts that newly aged", () => {
    const ctx = ctxFor();
    const h = session(16);
    let previous: string[] | undefined;
    let previousBoundary = 0;
    let changedSomewhere = 0;
    for (let end = 3; end <= h.messages.length; end++) {
      const messages = structuredClone(h.messages.slice(0, end));
      const out = compressMessages(ctx, { sessionID: SESSION, messages }).messages.map((m) => JSON.stringify(m));
      if (previous) {
        expect(out.slice(0, previousBoundary)).toEqual(previous.slice(0, previousBoundary));
        if (out[previousBoundary] !== JSON.stringify(messages[previousBoundary])) changedSomewhere++;
      }
      previous = out;
      previousBoundary = end - 2;
    }
    expect(changedSomewhere).toBeGreaterThan(3);
  });

  it("reuses results stored in the database after a restart instead of compressing again", () => {
    const first = ctxFor();
    const input = session(12).body();
    const before = JSON.stringify(compressMessages(first, input).messages);
    const rows = (c: typeof first) => (c.sqlite.prepare("select count(*) as n from compression_cache").get() as { n: number }).n;
    const cached = rows(first);
    expect(cached).toBeGreaterThan(0);
    clearMemoryCache(first);
    const again = ctxFor({ dataDir: first.dataDir });
    expect(JSON.stringify(compressMessages(again, input).messages)).toBe(before);
    expect(rows(again)).toBe(cached);
  });
});

describe("stats, pressure and nudges", () => {
  it("counts tokens with the real tokenizer and accounts for every saved token by strategy", () => {
    const ctx = ctxFor();
    const h = session(12);
    const input = h.body();
    const { stats } = compressMessages(ctx, input);
    let expected = 0;
    for (const m of input.messages)
      for (const p of m.parts as Record<string, unknown>[]) {
        if (p.type === "text" || p.type === "reasoning") expected += countTokens(p.text as string);
        if (p.type === "tool") {
          const s = p.state as { input: unknown; output: string };
          expected += countTokens(`${p.tool}\n${JSON.stringify(s.input)}`) + countTokens(s.output);
        }
      }
    expect(stats.tokensBefore).toBe(expected);
    expect(stats.tokensAfter).toBeLessThan(stats.tokensBefore * 0.8);
    expect(Object.values(stats.byStrategy).reduce((a, b) => a + b, 0)).toBe(stats.tokensBefore - stats.tokensAfter);
    expect(Object.keys(stats.byStrategy)).toEqual(expect.arrayContaining(["file-reads", "command-output", "reasoning"]));
  });

  it("keeps a stats row per call, summarised per day and per session", () => {
    const ctx = ctxFor();
    // One explicit instant (mid-day UTC, minutes apart): the day's key never depends on the real
    // clock, which a run near midnight UTC would cross between the calls and the summary.
    const noon = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    const a = compressMessages(ctx, session(8, "ses_a").body(), { now: noon });
    compressMessages(ctx, session(8, "ses_a").body(), { now: noon + 60_000 });
    const b = compressMessages(ctx, session(4, "ses_b").body(), { now: noon + 120_000 });
    const summary = compressionStatsSummary(ctx, compressStatsQuery.parse({}), noon + 180_000);
    expect(summary.totals.calls).toBe(3);
    expect(summary.totals.tokensSaved).toBe(2 * (a.stats.tokensBefore - a.stats.tokensAfter) + (b.stats.tokensBefore - b.stats.tokensAfter));
    expect(summary.perDay).toHaveLength(1);
    expect(summary.perDay[0].day).toBe(new Date(noon).toISOString().slice(0, 10));
    expect(summary.perSession.map((s) => [s.sessionId, s.calls]).sort()).toEqual([
      ["ses_a", 2],
      ["ses_b", 1],
    ]);
    expect(summary.byStrategy["file-reads"]).toBeGreaterThan(0);
    expect(compressionStatsSummary(ctx, compressStatsQuery.parse({ sessionID: "ses_b" }), noon + 180_000).totals.calls).toBe(1);
  });

  it("applies stronger strategies and nudges the model above the absolute thresholds", () => {
    const mid = Array.from({ length: 30 }, (_, i) => `output line ${i} with a few words`).join("\n");
    const h = new History().user("go").step({ name: "x", tools: [{ name: "small", tool: "bash", input: { command: "ls" }, output: mid }] });
    const small = h.ids.small;
    const build = (padding: number) => {
      const copy = new History();
      copy.messages = structuredClone(h.messages);
      copy.step({ tools: [{ tool: "memory_search", input: { q: "pad" }, output: Array.from({ length: padding }, (_, i) => `w${i}`).join(" ") }] }).filler(2);
      return copy.body();
    };
    const ctx = ctxFor({ env: { RECOLLECT_COMPRESSION_PRESSURE_TOKENS: "[2000, 6000]" } });
    const low = compressMessages(ctx, build(50));
    expect(low.stats.tokensBefore).toBeLessThan(2000);
    expect(low.nudges).toEqual([]);
    // Every aged output is cut at every level; the higher the level, the fewer lines are kept.
    const kept = (r: typeof low) =>
      fieldOf(r.messages, small)
        .split("\n")
        .filter((l) => l.startsWith("output line")).length;
    expect(fieldOf(low.messages, small)).toContain("memory_expand(");
    const high = compressMessages(ctx, build(1500));
    expect(high.stats.tokensBefore).toBeGreaterThan(2000);
    expect(high.stats.tokensBefore).toBeLessThan(6000);
    expect(high.nudges).toHaveLength(1);
    expect(high.nudges[0]).toContain("memory_store");
    expect(kept(high)).toBeLessThan(kept(low));
    const highest = compressMessages(ctx, build(4000));
    expect(highest.stats.tokensBefore).toBeGreaterThan(6000);
    expect(highest.nudges[0]).toContain("close to its limit");
    expect(kept(highest)).toBeLessThan(kept(high));
    // Near the model's context window the strongest level applies whatever the thresholds.
    const limited = compressMessages(ctx, { ...build(50), contextLimit: 200 });
    expect(limited.stats.tokensBefore).toBeGreaterThan(150);
    expect(limited.nudges[0]).toContain("close to its limit");
  });
});

describe("CCR store", () => {
  it("redacts secrets before storing an original, and the compressed text keeps none", () => {
    const ctx = ctxFor();
    const secret = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789";
    const output = `${big("env", 40)}\nOPENAI_API_KEY=${secret}\n${big("tail", 20)}`;
    const h = new History()
      .user("env")
      .step({ tools: [{ name: "e", tool: "bash", input: { command: "env" }, output }] })
      .filler(2);
    const out = fieldOf(compressMessages(ctx, h.body()).messages, h.ids.e);
    const stored = expandCompressedOriginal(ctx, hashIn(out));
    expect(stored.content).not.toContain(secret);
    expect(stored.content).toContain("OPENAI_API_KEY=[REDACTED:");
    expect(out).not.toContain(secret);
    expect(stored).toMatchObject({ tool: "bash", sessionId: SESSION });
    expect(Date.parse(stored.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("the async form (the server's) stores the same redacted original, a megabyte of tool output included", async () => {
    const secret = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789";
    const output = `${big("env", 30000)}\nOPENAI_API_KEY=${secret}\n${big("tail", 20)}`;
    expect(output.length).toBeGreaterThan(1_000_000);
    const h = new History()
      .user("env")
      .step({ tools: [{ name: "e", tool: "bash", input: { command: "env" }, output }] })
      .filler(2);
    const [syncCtx, asyncCtx] = [ctxFor(), ctxFor()];
    const sync = compressMessages(syncCtx, h.body());
    const viaAsync = await compressMessagesAsync(asyncCtx, h.body());
    expect(viaAsync).toEqual(sync);
    const stored = expandCompressedOriginal(asyncCtx, hashIn(fieldOf(viaAsync.messages, h.ids.e)));
    expect(stored.content).toBe(expandCompressedOriginal(syncCtx, hashIn(fieldOf(sync.messages, h.ids.e))).content);
    expect(stored.content).toContain("OPENAI_API_KEY=[REDACTED:openai_key]");
    expect(stored.content).not.toContain(secret);
  });

  it("answers 404 for unknown and expired hashes, 400 for malformed ones, and purges expired entries", () => {
    const ctx = ctxFor({ env: { RECOLLECT_COMPRESSION_CCR_TTL_DAYS: "1" } });
    const h = session(6);
    const out = fieldOf(compressMessages(ctx, h.body()).messages, h.ids.t0);
    const hash = hashIn(out);
    expect(expandCompressedOriginal(ctx, hash).content).toBe(excerpt("read-marshmallow-fields").output);
    const expect404 = (fn: () => unknown, text: RegExp) => {
      try {
        fn();
        throw new Error("no error");
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).code).toBe("not_found");
        expect((e as AppError).message).toMatch(text);
      }
    };
    expect404(() => expandCompressedOriginal(ctx, "0123456789abcdef"), /unknown, or it expired/);
    const later = Date.now() + 2 * 24 * 3600 * 1000;
    expect404(() => expandCompressedOriginal(ctx, hash, later), /kept 1 days/);
    expect(() => expandHash.parse("not-a-hash")).toThrow(ZodError);
    const purged = purgeExpiredCompression(ctx, later);
    expect(purged.ccrEntries).toBeGreaterThan(0);
    expect(purged.cacheEntries).toBeGreaterThan(0);
    expect((ctx.sqlite.prepare("select count(*) as n from ccr_entries").get() as { n: number }).n).toBe(0);
  });
});

describe("validation", () => {
  it("rejects a malformed history naming the first bad field", () => {
    const ctx = ctxFor();
    const input = session(3).body() as { messages: Msg[] };
    (input.messages[2].parts[1] as Record<string, unknown>).text = 42;
    const run = () => compressMessages(ctx, input);
    expect(run).toThrow(ZodError);
    try {
      run();
    } catch (e) {
      expect((e as ZodError).issues[0].path).toEqual(["messages", 2, "parts", 1, "text"]);
    }
    expect(() => compressMessages(ctx, { sessionID: "s", messages: [{ info: { id: "m", role: "system" }, parts: [] }] })).toThrow(ZodError);
    expect(() => compressMessages(ctx, { sessionID: "s", messages: [], extra: 1 })).toThrow(ZodError);
    expect(() =>
      compressMessages(ctx, {
        sessionID: "s",
        messages: [{ info: { id: "m", role: "assistant" }, parts: [{ id: "p", type: "tool", tool: "bash", state: { status: "completed", input: {} } }] }],
      }),
    ).toThrow(/state\.output/);
  });

  it("checks every message that was not checked before: kept message objects skip the walk, a bad new one is still refused", () => {
    const ctx = ctxFor();
    const input = session(3).body() as { sessionID: string; messages: Msg[] };
    const first = compressMessages(ctx, input);
    // The same message objects again, as the delta exchange hands them over, plus one new message.
    const bad = { info: { id: "m-new", role: "assistant" }, parts: [{ id: "p-new", type: "text", text: 42 }] };
    try {
      compressMessages(ctx, { ...input, messages: [...input.messages, bad] });
      expect.unreachable("a bad new message passed");
    } catch (e) {
      expect(e).toBeInstanceOf(ZodError);
      expect((e as ZodError).issues[0].path).toEqual(["messages", input.messages.length, "parts", 0, "text"]);
    }
    // Kept objects answer as a fresh copy of the same history does.
    const again = compressMessages(ctx, input);
    expect(JSON.stringify(again.messages)).toBe(JSON.stringify(compressMessages(ctxFor(), structuredClone(input)).messages));
    expect(JSON.stringify(again.messages)).toBe(JSON.stringify(first.messages));
  });

  it("accepts exactly what the zod contract accepts (the fast check never lets a bad field through)", () => {
    const ctx = ctxFor();
    const part = (extra: Record<string, unknown>) => ({
      sessionID: "s",
      messages: [{ info: { id: "m", role: "assistant" }, parts: [{ id: "p", type: "text", text: "x", ...extra }] }],
    });
    const bad: unknown[] = [
      part({ id: "" }),
      part({ type: "" }),
      part({ text: undefined, type: "reasoning" }),
      part({ type: "tool", tool: "bash" }),
      part({ type: "tool", tool: "bash", state: { status: "completed", input: [], output: "" } }),
      part({ type: "tool", tool: "", state: { status: "completed", input: {}, output: "" } }),
      part({ type: "tool", tool: "bash", state: { status: "error", input: {} } }),
      part({ state: { status: "" } }),
      { sessionID: "s", messages: [{ info: { id: "m", role: "assistant" }, parts: {} }] },
      { sessionID: "s", messages: [{ info: { role: "user" }, parts: [] }] },
      { sessionID: "s", messages: [], contextLimit: 0 },
      { sessionID: "s", messages: [], contextLimit: 1.5 },
      { sessionID: "", messages: [] },
      { sessionID: "x".repeat(201), messages: [] },
      [],
      null,
    ];
    for (const b of bad) expect(() => compressMessages(ctx, b), JSON.stringify(b)).toThrow(ZodError);
    const odd = part({ type: "patch", files: ["a"], text: undefined });
    const r = compressMessages(ctx, odd);
    expect(r.messages).toEqual(odd.messages);
    const pending = part({ type: "tool", tool: "bash", text: undefined, state: { status: "running", input: { command: "sleep 1" } } });
    expect(compressMessages(ctx, pending).messages).toEqual(pending.messages);
  });
});

describe("protected recent turns", () => {
  it("compresses the step before the last one (default protectRecentTurns = 1) and leaves the last step whole", () => {
    const out1 = Array.from({ length: 40 }, (_, i) => `build line ${i}`).join("\n");
    const out2 = Array.from({ length: 40 }, (_, i) => `test line ${i}`).join("\n");
    const h = new History()
      .user("go")
      .step({ tools: [{ name: "a", tool: "bash", input: { command: "make" }, output: out1 }] })
      .step({ tools: [{ name: "b", tool: "bash", input: { command: "make test" }, output: out2 }] });
    const ctx = ctxFor();
    expect(ctx.config.compression.protectRecentTurns).toBe(1);
    const result = compressMessages(ctx, h.body());
    expect(fieldOf(result.messages as Msg[], h.ids.a)).toContain("memory_expand(");
    expect(fieldOf(result.messages as Msg[], h.ids.b)).toBe(out2);
    const two = compressMessages(ctxFor({ env: { RECOLLECT_COMPRESSION_PROTECT_RECENT_TURNS: "2" } }), h.body());
    expect(fieldOf(two.messages as Msg[], h.ids.a)).toBe(out1);
  });
});
