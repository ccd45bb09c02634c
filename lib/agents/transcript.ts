import type { Agent } from "../contracts/agents";
import { runAll, runSliced, type Steps } from "../slices";
import { type ClaudeBlock, ClaudeMessageConverter, type ConvertedMessage } from "./claude-blocks";

/** Lines read between two steps: a 50 MB transcript's 100,000 lines held the event loop 285 ms in one loop. */
const STEP_LINES = 200;

/**
 * An agent's session transcript (JSON lines) as OpenCode-shaped messages, the shape checkpoints
 * and extraction read. Lines that are not JSON or not a message are skipped: a transcript is the
 * agent's file, and its other records (attachments, costs, queue operations) say nothing we keep.
 */
export function transcriptMessages(agent: Agent, jsonl: string): ConvertedMessage[] {
  return runAll(transcriptSteps(agent, jsonl));
}

/** The same messages read in slices that give the event loop a turn (the server's hooks). */
export function transcriptMessagesSliced(agent: Agent, jsonl: string): Promise<ConvertedMessage[]> {
  return runSliced(transcriptSteps(agent, jsonl));
}

export function transcriptSteps(agent: Agent, jsonl: string): Steps<ConvertedMessage[]> {
  return agent === "codex" ? codexMessages(jsonl) : claudeCodeMessages(jsonl);
}

/** Claude Code: `{ type: "user" | "assistant", message: { role, content }, isSidechain, uuid }` lines; subagents' lines skipped. */
function* claudeCodeMessages(jsonl: string): Steps<ConvertedMessage[]> {
  const converter = new ClaudeMessageConverter();
  for (const record of jsonLines(jsonl)) {
    if (record === STEP) {
      yield;
      continue;
    }
    if ((record.type !== "user" && record.type !== "assistant") || record.isSidechain === true) continue;
    const message = record.message as { role?: unknown; content?: unknown } | undefined;
    if (!message || (message.role !== "user" && message.role !== "assistant")) continue;
    const content = message.content;
    if (typeof content !== "string" && !Array.isArray(content)) continue;
    converter.add(message.role, content as string | ClaudeBlock[], typeof record.uuid === "string" ? record.uuid.slice(0, 200) : undefined);
  }
  return converter.messages;
}

/**
 * Codex: rollout lines `{ type: "response_item", payload }` where the payload is a `message`
 * (input_text / output_text parts), a `function_call` (name, arguments, call_id) or its
 * `function_call_output` (call_id, output). Shell calls read as bash, patches as edits.
 */
function* codexMessages(jsonl: string): Steps<ConvertedMessage[]> {
  const converter = new ClaudeMessageConverter();
  let index = 0;
  for (const record of jsonLines(jsonl)) {
    if (record === STEP) {
      yield;
      continue;
    }
    if (record.type !== "response_item") continue;
    const p = record.payload as Record<string, unknown> | undefined;
    if (!p) continue;
    const id = `codex-${index++}`;
    if (p.type === "message" && (p.role === "user" || p.role === "assistant") && Array.isArray(p.content)) {
      const text = (p.content as Array<{ type?: string; text?: string }>)
        .filter((c) => (c.type === "input_text" || c.type === "output_text") && typeof c.text === "string")
        .map((c) => c.text as string)
        .join("\n");
      // Codex writes its own instructions and environment into user turns.
      if (p.role === "user" && /^\s*<(environment_context|user_instructions|permissions)/.test(text)) continue;
      converter.add(p.role, [{ type: "text", text }], id);
    } else if ((p.type === "function_call" || p.type === "custom_tool_call") && typeof p.call_id === "string") {
      const input = parseArguments(p.arguments ?? p.input);
      const name = String(p.name ?? "tool");
      const block: ClaudeBlock =
        name === "shell" || name === "exec_command" || name === "shell_command"
          ? {
              type: "tool_use",
              id: p.call_id,
              name: "Bash",
              input: { command: Array.isArray(input.command) ? input.command.join(" ") : (input.command ?? input.cmd) },
            }
          : name === "apply_patch"
            ? { type: "tool_use", id: p.call_id, name: "Edit", input: { file_path: patchedFile(input) } }
            : { type: "tool_use", id: p.call_id, name, input };
      converter.add("assistant", [block], id);
    } else if ((p.type === "function_call_output" || p.type === "custom_tool_call_output") && typeof p.call_id === "string") {
      const output = typeof p.output === "string" ? p.output : JSON.stringify(p.output ?? "");
      converter.add("user", [{ type: "tool_result", tool_use_id: p.call_id, content: output }], id);
    }
  }
  return converter.messages;
}

/** Marks the end of a step in `jsonLines`' output. */
const STEP = Symbol("step");

/** Each line that is a JSON object, and STEP every STEP_LINES lines (no split: one line in memory at a time). */
function* jsonLines(jsonl: string): Generator<Record<string, unknown> | typeof STEP> {
  let lines = 0;
  for (let start = 0; start <= jsonl.length; ) {
    let end = jsonl.indexOf("\n", start);
    if (end < 0) end = jsonl.length;
    if (jsonl.charCodeAt(start) === 123) {
      try {
        const value = JSON.parse(jsonl.slice(start, end)) as unknown;
        if (value && typeof value === "object" && !Array.isArray(value)) yield value as Record<string, unknown>;
      } catch {
        /* a line cut by a write in progress */
      }
    }
    start = end + 1;
    if (++lines % STEP_LINES === 0) yield STEP;
  }
}

function parseArguments(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === "object") return raw as Record<string, unknown>;
  if (typeof raw !== "string") return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : { input: raw };
  } catch {
    return { input: raw };
  }
}

/** The first file an apply_patch names (`*** Update File: path`). */
function patchedFile(input: Record<string, unknown>): string | undefined {
  const text = typeof input.input === "string" ? input.input : typeof input.patch === "string" ? input.patch : "";
  return /^\*\*\* (?:Update|Add|Delete) File: (.+)$/m.exec(text)?.[1]?.trim();
}
