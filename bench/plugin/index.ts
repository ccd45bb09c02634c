/**
 * Time the plugin adds to a turn: every hook a turn waits for (chat.message, messages.transform
 * with compression and recall, system.transform with the stable block, tool.execute.before (the
 * read-only guard) and .after),
 * against the real server (warm), at ~20K- and ~200K-token histories. Also the same with the
 * server down (fail open).
 *
 *   npx tsx bench/plugin/index.ts [--turns 60] [--no-build] [--two-day-only] [--script <name>|all|frozen|tuning]...
 *
 * --script picks the two-day scripts to run (bench/plugin/two-day-scripts.ts; repeatable or
 * comma-separated; `all` runs every one, `frozen` or `tuning` one half): each in a fresh project, then a summary per script and per
 * half (frozen / tuning). Without it, the tuned-on `slugkit` alone runs, as before.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import type { Message, Part } from "@opencode-ai/sdk";
import { createRecollect } from "../../plugin/recollect";
import type { Runtime } from "../../plugin/runtime";
import { countTokens } from "../../lib/token-count";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, type TestServer } from "../../tests/helpers/server";
import { printTable, summarize, writeResult } from "../lib/stats";
import { DOLLARS_PER_MTOK, PRICING, twoDayProject, type TwoDayReport } from "./two-day";
import { SCRIPTS, splitOf } from "./two-day-scripts";

type WithParts = { info: Message; parts: Part[] };

const args = process.argv.slice(2);
const TURNS = Number(args[args.indexOf("--turns") + 1]) || 60; // a p95 over 30 turns is the second-slowest turn: too noisy
const WARMUP = 3;
/** Simulated model time between turns (background calls such as extraction finish meanwhile). */
const LLM_MS = Number(args[args.indexOf("--llm-ms") + 1]) || 300;
/** The two-day scripts to run (--script, repeatable or comma-separated; `all`, `frozen`, `tuning`). */
const SCRIPT_NAMES = (() => {
  const named = args.flatMap((a, i) => (args[i - 1] === "--script" ? a.split(",") : []));
  const names = named.flatMap((n) =>
    n === "all" ? Object.keys(SCRIPTS) : n === "frozen" || n === "tuning" ? Object.keys(SCRIPTS).filter((k) => splitOf(k) === n) : [n],
  );
  if (!names.length) names.push("slugkit");
  for (const n of names) if (!SCRIPTS[n]) throw new Error(`--script: no script named ${n} (${Object.keys(SCRIPTS).join(", ")}, all)`);
  return names;
})();

let seq = 0;
const id = (p: string) => `${p}_${String(++seq).padStart(8, "0")}`;

function lorem(n: number, salt: number): string {
  const words = ["worker", "batch", "request", "handler", "config", "module", "cache", "token", "index", "query", "schema", "route", "build", "test", "deploy"];
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(words[(i * 7 + salt * 13) % words.length]! + ((i + salt) % 11));
  return out.join(" ");
}

function userMessage(sessionID: string, text: string): WithParts {
  const mid = id("msg");
  return {
    info: { id: mid, sessionID, role: "user", time: { created: Date.now() }, agent: "build", model: { providerID: "mock", modelID: "mock-model" } } as Message,
    parts: [{ id: id("prt"), sessionID, messageID: mid, type: "text", text } as Part],
  };
}

/** An assistant step with a bulky tool output (a command log or a file read) and some prose. */
function assistantMessage(sessionID: string, n: number, outputLines: number): WithParts {
  const mid = id("msg");
  const bash = n % 2 === 0;
  const output = Array.from({ length: outputLines }, (_, i) =>
    bash ? `[${n}:${i}] ${lorem(10, n + i)}${i % 97 === 0 ? " ERROR failed to connect" : ""}` : `${i + 1}\t  const v${i} = ${lorem(6, n * 3 + i)};`,
  ).join("\n");
  const tool = bash ? "bash" : "read";
  const input = bash ? { command: `npm run step-${n}`, description: "run a step" } : { filePath: `/repo/src/file${n % 40}.ts` };
  return {
    info: {
      id: mid,
      sessionID,
      role: "assistant",
      time: { created: Date.now(), completed: Date.now() },
      modelID: "mock-model",
      providerID: "mock",
      mode: "build",
      agent: "build",
      path: { cwd: "/repo", root: "/repo" },
      cost: 0,
      tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
      parentID: "x",
    } as unknown as Message,
    parts: [
      { id: id("prt"), sessionID, messageID: mid, type: "step-start" } as Part,
      { id: id("prt"), sessionID, messageID: mid, type: "text", text: `Step ${n}: ${lorem(40, n)}` } as Part,
      {
        id: id("prt"),
        sessionID,
        messageID: mid,
        type: "tool",
        callID: id("call"),
        tool,
        state: { status: "completed", input, output, title: tool, metadata: {}, time: { start: 1, end: 2 } },
      } as Part,
    ],
  };
}

