/**
 * Converts the shared coding-agent trajectories (SWE-agent `.traj`, OpenHands `.jsonl`) into
 * OpenCode's message shape, one assistant message per agent step (as OpenCode records them), each
 * action mapped to the OpenCode tool it corresponds to. The agents' own system prompts and
 * demonstrations are left out: OpenCode sends its system prompt outside the message list.
 */
import fs from "node:fs";
import path from "node:path";

import type { Message, Part } from "../../tests/lib/compression/history";

export type { Message, Part };
export interface Run {
  name: string;
  /** Runs of the same task (replays) share it. */
  task: string;
  source: "swe-agent" | "openhands" | "mini-swe-agent";
  messages: Message[];
}

export class Builder {
  messages: Message[] = [];
  private n = 0;
  constructor(readonly session: string) {}

  /** `created`: the message's time (ms) when the source records it; else one second after the previous. */
  message(role: "user" | "assistant", created?: number): Message {
    const id = `msg_${this.session}_${String(this.messages.length).padStart(4, "0")}`;
    const m: Message = {
      info: { id, sessionID: this.session, role, time: { created: created ?? 1_700_000_000_000 + this.messages.length * 1000 } },
      parts: [],
    };
    this.messages.push(m);
    return m;
  }

  part(m: Message, fields: Record<string, unknown>): void {
    m.parts.push({
      id: `prt_${this.session}_${String(this.n++).padStart(5, "0")}`,
      sessionID: this.session,
      messageID: m.info.id,
      ...(fields as { type: string }),
    });
  }

  tool(m: Message, tool: string, input: Record<string, unknown>, output: string, error = false): void {
    const t = m.info.time.created;
    this.part(m, {
      type: "tool",
      callID: `call_${this.n}`,
      tool,
      state: error
        ? { status: "error", input, error: output, time: { start: t, end: t + 500 } }
        : { status: "completed", input, output, title: "", metadata: {}, time: { start: t, end: t + 500 } },
    });
  }
}

// ---------------------------------------------------------------- SWE-agent

