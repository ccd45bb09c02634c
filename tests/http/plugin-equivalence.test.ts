import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import type { Message as V1Message, Part } from "@opencode-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import plugin from "../../plugin/index";
import { createRecollect } from "../../plugin/recollect";
import type { Message } from "../../plugin/v2/api";
import { V2Host } from "../opencode2/host";
import { startServer, type TestServer, tempDir } from "../helpers/server";

/**
 * What the plugin hands the model must not change when only its cost does: one long session
 * replayed through each entry (OpenCode 1's hooks, OpenCode 2's `context` hook), every request's
 * messages and system prompt hashed and compared with a golden the plugin computed before its
 * per-turn work was made incremental (plugin-equivalence.golden.json, from commit da1beba).
 * Regenerate it only for an intended change of what the model sees:
 * `RECOLLECT_WRITE_GOLDEN=1 RECOLLECT_SKIP_BUILD=1 npx vitest run tests/http/plugin-equivalence.test.ts`.
 *
 * Deterministic by construction: a dedicated server with its own data dir and no embeddings
 * (recall is lexical), fixed ids, no idle events (extraction would add memories on its own
 * schedule), each entry in its own project, timeouts long enough that no call fails open (a
 * compression timed out keeps a newly aged part as it is) on a loaded machine.
 */

const GOLDEN = path.join(import.meta.dirname, "plugin-equivalence.golden.json");
const STEPS = 70;
const TURNS = 24;
const WORDS = ["worker", "batch", "request", "handler", "config", "module", "cache", "token", "index", "query", "schema", "route", "build", "deploy"];
const lorem = (n: number, salt: number) => Array.from({ length: n }, (_, i) => WORDS[(i * 7 + salt * 13) % WORDS.length]! + ((i + salt) % 11)).join(" ");

type Step = { user: string } | { text: string; tool: string; input: Record<string, unknown>; output: string };
/** A user message, or an assistant step: a command log (progress lines, passing tests: what compression removes) or a file read. */
function step(n: number): Step {
  if (n % 3 === 0) return { user: `Please handle the ${lorem(10, n)} and keep the cache config as decided` };
  const bash = n % 2 === 0;
  const output = Array.from({ length: 50 }, (_, i) =>
    bash
      ? i % 5 === 0
        ? `✓ test ${lorem(4, n + i)} (${i} ms)`
        : `[${n}:${i}] ${lorem(9, n + i)}${i % 23 === 0 ? " ERROR failed to connect" : ""}`
      : `${i + 1}\t  const v${i} = ${lorem(6, n * 3 + i)};`,
  ).join("\n");
  return {
    text: `Step ${n}: ${lorem(12, n)}`,
    tool: bash ? "bash" : "read",
    input: bash ? { command: `npm run step-${n % 9}` } : { filePath: `/repo/src/file${n % 12}.ts` },
    output,
  };
}

/**
 * The turn's user message: its recall finds one note, asked about once. A search's ranking counts
 * earlier accesses, recorded after the answer on the server's schedule: a note found twice could
 * rank differently from run to run.
 */
const ask = (t: number) => `What about ${topic(t)} and its settings?`;
/** A made-up word of letters alone for each note (a digit would split it into terms): the search finds that note only. */
const topic = (i: number) => [...createHash("sha256").update(`topic ${i}`).digest().subarray(0, 8)].map((b) => String.fromCharCode(97 + (b % 26))).join("");

let seq = 0;
const id = (p: string) => `${p}_${String(++seq).padStart(6, "0")}`;

