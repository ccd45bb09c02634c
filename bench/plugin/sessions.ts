/** The long sessions the plugin benches replay (bench/plugin/entries.ts, bench/plugin/turn-stages.ts), in both hosts' shapes. */
import type { Message as V1Message, Part } from "@opencode-ai/sdk";
import { countTokens } from "../../lib/token-count";
import type { Message } from "../../plugin/v2/api";

export type WithParts = { info: V1Message; parts: Part[] };
export type Step = { user: string } | { text: string; tool: string; input: Record<string, unknown>; output: string };

let seq = 0;
export const id = (p: string) => `${p}_${String(++seq).padStart(8, "0")}`;

export function lorem(n: number, salt: number): string {
  const words = ["worker", "batch", "request", "handler", "config", "module", "cache", "token", "index", "query", "schema", "route", "build", "test", "deploy"];
  return Array.from({ length: n }, (_, i) => words[(i * 7 + salt * 13) % words.length]! + ((i + salt) % 11)).join(" ");
}

/** One assistant step as bench/plugin/index.ts makes them: a command log or a file read, 60 lines. */
export function step(n: number): Step {
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

export function stepsOf(targetTokens: number): { steps: Step[]; tokens: number } {
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
export function v1History(sessionID: string, steps: Step[]): WithParts[] {
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
export function v2History(steps: Step[]): Message[] {
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

/** A message's text parts joined: the turn's recall query. */
export const userTextOf = (m: { parts: { type: string; text?: string }[] }) =>
  m.parts
    .filter((p) => p.type === "text")
    .map((p) => p.text)
    .join("\n");
