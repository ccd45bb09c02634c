import type { Part } from "@opencode-ai/sdk";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../plugin/v2/api";
import { applyV1View, snapshot, toV1View } from "../../../plugin/v2/messages";

/** OpenCode 2's request messages as the core's `{ info, parts }` view, and the core's changes written back. */

const history = (): Message[] => [
  { id: "msg_1", role: "user", content: [{ type: "text", text: "run the tests" }] },
  {
    id: "msg_2",
    role: "assistant",
    content: [
      { type: "reasoning", text: "thinking" },
      { type: "text", text: "Running them." },
      { type: "tool-call", id: "call_1", name: "bash", input: { command: "npm test" } },
      // A provider-executed tool: its result sits in the assistant message itself.
      { type: "tool-call", id: "call_2", name: "websearch", input: "not an object", providerExecuted: true },
      { type: "tool-result", id: "call_2", name: "websearch", result: { type: "json", value: { hits: 2 } }, providerExecuted: true },
    ],
  },
  { role: "tool", content: [{ type: "tool-result", id: "call_1", name: "bash", result: { type: "text", value: "1 failed\n9 passed" } }] },
  { role: "system", content: [{ type: "text", text: "operator note" }] },
  {
    id: "msg_3",
    role: "user",
    content: [
      { type: "text", text: "fix it" },
      { type: "media", media: {} },
    ],
  },
  {
    id: "msg_4",
    role: "assistant",
    content: [{ type: "tool-call", id: "call_3", name: "edit", input: { filePath: "a.ts" } }],
  },
  { role: "tool", content: [{ type: "tool-result", id: "call_3", name: "edit", result: { type: "error", value: "no such file" } }] },
];

describe("toV1View", () => {
  it("gives user and assistant messages with stable part ids, tool parts with their outputs, and leaves the rest out", () => {
    const view = toV1View("ses_1", history());
    expect(view.messages.map((m) => [m.info.id, m.info.role])).toEqual([
      ["msg_1", "user"],
      ["msg_2", "assistant"],
      ["msg_3", "user"],
      ["msg_4", "assistant"],
    ]);
    const parts = view.messages[1]!.parts as (Part & { state?: { status: string; output?: string; input?: unknown; error?: string } })[];
    expect(parts.map((p) => [p.id, p.type])).toEqual([
      ["msg_2:0", "reasoning"],
      ["msg_2:1", "text"],
      ["call_1", "tool"],
      ["call_2", "tool"],
    ]);
    expect(parts[2]!.state).toEqual({ status: "completed", input: { command: "npm test" }, output: "1 failed\n9 passed" });
    expect(parts[3]!.state).toEqual({ status: "completed", input: {}, output: '{"hits":2}' });
    expect((view.messages[3]!.parts[0] as { state: unknown }).state).toEqual({ status: "error", input: { filePath: "a.ts" }, error: "no such file" });
    // The same history gives the same view, byte for byte (the compression cache keys on it).
    expect(JSON.stringify(toV1View("ses_1", history()).messages)).toBe(JSON.stringify(view.messages));
  });
});

describe("applyV1View", () => {
  it("writes back a compressed output and a changed text in place, appends attached blocks, touches nothing else", () => {
    const messages = history();
    const before = structuredClone(messages);
    const view = toV1View("ses_1", messages);
    const saved = snapshot(view);
    // What the core does: replaces parts (new objects) and appends its blocks to a user message.
    view.messages[1]!.parts.splice(2, 1, {
      ...(view.messages[1]!.parts[2] as object),
      state: { status: "completed", input: {}, output: "[compressed] 1 failed" },
    } as Part);
    view.messages[2]!.parts.push({ id: "prt_recollect_msg_3", type: "text", text: "<recollect-memory>tests need a db</recollect-memory>" } as Part);
    applyV1View(view);

    const toolMessage = messages[2]!;
    expect((toolMessage.content[0] as { result: unknown }).result).toEqual({ type: "text", value: "[compressed] 1 failed" });
    expect(messages[4]!.content).toHaveLength(3);
    expect(messages[4]!.content[2]).toEqual({
      type: "text",
      text: "<recollect-memory>tests need a db</recollect-memory>",
      metadata: { recollect: "attached" },
    });
    // Everything else as it was: the provider-executed result, the error, the system message, the media part.
    for (const i of [0, 1, 3, 5, 6]) expect(messages[i]).toEqual(before[i]);
    expect(messages[4]!.content.slice(0, 2)).toEqual(before[4]!.content);
    // The snapshot taken before the core ran is the uncompressed history (what a checkpoint reads).
    expect((saved[1]!.parts[2] as { state: { output: string } }).state.output).toBe("1 failed\n9 passed");
  });
});

describe("toV1View: command outcomes and string content", () => {
  it("marks a user message the plugin sent as a synthetic outcome, and reads content given as one string", () => {
    const outcome = "/recall\n- [constraint] never force-push main";
    const messages = [
      { id: "msg_1", role: "user", content: [{ type: "text", text: "what did we decide?" }] },
      { id: "msg_2", role: "user", content: [{ type: "text", text: outcome }] },
      { id: "msg_3", role: "user", content: "plain string content" },
    ] as unknown as Message[];
    const view = toV1View("ses_1", messages, new Set([outcome]));
    const parts = view.messages.map((m) => m.parts[0] as Part & { synthetic?: boolean });
    expect(parts.map((p) => (p as { text: string }).text)).toEqual(["what did we decide?", outcome, "plain string content"]);
    expect(parts.map((p) => p.synthetic === true)).toEqual([false, true, false]);
  });
});