function v1Messages(sessionID: string, steps: Step[]): { info: V1Message; parts: Part[] }[] {
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

function v2Messages(steps: Step[]): Message[] {
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

const hash = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 24);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function seed(directory: string) {
  for (let i = 0; i < 4; i++)
    expect(
      (
        await server.api("/api/memories", {
          method: "POST",
          json: { content: `Pinned rule ${i}: ${lorem(10, i)}`, category: "constraint", pinned: true, directory },
        })
      ).status,
    ).toBe(201);
  for (let i = 0; i < 40; i++)
    expect(
      (await server.api("/api/memories", { method: "POST", json: { content: `Note ${i}: ${topic(i)} ${lorem(14, i)}`, category: "decision", directory } }))
        .status,
    ).toBeLessThan(300);
}

const options = (directory: string) => ({
  url: server.url,
  dataDir: server.dataDir,
  autoStart: false,
  timeoutMs: 60_000,
  compressTimeoutMs: 60_000,
  directory,
});

/** Every request's hash (messages and system, as the model would get them), and the last request's tool outputs. */
interface Replay {
  requests: string[];
  lastOutputs: string[];
  lastRequest: string;
}

async function replayV1(): Promise<Replay> {
  const directory = tempDir("equiv-v1-");
  await seed(directory);
  const sessionID = "ses_equiv_v1";
  const history = v1Messages(
    sessionID,
    Array.from({ length: STEPS }, (_, n) => step(n)),
  );
  const client = { session: { messages: async () => ({ data: history.map((m) => structuredClone(m)) }) } };
  const hooks = (await createRecollect({ directory, client: client as never }, options(directory))) as Hooks;
  const requests: string[] = [];
  let last: { info: V1Message; parts: Part[] }[] = [];
  let lastSystem: string[] = [];
  // One provider request as OpenCode 1 makes it: the history rebuilt, both transforms.
  const request = async () => {
    const messages = history.map((m) => structuredClone(m));
    const system = { system: ["You are opencode, an agent."] };
    await hooks["experimental.chat.messages.transform"]!({}, { messages });
    await hooks["experimental.chat.system.transform"]!({ sessionID, model: { limit: { context: 400_000 } } as never }, system);
    requests.push(hash({ messages, system: system.system }));
    last = messages;
    lastSystem = system.system;
  };
  for (let t = 0; t < TURNS; t++) {
    const [user] = v1Messages(sessionID, [{ user: ask(t) }]);
    history.push(user!);
    await hooks["chat.message"]!({ sessionID, agent: "build" }, { message: user!.info as never, parts: user!.parts });
    await request();
    await hooks["tool.execute.before"]!({ tool: "edit", sessionID, callID: id("call") }, { args: {} });
    history.push(...v1Messages(sessionID, [step(1000 + t * 2 + 1)]));
    await request();
  }
  const lastOutputs = last.flatMap((m) => m.parts.flatMap((p) => (p.type === "tool" && p.state.status === "completed" ? [p.state.output] : [])));
  return { requests, lastOutputs, lastRequest: JSON.stringify({ last, lastSystem }) };
}

async function replayV2(): Promise<Replay> {
  const directory = tempDir("equiv-v2-");
  await seed(directory);
  const sessionID = "ses_equiv_v2";
  const history = v2Messages(Array.from({ length: STEPS }, (_, n) => step(n)));
  const host = new V2Host(options(directory));
  await host.load(plugin);
  const requests: string[] = [];
  let last: Message[] = [];
  let lastSystem: unknown[] = [];
  const request = async () => {
    host.setHistory(sessionID, history);
    const event = host.contextEvent(sessionID);
    await host.runHook("session.context", event);
    requests.push(hash({ messages: event.messages, system: event.system }));
    last = event.messages;
    lastSystem = event.system;
  };
  try {
    for (let t = 0; t < TURNS; t++) {
      const text = ask(t);
      const messageID = id("msg");
      await host.runHook("session.prompt", { sessionID, messageID, prompt: { text }, metadata: {}, delivery: "immediate" });
      history.push({ id: messageID, role: "user", content: [{ type: "text", text }] });
      await request();
      history.push(...v2Messages([step(1000 + t * 2 + 1)]));
      await request();
    }
  } finally {
    await host.unload();
  }
  const lastOutputs = last.flatMap((m) =>
    m.content.flatMap((c) => (c.type === "tool-result" ? [String((c as { result: { value: unknown } }).result.value)] : [])),
  );
  return { requests, lastOutputs, lastRequest: JSON.stringify(last) + JSON.stringify(lastSystem) };
}

describe("the messages the model gets are those of the plugin before its turn was made incremental", () => {
  it("replays one long session through each entry: every request byte for byte as the golden", async () => {
    const v1 = await replayV1();
    const v2 = await replayV2();
    const original = Array.from({ length: STEPS }, (_, n) => step(n)).flatMap((s) => ("output" in s ? [s.output] : []));
    // The replay means something: compression rewrote old outputs, and the recall and stable blocks went in.
    for (const r of [v1, v2]) {
      expect(r.requests).toHaveLength(TURNS * 2);
      expect(r.lastOutputs.slice(0, original.length).filter((o, i) => o !== original[i]).length).toBeGreaterThan(0);
      expect(r.lastRequest).toContain("Pinned rule");
      expect(r.lastRequest).toContain(`Note ${TURNS - 1}: ${topic(TURNS - 1)}`);
    }
    const actual = { v1: v1.requests, v2: v2.requests };
    if (process.env.RECOLLECT_WRITE_GOLDEN === "1") fs.writeFileSync(GOLDEN, `${JSON.stringify(actual, null, 1)}\n`);
    const golden = JSON.parse(fs.readFileSync(GOLDEN, "utf8")) as typeof actual;
    if (JSON.stringify(actual) !== JSON.stringify(golden))
      fs.writeFileSync(path.join(os.tmpdir(), "plugin-equivalence.actual.json"), JSON.stringify(actual, null, 1));
    expect(actual.v1).toEqual(golden.v1);
    expect(actual.v2).toEqual(golden.v2);
  }, 240_000);
});
