/**
 * Plugin time per turn through each entry of the one module: OpenCode 1's hooks (`server()`) and
 * OpenCode 2's (`setup()`, run in tests/opencode2/host.ts, the V2 plugin context as OpenCode 2's
 * source defines it), on the same long sessions against the same warm server, turns alternating
 * between the two. A V2 turn: the `prompt` hook, the `context` hook (compression, recall, the
 * stable block, over the V1 view of the request's messages), then `tool.execute.before`/`.after`;
 * a V1 turn: `chat.message`, `messages.transform`, `system.transform`, the tool hooks.
 *
 *   npx tsx bench/plugin/entries.ts [--turns 40] [--llm-ms 300] [--no-build]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import type { Message as V1Message, Part } from "@opencode-ai/sdk";
import { countTokens } from "../../lib/token-count";
import plugin from "../../plugin/index";
import { createRecollect } from "../../plugin/recollect";
import type { Message } from "../../plugin/v2/api";
import { applyV1View, snapshot, toV1View } from "../../plugin/v2/messages";
import { ensureBuild } from "../../scripts/build-if-needed";
import { V2Host } from "../../tests/opencode2/host";
import { startServer, type TestServer } from "../../tests/helpers/server";
import { printTable, summarize, writeResult } from "../lib/stats";

type WithParts = { info: V1Message; parts: Part[] };
type Step = { user: string } | { text: string; tool: string; input: Record<string, unknown>; output: string };

const args = process.argv.slice(2);
const TURNS = Number(args[args.indexOf("--turns") + 1]) || 40;
const WARMUP = 3;
const LLM_MS = Number(args[args.indexOf("--llm-ms") + 1]) || 300;

let seq = 0;
const id = (p: string) => `${p}_${String(++seq).padStart(8, "0")}`;

function lorem(n: number, salt: number): string {
  const words = ["worker", "batch", "request", "handler", "config", "module", "cache", "token", "index", "query", "schema", "route", "build", "test", "deploy"];
  return Array.from({ length: n }, (_, i) => words[(i * 7 + salt * 13) % words.length]! + ((i + salt) % 11)).join(" ");
}

/** One assistant step as bench/plugin/index.ts makes them: a command log or a file read, 60 lines. */
function step(n: number): Step {
  const bash = n % 2 === 0;
  const output = Array.from({ length: 60 }, (_, i) =>
    bash ? `[${n}:${i}] ${lorem(10, n + i)}${i % 97 === 0 ? " ERROR failed to connect" : ""}` : `${i + 1}\t  const v${i} = ${lorem(6, n * 3 + i)};`,
  ).join("\n");
  return {
    text: `Step ${n}: ${lorem(12, n)}`,
    tool: bash ? "bash" : "read",
    input: bash ? { command: `npm run step-${n}` } : { filePath: `/repo/src/file${n % 40}.ts` },
    output,
  };
}

function stepsOf(targetTokens: number): { steps: Step[]; tokens: number } {
  const steps: Step[] = [];
  let tokens = 0;
  for (let n = 0; tokens < targetTokens; n++) {
    const u = { user: `Please do step ${n}: ${lorem(20, n)}` };
    const a = step(n) as Extract<Step, { tool: string }>;
    steps.push(u, a);
    tokens += countTokens(u.user) + countTokens(`${a.text}\n${a.output}`);
  }
  return { steps, tokens };
}

/** The steps as OpenCode 1 hands them to `messages.transform`. */
function v1History(sessionID: string, steps: Step[]): WithParts[] {
  return steps.map((s) => {
    const mid = id("msg");
    if ("user" in s)
      return {
        info: { id: mid, sessionID, role: "user" } as V1Message,
        parts: [{ id: id("prt"), sessionID, messageID: mid, type: "text", text: s.user } as Part],
      };
    return {
      info: { id: mid, sessionID, role: "assistant" } as V1Message,
      parts: [
        { id: id("prt"), sessionID, messageID: mid, type: "text", text: s.text } as Part,
        {
          id: id("prt"),
          sessionID,
          messageID: mid,
          type: "tool",
          callID: id("call"),
          tool: s.tool,
          state: { status: "completed", input: s.input, output: s.output, title: s.tool, metadata: {}, time: { start: 1, end: 2 } },
        } as Part,
      ],
    };
  });
}

/** The same steps as OpenCode 2 hands them to the `context` hook (packages/core/src/session/runner/to-llm-message.ts). */
function v2History(steps: Step[]): Message[] {
  return steps.flatMap((s): Message[] => {
    if ("user" in s) return [{ id: id("msg"), role: "user", content: [{ type: "text", text: s.user }] }];
    const call = id("call");
    return [
      {
        id: id("msg"),
        role: "assistant",
        content: [
          { type: "text", text: s.text },
          { type: "tool-call", id: call, name: s.tool, input: s.input },
        ],
      },
      { role: "tool", content: [{ type: "tool-result", id: call, name: s.tool, result: { type: "text", value: s.output } }] },
    ];
  });
}

async function seed(server: TestServer, directory: string) {
  for (let i = 0; i < 8; i++)
    await server.api("/api/memories", {
      method: "POST",
      json: { content: `Pinned rule ${i}: ${lorem(15, i)}`, category: i % 2 ? "constraint" : "convention", pinned: true, directory },
    });
  for (let i = 0; i < 300; i++)
    await server.api("/api/memories", { method: "POST", json: { content: `Note ${i} about the ${lorem(25, i)}`, category: "decision", directory } });
}

