import { describe, expect, it } from "vitest";
import { compressMessages } from "../../../lib/compression";
import { PartMemory } from "../../../lib/compression/part-memory";
import { contextsPerTest } from "../../helpers/contexts";
import { excerpt, History, type Message } from "./history";

const ctxFor = contextsPerTest({});

/** A small deterministic generator (mulberry32): the same sequence every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Settings = { protectRecentTurns: number; pressureTokens: number[]; cacheAware: boolean; contextLimit?: number; memoryEntries?: number };

/**
 * Runs one generated session turn by turn on two servers: one given the last turn's message
 * objects for what did not change (as the delta exchange does: lib/compression/delta.ts), one
 * recomputing every phase over a fresh copy (`whole`). Returns how many turns reused the last call.
 */
function compare(seed: number, settings: Settings, turns: number): { reusedTurns: number; reusedSlots: number; maxTokens: number; kinds: Set<string> } {
  const incremental = ctxFor();
  const whole = ctxFor();
  const { contextLimit, memoryEntries, ...config } = settings;
  for (const ctx of [incremental, whole]) {
    Object.assign(ctx.config.compression, config);
    // A small part memory: entries are evicted while the session runs (the last call's no longer hold).
    if (memoryEntries) ctx.services.compressedParts = new PartMemory(memoryEntries, 64 * 1024 * 1024);
  }
  const rnd = random(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const sources = [excerpt("read-marshmallow-fields"), excerpt("bash-apt-get-errors"), excerpt("read-ponyc-parser"), excerpt("bash-pip-install")];
  const h = new History(`ses_memo_${seed}`).user("Fix the failing build");
  let now = 1_800_000_000_000;
  let reusedTurns = 0;
  let reusedSlots = 0;
  let maxTokens = 0;
  const kinds = new Set<string>();
  // The objects the incremental server got last turn, by message index.
  let sent: Message[] = [];
  for (let t = 0; t < turns; t++) {
    const roll = rnd();
    const kind =
      t < 6 || roll < 0.45
        ? "step"
        : roll < 0.6
          ? "user"
          : roll < 0.7
            ? "edit-old"
            : roll < 0.8
              ? "grow-last"
              : roll < 0.86
                ? "compaction"
                : roll < 0.92
                  ? "pause"
                  : "repeat";
    kinds.add(kind);
    if (kind === "step" || kind === "pause") {
      const s = pick(sources);
      h.step({
        text: rnd() < 0.5 ? `Looking at step ${t}: ${"the parser keeps the cache config as decided. ".repeat(1 + Math.floor(rnd() * 6))}` : undefined,
        tools: [{ tool: s.tool, input: { ...s.input, t }, output: rnd() < 0.3 ? `short output ${t}` : `${s.output}\nrun ${t}` }],
      });
      // A pause longer than the provider's cache lifetime before this step (the schedule's cold case).
      if (kind === "pause") h.messages[h.messages.length - 1].info.time.created += 3_600_000;
    } else if (kind === "repeat") {
      const s = sources[1];
      h.step({ tools: [{ tool: s.tool, input: s.input, output: s.output }] });
    } else if (kind === "user")
      // Sometimes with a pasted log: a user message is left whole while it is the latest, cut once it ages.
      h.user(
        `Now step ${t}: keep going with ${pick(["the parser", "the tests", "the cache"])}${rnd() < 0.5 ? `, here is the log:\n${pick(sources).output}` : ""}`,
      );
    else if (kind === "edit-old" && h.messages.length > 4) {
      // An old part changed (a client that rewrote it): its message is a new object.
      const mi = 1 + Math.floor(rnd() * (h.messages.length - 3));
      const m = structuredClone(h.messages[mi]);
      for (const p of m.parts) if (p.type === "text") p.text = `${p.text as string} (edited at ${t})`;
      for (const p of m.parts) if (p.type === "tool") (p.state as { output?: string }).output = `${(p.state as { output?: string }).output ?? ""}\nedited ${t}`;
      h.messages[mi] = m;
    } else if (kind === "grow-last") {
      // The last message gets one more part (a step still streaming between two calls).
      const last = structuredClone(h.messages[h.messages.length - 1]);
      last.parts.push({ id: `prt_extra_${seed}_${t}`, sessionID: h.session, messageID: last.info.id, type: "text", text: `and one more line at ${t}` });
      h.messages[h.messages.length - 1] = last;
    } else if (kind === "compaction") {
      // OpenCode's compaction: a summary, then the latest messages (all new objects from here on).
      const tail = h.messages.slice(-3).map((m) => structuredClone(m));
      h.messages = [];
      h.user(`Summary of the session so far (${t})`);
      h.messages.push(...tail);
    }
    now += 60_000;
    // What the delta exchange hands the pipeline: the previous call's object wherever the message did not change.
    const messages = h.messages.map((m, i) => (sent[i] !== undefined && JSON.stringify(sent[i]) === JSON.stringify(m) ? sent[i] : m));
    sent = messages;
    const body = { sessionID: h.session, messages, ...(contextLimit ? { contextLimit } : {}) };
    const reused = { messages: 0, slots: 0 };
    const a = compressMessages(incremental, body, { now, reused });
    const b = compressMessages(whole, structuredClone(body), { now, whole: true });
    expect(JSON.stringify(a), `turn ${t} (${kind})`).toBe(JSON.stringify(b));
    if (reused.slots) reusedTurns++;
    reusedSlots += reused.slots;
    maxTokens = Math.max(maxTokens, a.stats.tokensBefore);
  }
  return { reusedTurns, reusedSlots, maxTokens, kinds };
}

describe("the compress turn on its delta only (lib/compression/turn-memo.ts)", () => {
  it("gives the whole recompute's answer byte for byte over generated sessions: appends, old edits, a growing last message, compaction, pauses, repeats", () => {
    let reusedTurns = 0;
    const kinds = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const run = compare(seed, { protectRecentTurns: 1, pressureTokens: [3_000, 9_000], cacheAware: true }, 45);
      reusedTurns += run.reusedTurns;
      for (const k of run.kinds) kinds.add(k);
    }
    expect([...kinds].sort()).toEqual(["compaction", "edit-old", "grow-last", "pause", "repeat", "step", "user"]);
    // The comparison means something only if most turns took the incremental path.
    expect(reusedTurns).toBeGreaterThan(60);
  });

  it("the same across a pressure threshold, the context-limit override, more protected turns, without the cache-aware schedule and with part entries evicted", () => {
    const crossings = [
      { protectRecentTurns: 1, pressureTokens: [2_000, 5_000], cacheAware: true, contextLimit: 10_000 },
      { protectRecentTurns: 3, pressureTokens: [4_000, 12_000], cacheAware: true },
      { protectRecentTurns: 2, pressureTokens: [3_000, 9_000], cacheAware: false, contextLimit: 11_000 },
      { protectRecentTurns: 1, pressureTokens: [3_000, 9_000], cacheAware: true, memoryEntries: 60 },
    ];
    for (const [i, settings] of crossings.entries()) {
      const run = compare(10 + i, settings, 40);
      expect(run.reusedTurns).toBeGreaterThan(10);
      expect(run.reusedSlots).toBeGreaterThan(0);
      // Both thresholds, and the override where there is a limit, were crossed during the session.
      expect(run.maxTokens).toBeGreaterThan(Math.max(settings.pressureTokens[1], (settings.contextLimit ?? 0) * 0.75));
    }
  });
});
