import { describe, expect, it } from "vitest";
import { transcriptMessages, transcriptMessagesSliced, transcriptSteps } from "../../../lib/agents/transcript";

const lines = (...records: unknown[]) => records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n");

describe("a Claude Code transcript as messages", () => {
  it("keeps the user's and the assistant's words, joins each tool result to its call, drops subagents, hook text and other records", () => {
    const messages = transcriptMessages(
      "claude-code",
      lines(
        { type: "queue-operation", operation: "enqueue" },
        { type: "user", uuid: "u1", message: { role: "user", content: "Fix the flaky login test" } },
        { type: "user", uuid: "u0", message: { role: "user", content: "<command-name>/clear</command-name>" } },
        {
          type: "assistant",
          uuid: "a1",
          message: {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "hmm" },
              { type: "tool_use", id: "t1", name: "Bash", input: { command: "npm test -- login", description: "run it" } },
              { type: "tool_use", id: "t2", name: "Edit", input: { file_path: "/src/login.ts", old_string: "a", new_string: "b" } },
            ],
          },
        },
        {
          type: "user",
          uuid: "u2",
          message: {
            role: "user",
            content: [
              { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "1 failed" }], is_error: true },
              { type: "tool_result", tool_use_id: "t2", content: "ok" },
            ],
          },
        },
        { type: "assistant", isSidechain: true, uuid: "s", message: { role: "assistant", content: [{ type: "text", text: "subagent" }] } },
        '{"type":"assistant","message":{"role":"assist',
        { type: "assistant", uuid: "a2", message: { role: "assistant", content: [{ type: "text", text: "Fixed: the test awaited nothing." }] } },
      ),
    );
    expect(messages.map((m) => [m.info.id, m.info.role])).toEqual([
      ["u1", "user"],
      ["a1", "assistant"],
      ["a2", "assistant"],
    ]);
    expect(messages[1].parts).toEqual([
      {
        type: "tool",
        tool: "bash",
        callID: "t1",
        state: { status: "error", input: { command: "npm test -- login", description: "run it" }, output: "", error: "1 failed" },
      },
      { type: "tool", tool: "edit", callID: "t2", state: { status: "completed", input: { filePath: "/src/login.ts" }, output: "ok" } },
    ]);
  });
});

describe("a Codex rollout as messages", () => {
  it("reads messages, shell calls with their output and patches, and skips Codex's own context turns", () => {
    const messages = transcriptMessages(
      "codex",
      lines(
        { type: "session_meta", payload: { id: "x" } },
        {
          type: "response_item",
          payload: { type: "message", role: "user", content: [{ type: "input_text", text: "<environment_context>cwd</environment_context>" }] },
        },
        { type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "Use tabs in Go files" }] } },
        {
          type: "response_item",
          payload: { type: "function_call", name: "shell", arguments: JSON.stringify({ command: ["bash", "-lc", "go test"] }), call_id: "c1" },
        },
        { type: "response_item", payload: { type: "function_call_output", call_id: "c1", output: "PASS" } },
        {
          type: "response_item",
          payload: { type: "custom_tool_call", name: "apply_patch", input: "*** Begin Patch\n*** Update File: main.go\n@@", call_id: "c2" },
        },
        { type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] } },
      ),
    );
    expect(messages.map((m) => m.info.role)).toEqual(["user", "assistant", "assistant", "assistant"]);
    expect(messages[0].parts).toEqual([{ type: "text", text: "Use tabs in Go files" }]);
    expect(messages[1].parts[0]).toMatchObject({ tool: "bash", state: { input: { command: "bash -lc go test" }, output: "PASS" } });
    expect(messages[2].parts[0]).toMatchObject({ tool: "edit", state: { input: { filePath: "main.go" } } });
  });
});

describe("a long transcript is read in steps", () => {
  const transcript = lines(
    ...Array.from({ length: 2_000 }, (_, i) =>
      i % 2
        ? { type: "user", uuid: `u${i}`, message: { role: "user", content: `question ${i}` } }
        : { type: "assistant", uuid: `a${i}`, message: { role: "assistant", content: [{ type: "text", text: `answer ${i}` }] } },
    ),
    "{cut by a write in progress",
    "",
  );

  it("yields every few hundred lines (a 50 MB transcript held the server 285 ms as one loop)", () => {
    for (const agent of ["claude-code", "codex"] as const) {
      const steps = transcriptSteps(agent, transcript);
      let yields = 0;
      while (!steps.next().done) yields++;
      expect(yields).toBeGreaterThanOrEqual(10);
    }
  });

  it("the sliced read gives the same messages as the one-piece read", async () => {
    const whole = transcriptMessages("claude-code", transcript);
    expect(whole).toHaveLength(2_000);
    expect(whole[1999].parts).toEqual([{ type: "text", text: "question 1999" }]);
    expect(await transcriptMessagesSliced("claude-code", transcript)).toEqual(whole);
    expect(transcriptMessages("claude-code", "")).toEqual([]);
  });
});