async function v1Turn(hooks: Hooks, sessionID: string, history: WithParts[], t: number): Promise<number> {
  const user = v1History(sessionID, [{ user: `Now the migration for the ${lorem(8, t)} module, keep the cache config as decided` }])[0]!;
  history.push(user);
  // OpenCode rebuilds the message objects every turn: cloned outside the timed part.
  const sent = history.map((m) => structuredClone(m));
  const system = { system: ["You are opencode, an agent."] };
  const t0 = performance.now();
  await hooks["chat.message"]!({ sessionID, agent: "build" }, { message: user.info as never, parts: user.parts });
  await hooks["experimental.chat.messages.transform"]!({}, { messages: sent });
  await hooks["experimental.chat.system.transform"]!({ sessionID, model: { limit: { context: 400_000 } } as never }, system);
  await hooks["tool.execute.before"]!({ tool: "edit", sessionID, callID: id("call") }, { args: {} });
  await hooks["tool.execute.after"]!({ tool: "edit", sessionID, callID: id("call"), args: { filePath: `/repo/src/f${t}.ts` } } as never, {
    title: "",
    output: "",
    metadata: {},
  });
  const ms = performance.now() - t0;
  history.push(...v1History(sessionID, [step(10_000 + t)]));
  return ms;
}

async function v2Turn(host: V2Host, sessionID: string, history: Message[], t: number): Promise<number> {
  const text = `Now the migration for the ${lorem(8, t)} module, keep the cache config as decided`;
  const messageID = id("msg");
  const prompt = { sessionID, messageID, prompt: { text }, metadata: {}, delivery: "immediate" };
  history.push({ id: messageID, role: "user", content: [{ type: "text", text }] });
  host.setHistory(sessionID, history);
  const event = host.contextEvent(sessionID); // the fresh copy OpenCode 2 builds: outside the timed part
  const call = { tool: "edit", sessionID, agent: "build", messageID, id: id("call"), input: { filePath: `/repo/src/f${t}.ts` } as unknown };
  const t0 = performance.now();
  await host.runHook("session.prompt", prompt);
  await host.runHook("session.context", event);
  await host.runHook("tool.execute.before", call);
  await host.runHook("tool.execute.after", { ...call, status: "completed", result: { content: "" } });
  const ms = performance.now() - t0;
  history.push(...v2History([step(10_000 + t)]));
  return ms;
}

async function main() {
  process.env.RECOLLECT_DIST_DIR ||= ".next-plugin";
  if (!args.includes("--no-build")) ensureBuild();
  const server = await startServer();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-entries-proj-"));
  await seed(server, directory);
  const options = { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, compressTimeoutMs: 10_000, directory };
  const rows: Record<string, string | number>[] = [];
  const json: Record<string, unknown> = { turns: TURNS, llmMs: LLM_MS };
  for (const target of [20_000, 200_000]) {
    const { steps, tokens } = stepsOf(target);
    const v1Session = id("ses");
    const v2Session = id("ses");
    const hooks = (await createRecollect({ directory }, options)) as Hooks;
    const host = new V2Host(options);
    await host.load(plugin);
    const h1 = v1History(v1Session, steps);
    const h2 = v2History(steps);
    const times: { v1: number[]; v2: number[] } = { v1: [], v2: [] };
    for (let t = 0; t < TURNS + WARMUP; t++) {
      const a = await v1Turn(hooks, v1Session, h1, t);
      await new Promise((r) => setTimeout(r, LLM_MS));
      const b = await v2Turn(host, v2Session, h2, t);
      await new Promise((r) => setTimeout(r, LLM_MS));
      if (t >= WARMUP) times.v1.push(a), times.v2.push(b);
    }
    await host.unload();
    for (const [entry, xs] of Object.entries(times)) {
      const s = summarize(xs);
      rows.push({
        history: `${Math.round(tokens / 1000)}K tokens`,
        entry: entry === "v1" ? "OpenCode 1 (server)" : "OpenCode 2 (setup)",
        "p50 ms": s.p50,
        "p95 ms": s.p95,
        "max ms": s.max,
      });
      json[`${entry}_${target}`] = { tokens, ...s };
    }
  }
  await server.stop();
  // The V2 adapter's own work per request, no server: the V1 view of the messages, the history
  // snapshot, writing back (nothing changed here, so the walk without the copies).
  const adapterRows: Record<string, string | number>[] = [];
  for (const target of [20_000, 200_000]) {
    const { steps, tokens } = stepsOf(target);
    const h2 = v2History(steps);
    const xs: number[] = [];
    for (let i = 0; i < TURNS + WARMUP; i++) {
      const event = structuredClone(h2);
      const t0 = performance.now();
      const view = toV1View("ses_adapter", event);
      snapshot(view);
      applyV1View(view);
      if (i >= WARMUP) xs.push(performance.now() - t0);
    }
    const s = summarize(xs);
    adapterRows.push({ history: `${Math.round(tokens / 1000)}K tokens (${h2.length} msgs)`, "p50 ms": s.p50, "p95 ms": s.p95, "max ms": s.max });
    json[`adapter_${target}`] = { tokens, ...s };
  }
  printTable(
    `Plugin time per turn by entry (${TURNS} turns each, alternating, ${LLM_MS} ms model time; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    rows,
  );
  printTable("The V2 adapter alone per request (view, snapshot, write-back; in process, no server)", adapterRows);
  writeResult("plugin-entries", json);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
