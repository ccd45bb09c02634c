/**
 * Converts a mini-swe-agent trajectory (`*.traj.json`, `trajectory_format: "mini-swe-agent-1"`)
 * into OpenCode's message shape, one assistant message per agent step. mini-swe-agent has one
 * tool, a shell: each step is a THOUGHT and one ```bash block, answered by a user message
 * `<returncode>N</returncode><output>…</output>`. A command that is only a file read (`cat FILE`,
 * `sed -n 'A,Bp' FILE`, `nl -ba FILE | sed -n …`), a file written from a here-document, a
 * recursive grep or a `find -name` is recorded as the OpenCode tool an OpenCode agent would have
 * called (read, write, grep, glob), its output as the agent saw it; every other command is `bash`.
 * The system prompt is left out (OpenCode sends its own outside the message list). Message times
 * are the model's answer times the trajectory records.
 *
 * The mapping was fixed before the frozen set was measured (bench/compress/frozen/README.md).
 */
import { Builder, type Run } from "../convert";

interface MiniMessage {
  role: string;
  content: unknown;
  extra?: { response?: { created?: number } };
}

const textOf = (c: unknown): string =>
  typeof c === "string" ? c : Array.isArray(c) ? c.map((x) => (typeof x === "string" ? x : ((x as { text?: string }).text ?? ""))).join("\n") : "";

const BASH_BLOCK = /```bash\s*\n([\s\S]*?)\n```/g;
const FILE = String.raw`([\w./-]+\.[\w]+|[\w./-]*/[\w.-]+)`;
const CAT = new RegExp(String.raw`^cat\s+${FILE}$`);
const SED_RANGE = new RegExp(String.raw`^sed\s+-n\s+['"]?(\d+),(\d+)p['"]?\s+${FILE}$`);
const NL_SED = new RegExp(String.raw`^(?:nl\s+-ba|cat\s+-n)\s+${FILE}\s*\|\s*sed\s+-n\s+['"]?(\d+),(\d+)p['"]?$`);
const HEREDOC = /^cat\s+<<\s*['"]?(\w+)['"]?\s*>\s*([\w./-]+)\n([\s\S]*)\n\1$/;
const GREP = /^grep\s+(-[A-Za-z]*r[A-Za-z]*)\s+(?:--include=\S+\s+)?(['"])(.+?)\2\s+([\w./-]+)$/;
const FIND = /^find\s+([\w./-]+)\s+-name\s+(['"])(.+?)\2$/;

/** The OpenCode tool that an OpenCode agent would have used for this command. */
export function toolOf(command: string): { tool: string; input: Record<string, unknown> } {
  const c = command.trim();
  let m: RegExpExecArray | null;
  if ((m = CAT.exec(c))) return { tool: "read", input: { filePath: m[1] } };
  if ((m = SED_RANGE.exec(c))) return { tool: "read", input: { filePath: m[3], offset: Number(m[1]), limit: Number(m[2]) - Number(m[1]) + 1 } };
  if ((m = NL_SED.exec(c))) return { tool: "read", input: { filePath: m[1], offset: Number(m[2]), limit: Number(m[3]) - Number(m[2]) + 1 } };
  if ((m = HEREDOC.exec(c))) return { tool: "write", input: { filePath: m[2], content: m[3] } };
  if ((m = GREP.exec(c))) return { tool: "grep", input: { pattern: m[3], path: m[4] } };
  if ((m = FIND.exec(c))) return { tool: "glob", input: { pattern: m[3], path: m[1] } };
  return { tool: "bash", input: { command: c, description: "" } };
}

const RETURN_CODE = /^<returncode>(-?\d+)<\/returncode>/;

export function convertMiniSweAgent(name: string, task: string, json: string): Run | undefined {
  const data = JSON.parse(json) as { messages?: MiniMessage[] };
  const history = (data.messages ?? []).filter((m) => m.role !== "system");
  const b = new Builder(name.replace(/[^A-Za-z0-9]+/g, "_"));
  const firstAnswer = history.find((m) => m.role === "assistant")?.extra?.response?.created;
  let clock = (firstAnswer ?? 1_700_000_000) * 1000 - 1000;
  const at = (m: MiniMessage) => {
    const t = m.extra?.response?.created;
    // Times only go forward: a missing or earlier time is one second after the previous message.
    clock = typeof t === "number" && t * 1000 > clock ? t * 1000 : clock + 1000;
    return clock;
  };
  let i = 0;
  while (i < history.length && history[i].role !== "assistant") {
    b.part(b.message("user", at(history[i])), { type: "text", text: textOf(history[i].content) });
    i++;
  }
  for (; i < history.length; i++) {
    const h = history[i];
    if (h.role !== "assistant") {
      // A reply to a step with no single command (a format error): the agent reads it as a prompt.
      b.part(b.message("user", at(h)), { type: "text", text: textOf(h.content) });
      continue;
    }
    const content = textOf(h.content);
    const blocks = [...content.matchAll(BASH_BLOCK)];
    const m = b.message("assistant", at(h));
    b.part(m, { type: "step-start" });
    const thought = (blocks.length === 1 ? content.slice(0, blocks[0].index) : content).trim();
    if (thought) b.part(m, { type: "text", text: thought });
    if (blocks.length === 1 && i + 1 < history.length && history[i + 1].role === "user") {
      const output = textOf(history[++i].content);
      const { tool, input } = toolOf(blocks[0][1]);
      const code = Number(RETURN_CODE.exec(output)?.[1] ?? 0);
      // A read or write that failed is a failed call in OpenCode; a command's exit status is its output.
      b.tool(m, tool, input, output, tool !== "bash" && tool !== "grep" && code !== 0);
    }
    b.part(m, { type: "step-finish", reason: "tool-calls" });
  }
  return b.messages.length > 1 ? { name, task, source: "mini-swe-agent", messages: b.messages } : undefined;
}
