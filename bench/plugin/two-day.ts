/**
 * A synthetic two-day project through the real plugin and the real server, priced with a simulated
 * provider prompt cache (bench/lib/cache-cost.ts) against the same run without the plugin.
 *
 * The project: a small Node library in a fresh store (no memory before day 1). Day 1: a long session
 * (reads, build logs, greps, edits, a few user messages). Day 2, a day later (every cached prefix
 * has expired): a new session (it gets the resume block) doing lighter work. The user's messages
 * (a script of bench/plugin/two-day-scripts.ts) state constraints, a decision and conventions, and give the turn's instructions; each
 * sentence is labelled (what it is as a memory, or none) before any run, so the inbox after the two
 * days is checked for misfiled suggestions (an instruction filed as a memory, a constraint filed as
 * a decision) and for duplicates of what the model stored itself through `memory_store` (as a
 * model does after being told a rule: pinned constraints, a decision in its own words).
 * A request is: the memory tools' definitions and the plugin's system strings (stable, resume)
 * when the plugin is on, then every part of the history as the plugin left it. OpenCode's own
 * system prompt and tools are the same in both runs and left out, so the fixed cost the plugin
 * adds weighs as much as it can.
 */
import { tool } from "@opencode-ai/plugin/tool";
import type { Hooks } from "@opencode-ai/plugin";
import type { Message, Part } from "@opencode-ai/sdk";
import { countTokens } from "../../lib/token-count";
import { tokenize } from "../../lib/search/tokenizer";
import { blocksOf } from "../compress/cost";
import { PrefixCache, totalCost, type Block, type CacheModel, type RequestCost, type RunCost } from "../lib/cache-cost";
import { memoryTools } from "../../plugin/tools";
import type { Runtime } from "../../plugin/runtime";
import { type Label, SCRIPTS, type TwoDayScript, type UserTurn } from "./two-day-scripts";

type WithParts = { info: Message; parts: Part[] };

const STEP_MS = 20_000;

/** The tuned-on script's days (kept for callers of the single-script bench). */
export const SCRIPT: UserTurn[][] = SCRIPTS.slugkit!.days;

/**
 * Prompt-cache price models the same requests are priced with, and the dollar price of an uncached
 * input token: Anthropic (Claude Sonnet: $3/MTok, cached reads 0.1x, cache writes 1.25x) and OpenAI
 * (GPT-4o: $2.50/MTok, cached input 0.5x, no write premium; as bench/compress/money.ts). Both with a
 * 5-minute lifetime; OpenAI's 1,024-token minimum and 128-token steps are left out.
 */
export const PRICING = {
  anthropic: { model: { read: 0.1, write: 1.25, ttlMs: 5 * 60_000 }, dollarsPerMTok: 3 },
  openai: { model: { read: 0.5, write: 1, ttlMs: 5 * 60_000 }, dollarsPerMTok: 2.5 },
} as const satisfies Record<string, { model: CacheModel; dollarsPerMTok: number }>;

let seq = 0;
const id = (p: string) => `${p}_2d_${String(++seq).padStart(7, "0")}`;

const words = ["parser", "token", "schema", "route", "handler", "cache", "config", "export", "report", "worker", "queue", "index"];
const line = (i: number, salt: number) => Array.from({ length: 8 }, (_, w) => words[(i * 5 + w * 7 + salt) % words.length]).join(" ");

function message(sessionID: string, role: "user" | "assistant", at: number, parts: Omit<Part, "id" | "sessionID" | "messageID">[]): WithParts {
  const mid = id("msg");
  return {
    info: { id: mid, sessionID, role, time: { created: at }, agent: "build", model: { providerID: "mock", modelID: "mock" } } as unknown as Message,
    parts: parts.map((p) => ({ ...p, id: id("prt"), sessionID, messageID: mid }) as Part),
  };
}