function sweAgentTool(action: string, openFile: { path?: string }): { tool: string; input: Record<string, unknown> } {
  const a = action.trim();
  const [cmd, ...rest] = a.split(/\s+/);
  const arg = (i: number) => (rest[i] ?? "").replace(/^["']|["']$/g, "");
  switch (cmd) {
    case "open":
      openFile.path = arg(0);
      return { tool: "read", input: { filePath: arg(0), ...(rest[1] ? { offset: Number(rest[1]) } : {}) } };
    case "goto":
    case "scroll_down":
    case "scroll_up":
      return { tool: "read", input: { filePath: openFile.path ?? "", [cmd]: rest[0] ?? true } };
    case "create":
      openFile.path = arg(0);
      return { tool: "write", input: { filePath: arg(0), content: "" } };
    case "edit":
    case "insert": {
      const body = a
        .split("\n")
        .slice(1)
        .join("\n")
        .replace(/\nend_of_(?:edit|insert)\s*$/, "");
      return { tool: "edit", input: { filePath: openFile.path ?? "", range: rest[0]?.split("\n")[0] ?? "", newString: body } };
    }
    case "find_file":
      return { tool: "glob", input: { pattern: arg(0), ...(rest[1] ? { path: arg(1) } : {}) } };
    case "search_dir":
    case "search_file":
      return { tool: "grep", input: { pattern: arg(0), ...(rest[1] ? { path: arg(1) } : {}) } };
    default:
      return { tool: "bash", input: { command: a } };
  }
}

const EDIT_REJECTED = /Your proposed edit has introduced new syntax error|Your changes have NOT been applied/;

interface SweMessage {
  role: string;
  content: unknown;
  is_demo?: boolean;
  thought?: string;
  action?: string;
}

const textOf = (c: unknown): string =>
  typeof c === "string" ? c : Array.isArray(c) ? c.map((x) => (typeof x === "string" ? x : ((x as { text?: string }).text ?? ""))).join("\n") : "";

export function convertSweAgent(file: string): Run | undefined {
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as { history?: SweMessage[] };
  const history = (data.history ?? []).filter((h) => h.role !== "system" && !h.is_demo);
  const name = path.basename(file, ".traj").replace(/^(?:tests__test_data__trajectories__|trajectories__demonstrations__)/, "");
  const b = new Builder(name.replace(/[^A-Za-z0-9]+/g, "_"));
  const openFile: { path?: string } = {};
  let i = 0;
  while (i < history.length && history[i].role !== "assistant") {
    b.part(b.message("user"), { type: "text", text: textOf(history[i].content) });
    i++;
  }
  for (; i < history.length; i++) {
    const h = history[i];
    if (h.role !== "assistant") continue;
    const m = b.message("assistant");
    b.part(m, { type: "step-start" });
    const thought = (h.thought ?? textOf(h.content)).trim();
    if (thought) b.part(m, { type: "text", text: thought });
    const outputs: string[] = [];
    while (i + 1 < history.length && history[i + 1].role !== "assistant") outputs.push(textOf(history[++i].content));
    if (h.action?.trim()) {
      const { tool, input } = sweAgentTool(h.action, openFile);
      const output = outputs.join("\n");
      // SWE-agent reports a rejected edit as an observation; OpenCode's edit tool fails (status "error").
      b.tool(m, tool, input, output, tool === "edit" && EDIT_REJECTED.test(output));
    }
    b.part(m, { type: "step-finish", reason: "tool-calls" });
  }
  const task = name.replace(/__(?:default|function_calling|xml)[\s\S]*$/, "").replace(/^replay__/, "");
  return b.messages.length > 1 ? { name, task, source: "swe-agent", messages: b.messages } : undefined;
}

// ---------------------------------------------------------------- OpenHands

interface OhEvent {
  id: number;
  source: string;
  action?: string;
  observation?: string;
  cause?: number;
  message?: string;
  content?: string;
  args?: Record<string, unknown>;
}

export function convertOpenHands(file: string): Run[] {
  const runs: Run[] = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const d = JSON.parse(line) as { instance_id: string; history: OhEvent[] };
    const b = new Builder(`oh_${d.instance_id.replace(/[^A-Za-z0-9]+/g, "_")}`);
    const byCause = new Map<number, OhEvent>();
    for (const e of d.history) if (e.observation && e.cause !== undefined) byCause.set(e.cause, e);
    for (const e of d.history) {
      if (!e.action || e.action === "system" || e.action === "recall") continue;
      if (e.source === "user") {
        if (e.action === "message") b.part(b.message("user"), { type: "text", text: String(e.args?.content ?? e.message ?? "") });
        continue;
      }
      const m = b.message("assistant");
      b.part(m, { type: "step-start" });
      const args = e.args ?? {};
      const thought = String(args.thought ?? "").trim();
      const obs = byCause.get(e.id);
      const out = obs?.content ?? "";
      // OpenHands' file editor answers a refused read or edit with "ERROR:"; OpenCode's read and
      // edit tools fail (status "error") instead.
      const failed = obs?.observation === "error" || ((e.action === "read" || e.action === "edit") && out.startsWith("ERROR:"));
      switch (e.action) {
        case "think":
          b.part(m, { type: "reasoning", text: thought, time: { start: m.info.time.created } });
          break;
        case "run":
          if (thought) b.part(m, { type: "text", text: thought });
          b.tool(m, "bash", { command: String(args.command ?? ""), description: "" }, out, failed);
          break;
        case "read":
          if (thought) b.part(m, { type: "text", text: thought });
          b.tool(m, "read", { filePath: String(args.path ?? ""), ...(args.view_range ? { range: args.view_range } : {}) }, out, failed);
          break;
        case "edit":
          if (thought) b.part(m, { type: "text", text: thought });
          b.tool(
            m,
            "edit",
            { filePath: String(args.path ?? ""), oldString: String(args.old_str ?? ""), newString: String(args.new_str ?? args.file_text ?? "") },
            out,
            failed,
          );
          break;
        default:
          b.part(m, { type: "text", text: String(args.final_thought ?? args.content ?? thought ?? e.message ?? "") });
      }
      b.part(m, { type: "step-finish", reason: "tool-calls" });
    }
    runs.push({ name: `openhands__${d.instance_id}`, task: d.instance_id, source: "openhands", messages: b.messages });
  }
  return runs;
}

export function loadTrajectories(dir: string): Run[] {
  const runs: Run[] = [];
  const swe = path.join(dir, "swe-agent");
  if (fs.existsSync(swe))
    for (const f of fs.readdirSync(swe).sort())
      if (f.endsWith(".traj")) {
        const r = convertSweAgent(path.join(swe, f));
        if (r) runs.push(r);
      }
  const oh = path.join(dir, "openhands");
  if (fs.existsSync(oh)) for (const f of fs.readdirSync(oh).sort()) if (f.endsWith(".jsonl")) runs.push(...convertOpenHands(path.join(oh, f)));
  return runs;
}
