/**
 * A synthetic two-day project through the real plugin and the real server, priced with a simulated
 * provider prompt cache (bench/lib/cache-cost.ts) against the same run without the plugin.
 *
 * Day 1: a long session (reads, build logs, greps, edits, a few user messages). Day 2, a day later
 * (every cached prefix has expired): a new session (it gets the resume block) doing lighter work.
 * A request is: the memory tools' definitions and the plugin's system strings (stable, resume)
 * when the plugin is on, then every part of the history as the plugin left it. OpenCode's own
 * system prompt and tools are the same in both runs and left out, so the fixed cost the plugin
 * adds weighs as much as it can.
 */
import { tool } from "@opencode-ai/plugin/tool";
import type { Hooks } from "@opencode-ai/plugin";
import type { Message, Part } from "@opencode-ai/sdk";
import { countTokens } from "../../lib/token-count";
import { blocksOf } from "../compress/cost";
import { PrefixCache, totalCost, type Block, type RunCost } from "../lib/cache-cost";
import { memoryTools } from "../../plugin/tools";
import type { Runtime } from "../../plugin/runtime";

type WithParts = { info: Message; parts: Part[] };

const STEP_MS = 20_000;

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

/** One agent step: a bit of prose and one tool call, of a kind chosen by its number. */
function step(sessionID: string, n: number, at: number): WithParts {
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

export interface TwoDayReport {
  days: { label: string; requests: number; without: RunCost; with: RunCost; ratio: number; uncached: { with: number[]; without: number[] } }[];
  total: { without: RunCost; with: RunCost; ratio: number };
  /** Tokens per request the plugin adds before the history (tool definitions, stable and resume blocks), by day. */
  fixedTokens: Record<string, { tools: number; stable: number; resume: number }>;
  /**
   * The idle checkpoints' uploads (issue 40: only what changed since the last one goes): each
   * upload's JSON bytes as sent, beside the bytes the whole history at that point would have been.
   */
  idleUploads: { sent: number; wholeHistory: number; messages: number }[];
  /** The plugin's system strings of each day's last request, as sent (to see what the fixed tokens are). */
  systemText: Record<string, string[]>;
  /** The inbox after the two days: each suggestion, and those an active memory already holds (duplicates). */
  suggestions: { total: number; duplicates: string[]; byCategory: Record<string, number>; items: { category: string; content: string }[] };
}

/** Dollars per million uncached input tokens the cost units are priced at (Anthropic Claude Sonnet input: $3/MTok; reads 0.1x, writes 1.25x). */
export const DOLLARS_PER_MTOK = 3;

const wordsOf = (t: string) => new Set(t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
function similar(a: string, b: string): number {
  const x = wordsOf(a);
  const y = wordsOf(b);
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared || 1);
}

export async function twoDayProject(hooks: Hooks, rt: Runtime): Promise<TwoDayReport> {
  const days: Day[] = [
    { label: "day 1 (one long session)", steps: 60, userEvery: 15 },
    { label: "day 2 (a new session, lighter)", steps: 20, userEvery: 10 },
  ];
  const tools = toolDefinitionBlocks(rt);
  const toolTokens = tools.reduce((n, b) => n + b.tokens, 0);
  const withCache = new PrefixCache();
  const withoutCache = new PrefixCache();
  const report: TwoDayReport = { days: [], total: undefined as never, fixedTokens: {}, systemText: {}, idleUploads: [], suggestions: undefined as never };
  const all = { with: [] as ReturnType<PrefixCache["request"]>[], without: [] as ReturnType<PrefixCache["request"]>[] };
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
  for (const [d, day] of days.entries()) {
    // Each day starts at 9:00: the day before's cached prefixes have long expired.
    let clock = Date.UTC(2026, 0, 5 + d, 9);
    const sessionID = id("ses");
    await hooks.event!({ event: { type: "session.created", properties: { info: { id: sessionID, title: day.label } } } as never });
    const history: WithParts[] = [];
    histories.set(sessionID, history);
    const costs = { with: [] as ReturnType<PrefixCache["request"]>[], without: [] as ReturnType<PrefixCache["request"]>[] };
    const fixed = { stable: 0, resume: 0 };
    for (let n = 0; n < day.steps; n++) {
      if (n % day.userEvery === 0) {
        const u = message(sessionID, "user", clock, [
          { type: "text", text: `Next: fix the ${words[(n + d) % words.length]} handling in the report export, keep the cache config as decided.` } as never,
        ]);
        history.push(u);
        await hooks["chat.message"]!({ sessionID }, { message: u.info as never, parts: u.parts });
      }
      // One request: what OpenCode builds, then what the plugin makes of it.
      const sent = history.map((m) => structuredClone(m));
      await hooks["experimental.chat.messages.transform"]!({}, { messages: sent });
      const system = { system: ["agent prompt"] };
      await hooks["experimental.chat.system.transform"]!({ sessionID, model: { limit: { context: 200_000 } } as never }, system);
      const extra = system.system.slice(1).map((s) => ({ key: s, tokens: countTokens(s) }));
      fixed.resume = extra.filter((b) => b.key.startsWith("## Resuming")).reduce((k, b) => k + b.tokens, 0);
      fixed.stable = extra.reduce((k, b) => k + b.tokens, 0) - fixed.resume;
      report.systemText[day.label] = extra.map((b) => b.key);
      // A day's first request starts a new conversation: all of it is new content.
      const appendedFrom = n === 0 ? 0 : undefined;
      costs.with.push(withCache.request(blocksOf(sent, [...tools, ...extra]), clock, appendedFrom));
      costs.without.push(withoutCache.request(blocksOf(history), clock, appendedFrom));
      history.push(step(sessionID, n + d * 1000, clock));
      clock += STEP_MS;
      if ((n + 1) % day.userEvery === 0) await hooks.event!({ event: { type: "session.idle", properties: { sessionID } } as never });
    }
    await hooks.event!({ event: { type: "session.idle", properties: { sessionID } } as never });
    // The day's last idle checkpoint is stored before the next day starts.
    for (let i = 0; i < 600 && rt.sessions.get(sessionID).checkpointedCount < history.length; i++) await new Promise((r) => setTimeout(r, 50));
    const w = totalCost(costs.with);
    const wo = totalCost(costs.without);
    const uncached = (c: ReturnType<PrefixCache["request"]>[]) => c.map((r) => r.tokens - r.cachedTokens);
    report.days.push({
      label: day.label,
      requests: costs.with.length,
      without: wo,
      with: w,
      ratio: w.cost / wo.cost,
      uncached: { with: uncached(costs.with), without: uncached(costs.without) },
    });
    report.fixedTokens[day.label] = { tools: toolTokens, ...fixed };
    all.with.push(...costs.with);
    all.without.push(...costs.without);
  }
  const w = totalCost(all.with);
  const wo = totalCost(all.without);
  report.total = { without: wo, with: w, ratio: w.cost / wo.cost };
  report.suggestions = await inbox(rt);
  return report;
}

/** The project's suggested memories after the run, and those an active memory holds (word overlap at 0.8 or more). */
async function inbox(rt: Runtime): Promise<TwoDayReport["suggestions"]> {
  type Item = { category: string; content: string };
  const list = async (status: string) =>
    (await rt.client.get<{ items: Item[] }>("/api/memories", { query: { directory: rt.directory, status, limit: 200 }, timeoutMs: 30_000 })) as
      | { ok: true; data: { items: Item[] } }
      | { ok: false };
  const [suggested, active] = await Promise.all([list("suggested"), list("active")]);
  const items = suggested.ok ? suggested.data.items.map((m) => ({ category: m.category, content: m.content })) : [];
  const held = active.ok ? active.data.items.map((m) => m.content) : [];
  const duplicates = items.filter((i) => held.some((h) => similar(i.content, h) >= 0.8)).map((i) => i.content);
  const byCategory: Record<string, number> = {};
  for (const i of items) byCategory[i.category] = (byCategory[i.category] ?? 0) + 1;
  return { total: items.length, duplicates, byCategory, items };
}