/** One agent step: a bit of prose and one tool call, of a kind chosen by its number (and the step's memory_store calls, if any). */
function step(sessionID: string, n: number, at: number, stores: { input: object; output: string }[] = []): WithParts {
  const kind = n % 6;
  const file = `src/module${n % 7}.ts`;
  let tool_: string;
  let input: Record<string, unknown>;
  let output: string;
  if (kind === 0 || kind === 3) {
    tool_ = "read";
    input = { filePath: file };
    output = Array.from({ length: 160 }, (_, i) => `${String(i + 1).padStart(5, "0")}| export const v${i} = "${line(i, n)}";`).join("\n");
  } else if (kind === 1) {
    tool_ = "bash";
    input = { command: "npm test", description: "run the tests" };
    output = Array.from({ length: 90 }, (_, i) =>
      i === 70 ? `FAIL src/module${n % 7}.test.ts > ${line(i, n)}\n  AssertionError: expected 3 to be 4` : `  ✓ ${line(i, n)} (${i} ms)`,
    ).join("\n");
  } else if (kind === 2) {
    tool_ = "edit";
    input = { filePath: file, oldString: `export const v${n} = "${line(n, n)}";`, newString: `export const v${n} = "fixed";` };
    output = "Edit applied successfully.";
  } else if (kind === 4) {
    tool_ = "grep";
    input = { pattern: words[n % words.length] };
    output = Array.from({ length: 12 }, (_, i) => `src/module${i % 7}.ts:${i * 13 + 1}: ${line(i, n)}`).join("\n");
  } else {
    tool_ = "bash";
    input = { command: "git status --short", description: "status" };
    output = " M src/module1.ts\n M src/module2.ts";
  }
  return message(sessionID, "assistant", at, [
    { type: "step-start" } as never,
    { type: "text", text: `Step ${n}: checking ${file} for the ${words[n % words.length]} change.` } as never,
    {
      type: "tool",
      callID: id("call"),
      tool: tool_,
      state: { status: "completed", input, output, title: tool_, metadata: {}, time: { start: at, end: at + 500 } },
    } as never,
    ...stores.map(
      (st) =>
        ({
          type: "tool",
          callID: id("call"),
          tool: "memory_store",
          state: { status: "completed", input: st.input, output: st.output, title: "memory_store", metadata: {}, time: { start: at, end: at + 50 } },
        }) as never,
    ),
    { type: "step-finish", reason: "tool-calls" } as never,
  ]);
}

/** The memory tools' definitions as the model gets them (OpenCode: zod args to JSON Schema). */
export function toolDefinitionBlocks(rt: Runtime): Block[] {
  return Object.entries(memoryTools(rt)).map(([name, t]) => {
    const json = JSON.stringify({
      type: "function",
      function: { name, description: t.description, parameters: tool.schema.toJSONSchema(tool.schema.object(t.args)) },
    });
    return { key: json, tokens: countTokens(json) };
  });
}

interface Day {
  label: string;
  steps: number;
  userEvery: number;
}

type Priced = { without: RunCost; with: RunCost; ratio: number };

export interface TwoDayReport {
  /** Anthropic-priced (the cache model the plugin's compression schedule is priced with here). */
  days: { label: string; requests: number; without: RunCost; with: RunCost; ratio: number; uncached: { with: number[]; without: number[] } }[];
  total: { without: RunCost; with: RunCost; ratio: number };
  /** The same requests priced by each provider's cache model, in dollars too: per day and both days. */
  money: Record<keyof typeof PRICING, { dollarsPerMTok: number; days: (Priced & { label: string })[]; total: Priced }>;
  /** Tokens per request the plugin adds before the history (tool definitions, stable and resume blocks), by day. */
  fixedTokens: Record<string, { tools: number; stable: number; resume: number }>;
  /**
   * The idle checkpoints' uploads (issue 40: only what changed since the last one goes): each
   * upload's JSON bytes as sent, beside the bytes the whole history at that point would have been.
   */
  idleUploads: { sent: number; wholeHistory: number; messages: number }[];
  /** The plugin's system strings of each day's last request, as sent (to see what the fixed tokens are). */
  systemText: Record<string, string[]>;
  /**
   * The inbox after the two days: each suggestion with the user's sentence it came from (the most
   * words in common) and that sentence's label; misfiled: a sentence that is no memory, or a
   * category its label does not allow; duplicates: an active memory says it (words).
   */
  suggestions: {
    total: number;
    duplicates: string[];
    misfiled: string[];
    byCategory: Record<string, number>;
    items: { category: string; content: string; from: string | null; allowed: readonly string[] }[];
  };
}

/** Dollars per million uncached input tokens of the `days`/`total` cost units (Anthropic). */
export const DOLLARS_PER_MTOK = PRICING.anthropic.dollarsPerMTok;

const wordsOf = (t: string) => new Set(tokenize(t));
function overlap(a: string, b: string): { jaccard: number; containment: number } {
  const x = wordsOf(a);
  const y = wordsOf(b);
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  const small = Math.min(x.size, y.size);
  return { jaccard: shared / (x.size + y.size - shared || 1), containment: small ? shared / small : 0 };
}

/** The hooks and tools of one plugin instance (createRecollect's answer). */
type PluginHooks = Hooks & { tool?: Record<string, { execute(args: never, ctx: never): Promise<unknown> }> };

