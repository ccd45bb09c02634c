import type { OpenCodeMessage } from "../contracts/checkpoints";
import { runAll, type Steps } from "../slices";

/** One tool call as the extractors see it. */
export interface ToolCall {
  tool: string;
  status: string;
  input: Record<string, unknown>;
  output: string;
  error: string;
}

/** A message reduced to what the extractors read. */
export interface Turn {
  index: number;
  id: string | null;
  role: "user" | "assistant" | "system";
  /** Prose the user or the model wrote (synthetic and ignored parts left out). */
  text: string;
  tools: ToolCall[];
  /** Files named by `patch` parts (OpenCode's snapshot diffs). */
  patchedFiles: string[];
}

const INJECTED = /^\s*(?:<recollect\b|\[recollect\]|## Resuming from an earlier session)/i;

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v));

export function toTimeline(messages: readonly OpenCodeMessage[]): Turn[] {
  return runAll(timelineSteps(messages));
}

/** `toTimeline` as steps, one a message (lib/slices.ts). */
export function* timelineSteps(messages: readonly OpenCodeMessage[]): Steps<Turn[]> {
  const turns: Turn[] = [];
  for (const m of messages) {
    turns.push(toTurn(m, turns.length));
    yield;
  }
  return turns;
}

function toTurn(m: OpenCodeMessage, index: number): Turn {
  const texts: string[] = [];
  const tools: ToolCall[] = [];
  const patchedFiles: string[] = [];
  for (const p of m.parts) {
    if (p.type === "text" && typeof p.text === "string" && !p.synthetic && !p.ignored && !INJECTED.test(p.text)) texts.push(p.text);
    else if (p.type === "tool" && typeof p.tool === "string") {
      const state = (p.state ?? {}) as Record<string, unknown>;
      tools.push({
        tool: p.tool,
        status: str(state.status) || "completed",
        input: state.input && typeof state.input === "object" ? (state.input as Record<string, unknown>) : {},
        output: str(state.output),
        error: str(state.error),
      });
    } else if (p.type === "patch" && Array.isArray(p.files)) {
      for (const f of p.files) if (typeof f === "string") patchedFiles.push(f);
    }
  }
  return {
    index,
    id: typeof m.info.id === "string" ? m.info.id : null,
    role: m.info.role,
    text: texts.join("\n").trim(),
    tools,
    patchedFiles,
  };
}
