import type { Message as V1Message, Part } from "@opencode-ai/sdk";
import { ATTACHED_PART_PREFIX, type WithParts } from "../hooks/message-parts";
import type { ContentPart, Message, ToolResultValue } from "./api";

/**
 * OpenCode 2 hands a request's history to the `context` hook as provider-level messages
 * (`LLM.Message`: user and assistant messages carry the session message id, a tool's result is a
 * `tool-result` part, in the assistant message or in a `tool` message after it). The plugin's core
 * (compression, recall blocks) works on OpenCode 1's `{ info, parts }`. `toV1View` builds that view
 * with stable part ids (`<message id>:<index>`, a tool part by its call id), and `applyV1View`
 * writes what the core changed back into the same V2 messages: a text's new bytes, a tool
 * result's compressed output, the blocks attached to a user message. Everything else in the V2
 * messages (media, reasoning state, provider metadata, system messages) is left as it was.
 */

type Where =
  | { kind: "text"; message: Message; index: number }
  | { kind: "tool"; call: Extract<ContentPart, { type: "tool-call" }>; result?: { message: Message; index: number }; output?: string };

export interface V1View {
  messages: WithParts[];
  /** Each V1 part's origin in the V2 messages, by part id. */
  where: Map<string, Where>;
  /** The V2 message of each V1 message, by message id. */
  byId: Map<string, Message>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The text a tool result shows the model (what OpenCode 1 kept as `state.output`). */
export function resultText(result: ToolResultValue | undefined): string {
  if (!result) return "";
  if (result.type === "content")
    return result.value
      .filter((c): c is { type: "text"; text: string } => c.type === "text")
      .map((c) => c.text)
      .join("\n");
  if (typeof result.value === "string") return result.value;
  try {
    return JSON.stringify(result.value) ?? "";
  } catch {
    return String(result.value);
  }
}

export function toV1View(sessionID: string, messages: Message[], synthetic: ReadonlySet<string> = new Set()): V1View {
  const view: V1View = { messages: [], where: new Map(), byId: new Map() };
  const calls = new Map<string, Part & { state: { status: string; input: Record<string, unknown>; output?: string; error?: string } }>();
  const fillResult = (part: Extract<ContentPart, { type: "tool-result" }>, message: Message, index: number) => {
    const v1 = calls.get(part.id);
    const where = view.where.get(part.id);
    if (!v1 || where?.kind !== "tool") return;
    const text = resultText(part.result);
    where.result = { message, index };
    where.output = text;
    v1.state =
      part.result.type === "error" ? { status: "error", input: v1.state.input, error: text } : { status: "completed", input: v1.state.input, output: text };
  };
  for (const m of messages) {
    // OpenCode 2 may carry a message's content as one string: read as one text part, never written back.
    if (typeof (m as { content: unknown }).content === "string") {
      if ((m.role !== "user" && m.role !== "assistant") || !m.id) continue;
      const text = (m as { content: unknown }).content as string;
      const part = {
        id: `${m.id}:0`,
        sessionID,
        messageID: m.id,
        type: "text",
        text,
        ...(synthetic.has(text) ? { synthetic: true, metadata: { recollect: "outcome" } } : {}),
      };
      view.messages.push({ info: { id: m.id, sessionID, role: m.role }, parts: [part] } as unknown as WithParts);
      view.byId.set(m.id, m);
      continue;
    }
    // Plain loops over the content: this runs for every message of the history on every request.
    if (m.role === "tool") {
      for (let i = 0; i < m.content.length; i++) {
        const c = m.content[i]!;
        if (c.type === "tool-result") fillResult(c as Extract<ContentPart, { type: "tool-result" }>, m, i);
      }
      continue;
    }
    if ((m.role !== "user" && m.role !== "assistant") || !m.id) continue;
    const id = m.id;
    const parts: Part[] = [];
    for (let i = 0; i < m.content.length; i++) {
      const c = m.content[i]!;
      if (c.type === "text" || c.type === "reasoning") {
        const partID = `${id}:${i}`;
        const text = String(c.text ?? "");
        // A command's outcome the plugin sent as a synthetic message (client.ts) arrives as a user
        // message: marked, so recall, extraction and the nudge do not take it for the user's words.
        const ours = m.role === "user" && c.type === "text" && synthetic.has(text);
        parts.push(
          (ours
            ? { id: partID, sessionID, messageID: id, type: c.type, text, synthetic: true, metadata: { recollect: "outcome" } }
            : { id: partID, sessionID, messageID: id, type: c.type, text }) as Part,
        );
        view.where.set(partID, { kind: "text", message: m, index: i });
      } else if (c.type === "tool-call") {
        const call = c as Extract<ContentPart, { type: "tool-call" }>;
        const part = {
          id: call.id,
          sessionID,
          messageID: id,
          type: "tool",
          callID: call.id,
          tool: call.name,
          state: { status: "running", input: isRecord(call.input) ? call.input : {} },
        } as unknown as Part & { state: { status: string; input: Record<string, unknown> } };
        parts.push(part);
        calls.set(call.id, part);
        view.where.set(call.id, { kind: "tool", call });
      } else if (c.type === "tool-result") {
        fillResult(c as Extract<ContentPart, { type: "tool-result" }>, m, i);
      }
    }
    view.byId.set(id, m);
    view.messages.push({ info: { id, sessionID, role: m.role } as V1Message, parts });
  }
  return view;
}

/**
 * Writes the core's changes back into the V2 messages, in place (OpenCode 2 sends the event's own
 * arrays): texts and tool outputs the core replaced, and attached blocks as text parts at the end
 * of their user message. A V2 message the core dropped or a part it does not know stays as it was.
 */
export function applyV1View(view: V1View): void {
  for (const m of view.messages) {
    const target = view.byId.get(m.info.id);
    if (!target) continue;
    for (const p of m.parts) {
      if (p.id.startsWith(ATTACHED_PART_PREFIX)) {
        if (p.type === "text") target.content.push({ type: "text", text: p.text, metadata: { recollect: "attached" } });
        continue;
      }
      const where = view.where.get(p.id);
      if (!where) continue;
      if (where.kind === "text" && (p.type === "text" || p.type === "reasoning")) {
        const old = where.message.content[where.index] as { text?: string };
        if (old && old.text !== p.text) where.message.content[where.index] = { ...(old as ContentPart), text: p.text } as ContentPart;
      } else if (where.kind === "tool" && p.type === "tool" && where.result) {
        const output = (p.state as { status: string; output?: string }).status === "completed" ? (p.state as { output?: string }).output : undefined;
        if (typeof output !== "string" || output === where.output) continue;
        const { message, index } = where.result;
        const old = message.content[index] as Extract<ContentPart, { type: "tool-result" }>;
        message.content[index] = { ...old, result: { type: "text", value: output } } as ContentPart;
      }
    }
  }
}

/** A copy of the view's history as OpenCode 1's `session.messages` returned it (parts arrays copied, not shared). */
export function snapshot(view: V1View): WithParts[] {
  return view.messages.map((m) => ({ info: m.info, parts: [...m.parts] }));
}