export async function twoDayProject(hooks: PluginHooks, rt: Runtime, script: TwoDayScript = SCRIPTS.slugkit!): Promise<TwoDayReport> {
  const days: Day[] = [
    { label: "day 1 (one long session)", steps: 60, userEvery: 15 },
    { label: "day 2 (a new session, lighter)", steps: 20, userEvery: 10 },
  ];
  const tools = toolDefinitionBlocks(rt);
  const toolTokens = tools.reduce((n, b) => n + b.tokens, 0);
  const report: TwoDayReport = {
    days: [],
    total: undefined as never,
    money: undefined as never,
    fixedTokens: {},
    systemText: {},
    idleUploads: [],
    suggestions: undefined as never,
  };
  // Every request of both days as sent (blocks and time), priced after the run by each cache model.
  type Sent = { blocks: Block[]; at: number; appendedFrom?: number };
  const requests: { with: Sent[]; without: Sent[] }[] = [];
  // OpenCode's session history, as the plugin reads it at idle (the idle checkpoint that day 2 resumes from).
  const histories = new Map<string, WithParts[]>();
  rt.opencode = {
    session: { messages: async ({ path }: { path: { id: string } }) => ({ data: histories.get(path.id) ?? [] }) },
  } as unknown as Runtime["opencode"];
  // Every idle checkpoint upload, measured as it leaves the client.
  const call = rt.client.call.bind(rt.client);
  rt.client.call = (async (method: string, p: string, o?: { body?: { trigger?: string; sessionID?: string; messages?: unknown[] } }) => {
    if (method === "POST" && p === "/api/checkpoints" && o?.body?.trigger === "idle") {
      const whole = histories.get(o.body.sessionID ?? "") ?? [];
      report.idleUploads.push({
        sent: Buffer.byteLength(JSON.stringify(o.body)),
        wholeHistory: Buffer.byteLength(JSON.stringify({ ...o.body, messages: whole, since: undefined })),
        messages: o.body.messages?.length ?? 0,
      });
    }
    return call(method, p, o as never);
  }) as typeof rt.client.call;
  const memoryStore = hooks.tool?.memory_store;
  if (!memoryStore) throw new Error("the plugin has no memory_store tool");
  for (const [d, day] of days.entries()) {
    // Each day starts at 9:00: the day before's cached prefixes have long expired.
    let clock = Date.UTC(2026, 0, 5 + d, 9);
    const sessionID = id("ses");
    await hooks.event!({ event: { type: "session.created", properties: { info: { id: sessionID, title: day.label } } } as never });
    const history: WithParts[] = [];
    histories.set(sessionID, history);
    const sent = { with: [] as Sent[], without: [] as Sent[] };
    const fixed = { stable: 0, resume: 0 };
    for (let n = 0; n < day.steps; n++) {
      const turn = n % day.userEvery === 0 ? script.days[d]?.[n / day.userEvery] : undefined;
      if (turn) {
        const u = message(sessionID, "user", clock, [{ type: "text", text: turn.sentences.map(([t]) => t).join(" ") } as never]);
        history.push(u);
        await hooks["chat.message"]!({ sessionID }, { message: u.info as never, parts: u.parts });
      }
      // One request: what OpenCode builds, then what the plugin makes of it.
      const messages = history.map((m) => structuredClone(m));
      await hooks["experimental.chat.messages.transform"]!({}, { messages });
      const system = { system: ["agent prompt"] };
      await hooks["experimental.chat.system.transform"]!({ sessionID, model: { limit: { context: 200_000 } } as never }, system);
      const extra = system.system.slice(1).map((s) => ({ key: s, tokens: countTokens(s) }));
      fixed.resume = extra.filter((b) => b.key.startsWith("## Resuming")).reduce((k, b) => k + b.tokens, 0);
      fixed.stable = extra.reduce((k, b) => k + b.tokens, 0) - fixed.resume;
      report.systemText[day.label] = extra.map((b) => b.key);
      // A day's first request starts a new conversation: all of it is new content.
      const appendedFrom = n === 0 ? 0 : undefined;
      sent.with.push({ blocks: blocksOf(messages, [...tools, ...extra]), at: clock, appendedFrom });
      sent.without.push({ blocks: blocksOf(history), at: clock, appendedFrom });
      // The model's answer: a step, with the memories it stores when told a rule (the real tool).
      const stores: { input: object; output: string }[] = [];
      for (const st of turn?.stores ?? []) {
        const output = await memoryStore.execute(
          st as never,
          { sessionID, messageID: id("msg"), agent: "build", directory: rt.directory, abort: new AbortController().signal } as never,
        );
        stores.push({ input: st, output: String(output) });
      }
      history.push(step(sessionID, n + d * 1000, clock, stores));
      clock += STEP_MS;
      if ((n + 1) % day.userEvery === 0) await hooks.event!({ event: { type: "session.idle", properties: { sessionID } } as never });
    }
    await hooks.event!({ event: { type: "session.idle", properties: { sessionID } } as never });
    // The day's last idle checkpoint is stored before the next day starts.
    for (let i = 0; i < 600 && rt.sessions.get(sessionID).checkpointedCount < history.length; i++) await new Promise((r) => setTimeout(r, 50));
    requests.push(sent);
    report.fixedTokens[day.label] = { tools: toolTokens, ...fixed };
  }
  // Priced after the run: one simulated cache per run (with, without) and price model, across both days.
  const priced = (model: CacheModel) => {
    const caches = { with: new PrefixCache(model), without: new PrefixCache(model) };
    const perDay = requests.map((day) => ({
      with: day.with.map((r) => caches.with.request(r.blocks, r.at, r.appendedFrom)),
      without: day.without.map((r) => caches.without.request(r.blocks, r.at, r.appendedFrom)),
    }));
    const sum = (c: { with: RequestCost[]; without: RequestCost[] }): Priced => {
      const w = totalCost(c.with, model);
      const wo = totalCost(c.without, model);
      return { with: w, without: wo, ratio: w.cost / wo.cost };
    };
    return { perDay, days: perDay.map(sum), total: sum({ with: perDay.flatMap((x) => x.with), without: perDay.flatMap((x) => x.without) }) };
  };
  const anthropic = priced(PRICING.anthropic.model);
  const uncached = (c: RequestCost[]) => c.map((r) => r.tokens - r.cachedTokens);
  report.days = days.map((day, i) => ({
    label: day.label,
    requests: requests[i]!.with.length,
    ...anthropic.days[i]!,
    uncached: { with: uncached(anthropic.perDay[i]!.with), without: uncached(anthropic.perDay[i]!.without) },
  }));
  report.total = anthropic.total;
  report.money = Object.fromEntries(
    Object.entries(PRICING).map(([name, p]) => {
      const r = name === "anthropic" ? anthropic : priced(p.model);
      return [name, { dollarsPerMTok: p.dollarsPerMTok, days: r.days.map((x, i) => ({ label: days[i]!.label, ...x })), total: r.total }];
    }),
  ) as TwoDayReport["money"];
  report.suggestions = await inbox(rt, script);
  return report;
}

