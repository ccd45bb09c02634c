/**
 * Claude's message content (a string, or text / tool_use / tool_result / thinking blocks) as the
 * OpenCode-shaped messages the checkpoint and extraction readers take: text parts, and tool parts
 * for Bash (bash, with its output and error flag), Edit/MultiEdit (edit), Write (write), Read and
 * the rest (their own name). Thinking blocks are dropped; a tool result joins its call. Shared by
 * Claude Code's transcripts (lib/agents/transcript.ts) and the public export set of bench/checkpoints.
 */
export interface ClaudeBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

export interface ConvertedMessage {
  info: { id: string; role: "user" | "assistant" };
  parts: Record<string, unknown>[];
}

/** Words the agent or a hook put in the user's turn (skills, reminders, slash-command echoes and their "Caveat:" preamble): not the user's. */
const INJECTED_USER_TEXT = /^(Base directory for this skill|<system-reminder>|Caveat:|<command-|<local-command)/;

/** Converts messages in order; `pending` joins results to calls across messages. */
export class ClaudeMessageConverter {
  readonly messages: ConvertedMessage[] = [];
  private readonly pending = new Map<string, Record<string, unknown>>();

  add(role: "user" | "assistant", content: string | ClaudeBlock[], id = `m${this.messages.length}`) {
    if (typeof content === "string") {
      if (role === "user" && INJECTED_USER_TEXT.test(content)) return;
      if (content.trim()) this.messages.push({ info: { id, role }, parts: [{ type: "text", text: content }] });
      return;
    }
    const parts: Record<string, unknown>[] = [];
    for (const b of content) {
      if (b.type === "text" && b.text) {
        if (role === "user" && INJECTED_USER_TEXT.test(b.text)) continue;
        parts.push({ type: "text", text: b.text });
      } else if (b.type === "tool_use" && b.id) {
        const tool = toolName(b.name ?? "tool");
        const state: Record<string, unknown> = { status: "completed", input: toolInput(tool, b.input ?? {}), output: "" };
        const part = { type: "tool", tool, callID: b.id, state };
        this.pending.set(b.id, part);
        parts.push(part);
      } else if (b.type === "tool_result" && b.tool_use_id) {
        const part = this.pending.get(b.tool_use_id);
        if (!part) continue;
        this.pending.delete(b.tool_use_id);
        const state = part.state as Record<string, unknown>;
        const text = resultText(b.content);
        if (b.is_error) {
          state.status = "error";
          state.error = text;
        } else state.output = text;
      }
    }
    if (parts.length) this.messages.push({ info: { id, role }, parts });
  }
}

function toolName(name: string): string {
  if (name === "Bash") return "bash";
  if (name === "Edit" || name === "MultiEdit") return "edit";
  if (name === "Write") return "write";
  if (name === "Read") return "read";
  if (name === "TodoWrite") return "todowrite";
  return name.toLowerCase();
}

function toolInput(tool: string, input: Record<string, unknown>): Record<string, unknown> {
  if (tool === "bash") return { command: input.command, description: input.description };
  if (tool === "edit" || tool === "write" || tool === "read") return { filePath: input.file_path ?? input.filePath };
  if (tool === "todowrite") return { todos: input.todos };
  return input;
}

function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((c) => (typeof c === "object" && c && "text" in c ? String((c as { text: unknown }).text) : "")).join("\n");
  return "";
}