function historyOf(sessionID: string, targetTokens: number): { messages: WithParts[]; tokens: number } {
  const messages: WithParts[] = [];
  let tokens = 0;
  let n = 0;
  while (tokens < targetTokens) {
    const u = userMessage(sessionID, `Please do step ${n}: ${lorem(20, n)}`);
    const a = assistantMessage(sessionID, n, 60);
    messages.push(u, a);
    tokens +=
      countTokens(JSON.stringify(u.parts.map((p) => (p as { text?: string }).text ?? ""))) +
      countTokens(a.parts.map((p) => (p as { text?: string }).text ?? (p as { state?: { output?: string } }).state?.output ?? "").join("\n"));
    n++;
  }
  return { messages, tokens };
}

interface TurnTimes {
  total: number;
  chat: number;
  messages: number;
  system: number;
  toolAfter: number;
}

async function runTurns(hooks: Hooks, sessionID: string, base: WithParts[], turns: number): Promise<TurnTimes[]> {
  const history = base.map((m) => structuredClone(m));
  const out: TurnTimes[] = [];
  for (let t = 0; t < turns + WARMUP; t++) {
    const user = userMessage(sessionID, `Now the migration for the ${lorem(8, t)} module, keep the cache config as decided`);
    history.push(user);
    // OpenCode rebuilds the message objects every turn: clone outside the timed part.
    const sent = history.map((m) => structuredClone(m));
    const system = { system: ["You are opencode, an agent."] };
    const t0 = performance.now();
    await hooks["chat.message"]!({ sessionID, agent: "build" }, { message: user.info as never, parts: user.parts });
    const t1 = performance.now();
    await hooks["experimental.chat.messages.transform"]!({}, { messages: sent });
    const t2 = performance.now();
    await hooks["experimental.chat.system.transform"]!({ sessionID, model: { limit: { context: 400_000 } } as never }, system);
    const t3 = performance.now();
    // The read-only guard runs before every tool call.
    await hooks["tool.execute.before"]!({ tool: "edit", sessionID, callID: id("call") }, { args: {} });
    await hooks["tool.execute.after"]!(
      { tool: "edit", sessionID, callID: id("call"), args: { filePath: `/repo/src/f${t}.ts` } },
      { title: "", output: "", metadata: {} },
    );
    const t4 = performance.now();
    history.push(assistantMessage(sessionID, 10_000 + t, 60));
    await new Promise((r) => setTimeout(r, LLM_MS));
    if (t >= WARMUP) out.push({ total: t4 - t0, chat: t1 - t0, messages: t2 - t1, system: t3 - t2, toolAfter: t4 - t3 });
  }
  return out;
}

async function seed(server: TestServer, directory: string) {
  for (let i = 0; i < 8; i++) {
    await server.api("/api/memories", {
      method: "POST",
      json: { content: `Pinned rule ${i}: ${lorem(15, i)}`, category: i % 2 ? "constraint" : "convention", pinned: true, directory },
    });
  }
  for (let i = 0; i < 300; i++) {
    await server.api("/api/memories", { method: "POST", json: { content: `Note ${i} about the ${lorem(25, i)}`, category: "decision", directory } });
  }
}