/**
 * The project's suggested memories after the run. Each is traced to the user's sentence it shares
 * the most words with (none below 0.3: not from a labelled sentence, counted as misfiled); a
 * duplicate is a suggestion an active memory holds: words' Jaccard 0.5 or more, or 80% of the
 * shorter one's words in the other (looser than the store's own checks, so a paraphrase shows).
 */
async function inbox(rt: Runtime, script: TwoDayScript): Promise<TwoDayReport["suggestions"]> {
  type Item = { category: string; content: string };
  const list = async (status: string) =>
    (await rt.client.get<{ items: Item[] }>("/api/memories", { query: { directory: rt.directory, status, limit: 200 }, timeoutMs: 30_000 })) as
      | { ok: true; data: { items: Item[] } }
      | { ok: false };
  const [suggested, active] = await Promise.all([list("suggested"), list("active")]);
  if (!suggested.ok || !active.ok) throw new Error("the inbox could not be read");
  const sentences = script.days.flat().flatMap((t) => t.sentences);
  const items = suggested.data.items.map((m) => {
    let best: { text: string; label: Label; score: number } | undefined;
    for (const [text, label] of sentences) {
      const score = overlap(m.content, text).jaccard;
      if (!best || score > best.score) best = { text, label, score };
    }
    const from = best && best.score >= 0.3 ? best : undefined;
    return { category: m.category, content: m.content, from: from?.text ?? null, allowed: from?.label.as ?? [] };
  });
  const held = active.data.items.map((m) => m.content);
  const duplicates = items
    .filter((i) =>
      held.some((h) => {
        const o = overlap(i.content, h);
        return o.jaccard >= 0.5 || o.containment >= 0.8;
      }),
    )
    .map((i) => i.content);
  const misfiled = items.filter((i) => !i.allowed.includes(i.category)).map((i) => i.content);
  const byCategory: Record<string, number> = {};
  for (const i of items) byCategory[i.category] = (byCategory[i.category] ?? 0) + 1;
  return { total: items.length, duplicates, misfiled, byCategory, items };
}
