/**
 * Reads a "Claude Session Export" Markdown file (a public Claude Code transcript format: `### User` /
 * `### Assistant` blocks whose body is plain text or the JSON content array of the message) into
 * OpenCode-shaped messages, the shape the checkpoint extractors read: text parts, and tool parts
 * for Bash (bash, with its output and error flag), Edit/MultiEdit (edit), Write (write), Read and
 * the rest (their own name). Thinking blocks are dropped; tool results are joined to their call.
 */
export interface OpenCodeMessage {
  info: { id: string; role: "user" | "assistant" };
  parts: Record<string, unknown>[];
}

interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

export function parseClaudeExport(markdown: string): OpenCodeMessage[] {
  const chunks = markdown.split(/\n---\n\n### (User|Assistant)\n> [^\n]*\n\n/);
  const out: OpenCodeMessage[] = [];
  const pending = new Map<string, Record<string, unknown>>();
  for (let i = 1; i + 1 < chunks.length; i += 2) {
    const role = chunks[i] === "User" ? "user" : "assistant";
    const body = chunks[i + 1].replace(/\n+$/, "");
    let blocks: Block[] | null = null;
    if (body.startsWith("[")) {
      try {
        blocks = JSON.parse(body) as Block[];
      } catch {
        blocks = null;
      }
    }
    if (!blocks) {
      // Slash-command echoes and Claude Code's "Caveat:" preamble to them are not the user's words.
      if (role === "user" && /^(?:<(?:command-|local-command)|Caveat: The messages below were generated)/.test(body)) continue;
      out.push({ info: { id: `m${out.length}`, role }, parts: [{ type: "text", text: body }] });
      continue;
    }
    const parts: Record<string, unknown>[] = [];
    for (const b of blocks) {
      if (b.type === "text" && b.text) {
        // A skill's or a hook's injected text is not the user's words.
        if (role === "user" && /^(Base directory for this skill|<system-reminder>|Caveat:)/.test(b.text)) continue;
        parts.push({ type: "text", text: b.text });
      } else if (b.type === "tool_use" && b.id) {
        const input = b.input ?? {};
        const tool = toolName(b.name ?? "tool");
        const state: Record<string, unknown> = { status: "completed", input: toolInput(tool, input), output: "" };
        const part = { type: "tool", tool, callID: b.id, state };
        pending.set(b.id, part);
        parts.push(part);
      } else if (b.type === "tool_result" && b.tool_use_id) {
        const part = pending.get(b.tool_use_id);
        if (!part) continue;
        const state = part.state as Record<string, unknown>;
        const text = resultText(b.content);
        if (b.is_error) {
          state.status = "error";
          state.error = text;
        } else state.output = text;
      }
    }
    if (parts.length) out.push({ info: { id: `m${out.length}`, role }, parts });
  }
  return out;
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
