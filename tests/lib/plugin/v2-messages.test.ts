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

describe("toV1View with the previous request's view (ViewCache)", () => {
  it("gives an unchanged part as last request's object, a changed one anew, and the same view as without the cache", () => {
    const first = toV1View("ses_1", history());
    const cache = { parts: first.parts, infos: first.infos };
    // OpenCode 2 hands each request a fresh copy: nothing is the same object, everything the same value.
    const again = toV1View("ses_1", structuredClone(history()), new Set(), cache);
    expect(JSON.stringify(again.messages)).toBe(JSON.stringify(first.messages));
    for (const [i, m] of again.messages.entries()) {
      expect(m.info).toBe(first.messages[i]!.info);
      // msg_4's call has no answer yet in this history, so it stays running, and it is built anew.
      m.parts.forEach((p, j) => (p.id === "call_3" ? undefined : expect(p).toBe(first.messages[i]!.parts[j])));
    }

    const changed = structuredClone(history());
    (changed[1]!.content[1] as { text: string }).text = "Running them again.";
    (changed[2]!.content[0] as { result: { value: string } }).result.value = "0 failed";
    ((changed[1]!.content[3] as { input: unknown }).input as unknown) = { q: 1 };
    const third = toV1View("ses_1", changed, new Set(), { parts: again.parts, infos: again.infos });
    const [before, after] = [again.messages[1]!.parts, third.messages[1]!.parts] as (Part & { state?: { output?: string; input?: unknown } })[][];
    expect(after[0]).toBe(before[0]); // the reasoning, unchanged
    expect(after[1]).not.toBe(before[1]);
    expect((after[1] as { text: string }).text).toBe("Running them again.");
    expect(after[2]).not.toBe(before[2]);
    expect(after[2]!.state!.output).toBe("0 failed");
    // A provider-executed call whose input changed (a string before) is built anew with the new input.
    expect(after[3]).not.toBe(before[3]);
    expect(after[3]!.state!.input).toEqual({ q: 1 });
    expect(JSON.stringify(third.messages)).toBe(JSON.stringify(toV1View("ses_1", changed).messages));
  });

  it("does not reuse a text once the plugin marked it as its own outcome, nor across sessions", () => {
    const messages = [{ id: "msg_1", role: "user", content: [{ type: "text", text: "/recall\n- a" }] }] as unknown as Message[];
    const plain = toV1View("ses_1", messages);
    const marked = toV1View("ses_1", structuredClone(messages), new Set(["/recall\n- a"]), { parts: plain.parts, infos: plain.infos });
    expect((marked.messages[0]!.parts[0] as { synthetic?: boolean }).synthetic).toBe(true);
    const other = toV1View("ses_2", structuredClone(messages), new Set(), { parts: plain.parts, infos: plain.infos });
    expect(other.messages[0]!.parts[0]).not.toBe(plain.messages[0]!.parts[0]);
    expect(other.messages[0]!.info.sessionID).toBe("ses_2");
  });
});