async function main() {
  process.env.RECOLLECT_DIST_DIR ||= ".next-plugin";
  // The server under test must be the current code, not whatever build the dist dir last held.
  if (!args.includes("--no-build")) ensureBuild();
  const server = await startServer();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-plugin-proj-"));
  await seed(server, directory);
  const env = { RECOLLECT_URL: server.url, RECOLLECT_DATA_DIR: server.dataDir, RECOLLECT_AUTOSTART: "0" };
  Object.assign(process.env, env);

  const rows: Record<string, string | number>[] = [];
  const json: Record<string, unknown> = { turns: TURNS };
  const failures: Record<string, number> = {};
  const callRows: Record<string, string | number>[] = [];
  const aloneRows: Record<string, string | number>[] = [];

  // --two-day-only: the cost run alone (the per-turn timing is skipped).
  for (const target of args.includes("--two-day-only") ? [] : [20_000, 200_000]) {
    const sessionID = id("ses");
    const { messages, tokens } = historyOf(sessionID, target);
    // Long timeouts: the point is to measure the calls, not to fail open (counted below anyway).
    const hooks = await createRecollect({ directory }, { timeoutMs: 5000, compressTimeoutMs: 10_000 });
    const rt = (hooks as { __runtime?: Runtime }).__runtime!;
    // Count calls that failed open (timeouts would hide the real cost).
    const call = rt.client.call.bind(rt.client);
    const perPath: Record<string, number[]> = {};
    rt.client.call = (async (method: string, p: string, o?: object) => {
      const started = performance.now();
      const res = await call(method, p, o);
      (perPath[p] ??= []).push(performance.now() - started);
      if (!res.ok) failures[`${target}:${p}`] = (failures[`${target}:${p}`] ?? 0) + 1;
      return res;
    }) as typeof rt.client.call;
    // The server warm: untimed passes over this history first.
    await runTurns(hooks, sessionID, messages, 3);
    for (const k of Object.keys(perPath)) delete perPath[k];
    for (const k of Object.keys(failures)) delete failures[k];
    const times = await runTurns(hooks, sessionID, messages, TURNS);
    const s = summarize(times.map((t) => t.total));
    const part = (k: keyof TurnTimes) => summarize(times.map((t) => t[k])).p50;
    rows.push({
      history: `${Math.round(tokens / 1000)}K tokens (${messages.length} msgs)`,
      server: "up",
      "p50 ms": s.p50,
      "p95 ms": s.p95,
      "max ms": s.max,
      "messages.transform p50": part("messages"),
      "system.transform p50": part("system"),
      "chat.message p50": part("chat"),
    });
    json[`up_${target}`] = { tokens, messages: messages.length, ...s, times };
    // Each call alone (nothing else in flight), to attribute the per-turn time.
    const alone: Record<string, number[]> = { compress: [], recall: [], stable: [], summary: [] };
    const sample = messages.map((m) => structuredClone(m));
    for (let i = 0; i < 10; i++) {
      let t = performance.now();
      await call("POST", "/api/compress", { body: { sessionID, messages: sample }, timeoutMs: 30_000 });
      alone.compress!.push(performance.now() - t);
      t = performance.now();
      await call("POST", "/api/context/recall", { body: { directory, query: `cache config migration ${i}` }, timeoutMs: 30_000 });
      alone.recall!.push(performance.now() - t);
      t = performance.now();
      await call("GET", "/api/context/stable", { query: { directory }, timeoutMs: 30_000 });
      alone.stable!.push(performance.now() - t);
      // What the TUI sidebar polls every 5 s (not on a turn's path).
      t = performance.now();
      await call("GET", "/api/context/summary", { query: { directory, sessionID }, timeoutMs: 30_000 });
      alone.summary!.push(performance.now() - t);
    }
    aloneRows.push(...Object.entries(alone).map(([k, xs]) => ({ history: `${Math.round(tokens / 1000)}K`, call: k, ...summarize(xs) })));
    callRows.push(...Object.entries(perPath).map(([p, xs]) => ({ history: `${Math.round(tokens / 1000)}K`, call: p, ...summarize(xs) })));
  }

  // The money: a synthetic two-day project with and without the plugin (simulated prompt cache), in
  // a project of its own that starts with an empty store (its memories are what the two days store).
  const twoDays: { name: string; report: TwoDayReport }[] = [];
  for (const name of SCRIPT_NAMES) {
    const twoDayDirectory = fs.mkdtempSync(path.join(os.tmpdir(), `bench-plugin-two-day-${name}-`));
    const twoDayHooks = await createRecollect({ directory: twoDayDirectory }, { timeoutMs: 5000, compressTimeoutMs: 10_000 });
    twoDays.push({ name, report: await twoDayProject(twoDayHooks, (twoDayHooks as { __runtime?: Runtime }).__runtime!, SCRIPTS[name]) });
  }
  json.twoDay = twoDays.length === 1 ? twoDays[0]!.report : undefined;
  json.twoDays = Object.fromEntries(twoDays.map(({ name, report }) => [name, { split: splitOf(name), ...report }]));

  await server.stop();
  for (const target of args.includes("--two-day-only") ? [] : [20_000, 200_000]) {
    const sessionID = id("ses");
    const { messages, tokens } = historyOf(sessionID, target);
    const hooks = await createRecollect({ directory }, { autoStart: false });
    const times = await runTurns(hooks, sessionID, messages, TURNS);
    const s = summarize(times.map((t) => t.total));
    rows.push({
      history: `${Math.round(tokens / 1000)}K tokens (${messages.length} msgs)`,
      server: "down",
      "p50 ms": s.p50,
      "p95 ms": s.p95,
      "max ms": s.max,
      "messages.transform p50": summarize(times.map((t) => t.messages)).p50,
      "system.transform p50": summarize(times.map((t) => t.system)).p50,
      "chat.message p50": summarize(times.map((t) => t.chat)).p50,
    });
    json[`down_${target}`] = { tokens, ...s };
  }
  printTable(
    `Plugin time per turn, all hooks (${TURNS} turns each, server warm, ${LLM_MS} ms model time between turns; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    rows,
  );
  printTable("HTTP calls made by the hooks (ms, client side, concurrent calls overlap)", callRows);
  printTable("Each call alone, sequentially (ms, 10 calls; compress of an unchanged history)", aloneRows);
  for (const { name, report } of twoDays) {
    console.log(`\n===== Two-day script ${name} (${splitOf(name)}; ${SCRIPTS[name]!.source}) =====`);
    printTwoDay(report);
  }
  json.twoDaySummary = printTwoDaySummary(twoDays);
  if (Object.keys(failures).length) console.log(`\nCalls that failed open: ${JSON.stringify(failures)}`);
  json.failures = failures;
  writeResult("plugin", json);
}

function printTwoDay(r: TwoDayReport) {
  const share = (x: number) => `${(100 * x).toFixed(1)}%`;
  const dollars = (units: number) => `$${((units * DOLLARS_PER_MTOK) / 1e6).toFixed(4)}`;
  printTable(
    "Synthetic two-day project: effective input cost with and without the plugin (simulated prompt cache: reads 0.1x, writes 1.25x, 5-minute lifetime; uncached-token units; OpenCode's own prompt and tools left out)",
    [...r.days, { label: "both days", requests: r.days.reduce((n, d) => n + d.requests, 0), ...r.total }].map((d) => ({
      run: d.label,
      requests: d.requests,
      "tokens without": d.without.tokens,
      "tokens with": d.with.tokens,
      "cost without": Math.round(d.without.cost),
      "cost with": Math.round(d.with.cost),
      "with / without": share(d.ratio),
      [`$ without / with (input at $${DOLLARS_PER_MTOK}/MTok)`]: `${dollars(d.without.cost)} / ${dollars(d.with.cost)}`,
      "cacheable without": share(d.without.cacheableShare),
      "cacheable with": share(d.with.cacheableShare),
      "uncached tokens without / with": `${d.without.tokens - d.without.cachedTokens} / ${d.with.tokens - d.with.cachedTokens}`,
    })),
  );
  printTable(
    "In money: the same requests priced by each provider's prompt cache (Anthropic: Claude Sonnet input $3/MTok, reads 0.1x, writes 1.25x; OpenAI: GPT-4o input $2.50/MTok, cached 0.5x; 5-minute lifetime)",
    Object.entries(r.money).flatMap(([provider, m]) =>
      [...m.days, { label: "both days", ...m.total }].map((d) => ({
        pricing: provider,
        run: d.label,
        "$ without": `$${((d.without.cost * m.dollarsPerMTok) / 1e6).toFixed(4)}`,
        "$ with": `$${((d.with.cost * m.dollarsPerMTok) / 1e6).toFixed(4)}`,
        "with / without": share(d.ratio),
      })),
    ),
  );
  const parts = (c: TwoDayReport["total"]["with"]) => `${Math.round(c.costOf.reads)} / ${Math.round(c.costOf.tailWrites)} / ${Math.round(c.costOf.rewrites)}`;
  printTable(
    "Where the cost goes: cached reads / writes of what each request appends / rewrites (changed or expired)",
    [...r.days, { label: "both days", ...r.total }].map((d) => ({ run: d.label, without: parts(d.without), with: parts(d.with) })),
  );
  printTable(
    "Fixed tokens per request the plugin adds (before the history)",
    Object.entries(r.fixedTokens).map(([day, f]) => ({
      day,
      "memory tools' definitions": f.tools,
      "pinned (stable) block": f.stable,
      "resume block": f.resume,
      total: f.tools + f.stable + f.resume,
    })),
  );
  const up = r.idleUploads;
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  printTable("Idle checkpoint uploads (only the messages since the last one go; the whole history for comparison)", [
    ...up.map((u, i) => ({ upload: i + 1, messages: u.messages, sent: kb(u.sent), "whole history": kb(u.wholeHistory) })),
    {
      upload: "total",
      messages: up.reduce((n, u) => n + u.messages, 0),
      sent: kb(up.reduce((n, u) => n + u.sent, 0)),
      "whole history": kb(up.reduce((n, u) => n + u.wholeHistory, 0)),
    },
  ]);
  const { suggestions: inbox } = r;
  console.log(`\nThe inbox after the two days: ${inbox.total} suggestions, ${inbox.duplicates.length} duplicates, ${inbox.misfiled.length} misfiled.`);
  if (inbox.items.length)
    printTable(
      "The inbox after the two days (suggested memories; misfiled: from a sentence labelled as no memory, or a category its label does not allow; duplicate: an active memory says it)",
      inbox.items.map((i) => ({
        category: i.category,
        suggestion: i.content.slice(0, 100),
        "user's sentence (label)": i.from ? `${i.from.slice(0, 60)} (${i.allowed.join("|") || "not a memory"})` : "none",
        misfiled: inbox.misfiled.includes(i.content) ? "yes" : "",
        duplicate: inbox.duplicates.includes(i.content) ? "yes" : "",
      })),
    );
}

/**
 * One row per script and per half (frozen first: the headline): day 2's fixed tokens per request
 * (tools + pinned + resume; a half shows its largest), the inbox, and both days' money with and
 * without the plugin under each provider's cache model (a half sums its scripts).
 */
function printTwoDaySummary(runs: { name: string; report: TwoDayReport }[]) {
  const day2 = (r: TwoDayReport) => {
    const f = Object.values(r.fixedTokens)[1] ?? { tools: 0, stable: 0, resume: 0 };
    return { ...f, total: f.tools + f.stable + f.resume };
  };
  const usd = (units: number, provider: keyof typeof PRICING) => (units * PRICING[provider].dollarsPerMTok) / 1e6;
  type Row = { fixed: string; max: number; suggestions: number; duplicates: number; misfiled: number } & Record<string, number | string>;
  const rowOf = (r: TwoDayReport): Row => {
    const f = day2(r);
    const row: Row = {
      fixed: `${f.tools} + ${f.stable} + ${f.resume} = ${f.total}`,
      max: f.total,
      suggestions: r.suggestions.total,
      duplicates: r.suggestions.duplicates.length,
      misfiled: r.suggestions.misfiled.length,
    };
    for (const p of Object.keys(PRICING) as (keyof typeof PRICING)[]) {
      const m = r.money[p];
      row[`${p} day 2 without`] = usd(m.days[1]?.without.cost ?? 0, p);
      row[`${p} day 2 with`] = usd(m.days[1]?.with.cost ?? 0, p);
      row[`${p} both without`] = usd(m.total.without.cost, p);
      row[`${p} both with`] = usd(m.total.with.cost, p);
    }
    return row;
  };
  const perScript: (Row & { name: string; split: string })[] = runs.map(({ name, report }) => ({ name, split: splitOf(name), ...rowOf(report) }));
  const halves = (["frozen", "tuning"] as const).flatMap((split) => {
    const rows = perScript.filter((r) => r.split === split);
    if (!rows.length) return [];
    const sum = (k: string) => rows.reduce((n, r) => n + Number(r[k]), 0);
    const out: Record<string, number | string> = {
      name: `${split} half (${rows.length}: ${rows.map((r) => r.name).join(", ")})`,
      split,
      fixed: `max ${Math.max(...rows.map((r) => r.max))}`,
      max: Math.max(...rows.map((r) => r.max)),
      suggestions: sum("suggestions"),
      duplicates: sum("duplicates"),
      misfiled: sum("misfiled"),
    };
    for (const k of Object.keys(rows[0]!)) if (/ (without|with)$/.test(k)) out[k] = sum(k);
    return [out];
  });
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
  const money = (r: Record<string, number | string>, p: string, span: string) =>
    `$${Number(r[`${p} ${span} with`]).toFixed(4)} / $${Number(r[`${p} ${span} without`]).toFixed(4)} (${pct(Number(r[`${p} ${span} with`]), Number(r[`${p} ${span} without`]))})`;
  printTable(
    "Two-day scripts, per half (frozen: the headline) and per script: day-2 fixed tokens per request (tools + pinned + resume; target <= 450), the inbox after two days (0 duplicates, 0 misfiled), money with / without the plugin",
    [...halves, ...perScript].map((r) => ({
      script: r.name,
      half: r.split,
      "day-2 fixed tokens": r.fixed,
      inbox: r.suggestions,
      duplicates: r.duplicates,
      misfiled: r.misfiled,
      "Anthropic day 2": money(r, "anthropic", "day 2"),
      "Anthropic both days": money(r, "anthropic", "both"),
      "OpenAI day 2": money(r, "openai", "day 2"),
      "OpenAI both days": money(r, "openai", "both"),
    })),
  );
  return { halves, perScript };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
