import fs from "node:fs";
import path from "node:path";

/** Builders of OpenCode-shaped histories for the compression tests. */
export interface Part {
  id: string;
  sessionID: string;
  messageID: string;
  type: string;
  [k: string]: unknown;
}
export interface Message {
  info: { id: string; sessionID: string; role: "user" | "assistant"; time: { created: number }; [k: string]: unknown };
  parts: Part[];
}

export const SESSION = "ses_test";

export class History {
  messages: Message[] = [];
  /** Part ids by the names given to `user`, `step` and tools. */
  ids: Record<string, string> = {};
  private n = 0;

  constructor(readonly session = SESSION) {}

  private message(role: "user" | "assistant"): Message {
    const id = `msg_${this.session}_${this.messages.length}`;
    const m: Message = { info: { id, sessionID: this.session, role, time: { created: 1_700_000_000_000 + this.messages.length }, agent: "build" }, parts: [] };
    this.messages.push(m);
    return m;
  }

  private part(m: Message, fields: Record<string, unknown>): Part {
    const p = { id: `prt_${this.session}_${this.n++}`, sessionID: this.session, messageID: m.info.id, ...fields } as Part;
    m.parts.push(p);
    return p;
  }

  user(text: string, name?: string, extra: Record<string, unknown> = {}): this {
    const p = this.part(this.message("user"), { type: "text", text, ...extra });
    if (name) this.ids[name] = p.id;
    return this;
  }

  /** One assistant step: optional text/reasoning, then tool calls. */
  step(options: {
    name?: string;
    text?: string;
    reasoning?: string;
    tools?: { name?: string; tool: string; input: Record<string, unknown>; output?: string; error?: string }[];
  }): this {
    const m = this.message("assistant");
    this.part(m, { type: "step-start", snapshot: "abc" });
    if (options.reasoning) {
      const p = this.part(m, { type: "reasoning", text: options.reasoning, metadata: { anthropic: { signature: "sig" } }, time: { start: 1 } });
      if (options.name) this.ids[`${options.name}.reasoning`] = p.id;
    }
    if (options.text) {
      const p = this.part(m, { type: "text", text: options.text, time: { start: 1, end: 2 } });
      if (options.name) this.ids[`${options.name}.text`] = p.id;
    }
    for (const t of options.tools ?? []) {
      if (t.name) this.ids[t.name] = `prt_${this.session}_${this.n}`;
      this.part(m, {
        type: "tool",
        callID: `call_${this.n}`,
        tool: t.tool,
        state:
          t.error !== undefined
            ? { status: "error", input: t.input, error: t.error, time: { start: 1, end: 2 } }
            : { status: "completed", input: t.input, output: t.output ?? "", title: t.tool, metadata: { truncated: false }, time: { start: 1, end: 2 } },
      });
    }
    this.part(m, { type: "step-finish", reason: "tool-calls", cost: 0, tokens: { input: 1, output: 1 } });
    return this;
  }

  /** Steps with small outputs, to push earlier parts past the protected recent turns. */
  filler(count: number, tag = "f"): this {
    for (let i = 0; i < count; i++) this.step({ tools: [{ tool: "bash", input: { command: `echo ${tag}${i}` }, output: `${tag}${i}` }] });
    return this;
  }

  body(extra: Record<string, unknown> = {}) {
    return { sessionID: this.session, messages: structuredClone(this.messages), ...extra };
  }
}

export interface Excerpt {
  source: string;
  tool: string;
  input: Record<string, unknown>;
  output: string;
}

export function excerpt(name: "read-marshmallow-fields" | "bash-apt-get-errors" | "read-ponyc-parser" | "bash-pip-install"): Excerpt {
  const file = path.resolve(import.meta.dirname, "../../fixtures/compression/trajectory-excerpts.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, Excerpt>)[name];
}

/** The field compression rewrites, of the part with this id in a result. */
export function fieldOf(messages: { parts: Record<string, unknown>[] }[], id: string): string {
  for (const m of messages)
    for (const p of m.parts) {
      if (p.id !== id) continue;
      if (p.type === "tool") {
        const s = p.state as { output?: string; error?: string };
        return s.output ?? s.error ?? "";
      }
      return String(p.text ?? "");
    }
  throw new Error(`no part ${id}`);
}

export const hashIn = (text: string): string => {
  const m = /memory_expand\("([0-9a-f]+)"\)/.exec(text);
  if (!m) throw new Error(`no memory_expand hash in: ${text.slice(0, 200)}`);
  return m[1];
};
