import type { Message as V1Message, Part } from "@opencode-ai/sdk";
import { ATTACHED_PART_PREFIX, type WithParts } from "../hooks/message-parts";
import { sameAsSnapshot } from "../snapshot";
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
  /** The view's parts and infos by id: the next request's view of the same session reuses them (`ViewCache`). */
  parts: Map<string, Part>;
  infos: Map<string, V1Message>;
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

/**
 * The previous request's view of a session (its `parts` and `infos`). OpenCode 2 hands every
 * request a fresh copy of the history: a part whose content is the same as last time is given as
 * the same V1 object as last time, with last time's strings. The core's change check
 * (plugin/snapshot.ts) then meets the strings it kept and compares pointers, the view allocates
 * only what changed, and the history kept for the idle work holds no copy of the request.
 * The core never changes a part object (it replaces parts in their arrays), so sharing is safe.
 */
export interface ViewCache {
  parts: ReadonlyMap<string, Part>;
  infos: ReadonlyMap<string, V1Message>;
}

type ToolPart = Part & { tool: string; state: { status: string; input: Record<string, unknown>; output?: string; error?: string } };
type TextPart = Part & { text: string; synthetic?: boolean };

/** A text or reasoning part: last request's object when nothing in it changed. */
function textPart(cache: ViewCache | undefined, id: string, sessionID: string, messageID: string, type: string, text: string, ours: boolean): Part {
  const last = cache?.parts.get(id) as TextPart | undefined;
  if (last && last.type === type && last.messageID === messageID && last.sessionID === sessionID && !!last.synthetic === ours && last.text === text)
    return last;
  return { id, sessionID, messageID, type, text, ...(ours ? { synthetic: true, metadata: { recollect: "outcome" } } : {}) } as Part;
}

/** A finished tool part the same as last request's (name, input, status, output). */
function sameTool(a: ToolPart, b: Part | undefined): boolean {
  if (b?.type !== "tool" || b.messageID !== a.messageID || b.sessionID !== a.sessionID) return false;
  const t = b as ToolPart;
  return (
    t.tool === a.tool &&
    t.state.status === a.state.status &&
    t.state.output === a.state.output &&
    t.state.error === a.state.error &&
    sameAsSnapshot(a.state.input, t.state.input)
  );
}

export function toV1View(sessionID: string, messages: Message[], synthetic: ReadonlySet<string> = new Set(), cache?: ViewCache): V1View {
  const view: V1View = { messages: [], parts: new Map(), infos: new Map(), where: new Map(), byId: new Map() };
  /** Each call's part, and where it sits (its result may replace it with last request's). */
  const calls = new Map<string, { part: ToolPart; parts: Part[]; index: number }>();
  const fillResult = (part: Extract<ContentPart, { type: "tool-result" }>, message: Message, index: number) => {
    const call = calls.get(part.id);
    const where = view.where.get(part.id);
    if (!call || where?.kind !== "tool") return;
    const text = resultText(part.result);
    where.result = { message, index };
    where.output = text;
    const v1 = call.part;
    v1.state =
      part.result.type === "error" ? { status: "error", input: v1.state.input, error: text } : { status: "completed", input: v1.state.input, output: text };
    const last = cache?.parts.get(v1.id);
    if (last !== v1 && sameTool(v1, last)) {
      call.parts[call.index] = last!;
      view.parts.set(v1.id, last!);
      // The output of the same call keeps last request's string: the write-back compares with it.
      where.output = (last as ToolPart).state.output ?? (last as ToolPart).state.error ?? text;
    }
  };
  const info = (id: string, role: string): V1Message => {
    const last = cache?.infos.get(id);
    const out = last && last.role === role && last.sessionID === sessionID ? last : ({ id, sessionID, role } as V1Message);
    view.infos.set(id, out);
    return out;
  };
  for (const m of messages) {
    // OpenCode 2 may carry a message's content as one string: read as one text part, never written back.
    if (typeof (m as { content: unknown }).content === "string") {
      if ((m.role !== "user" && m.role !== "assistant") || !m.id) continue;
      const text = (m as { content: unknown }).content as string;
      const part = textPart(cache, `${m.id}:0`, sessionID, m.id, "text", text, synthetic.has(text));
      view.parts.set(part.id, part);
      view.messages.push({ info: info(m.id, m.role), parts: [part] });
      view.byId.set(m.id, m);
      continue;
    }
    if (m.role === "tool") {
      m.content.forEach((c, i) => c.type === "tool-result" && fillResult(c as Extract<ContentPart, { type: "tool-result" }>, m, i));
      continue;
    }
    if ((m.role !== "user" && m.role !== "assistant") || !m.id) continue;
    const id = m.id;
    const parts: Part[] = [];
    m.content.forEach((c, i) => {
      const partID = `${id}:${i}`;
      if (c.type === "text" || c.type === "reasoning") {
        const text = String(c.text ?? "");
        // A command's outcome the plugin sent as a synthetic message (client.ts) arrives as a user
        // message: marked, so recall, extraction and the nudge do not take it for the user's words.
        const ours = m.role === "user" && c.type === "text" && synthetic.has(text);
        const part = textPart(cache, partID, sessionID, id, c.type, text, ours);
        parts.push(part);
        view.parts.set(partID, part);
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
        } as unknown as ToolPart;
        calls.set(call.id, { part, parts, index: parts.length });
        parts.push(part);
        view.parts.set(call.id, part);
        view.where.set(call.id, { kind: "tool", call });
      } else if (c.type === "tool-result") {
        fillResult(c as Extract<ContentPart, { type: "tool-result" }>, m, i);
      }
    });
    view.byId.set(id, m);
    view.messages.push({ info: info(id, m.role), parts });
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
