import { footer, isKeyLine, selectLines, splitLines } from "../lines";
import { isCommandTool } from "../tools";
import type { Strategy } from "../types";

/** Command output: what failed (errors, failures, tracebacks, with a line of context) and how it ended (the tail). */
export const commandOutput: Strategy = {
  name: "command-output",
  content: true,
  appliesTo: (v) => v.kind === "tool" && v.field === "output" && !!v.tool && isCommandTool(v.tool),
  apply(text, v, sc) {
    const lines = splitLines(text);
    if (lines.length < sc.p.minLines && text.length < sc.p.minChars) return undefined;
    // The command's first lines rarely matter as much as its end: a short head, a longer tail.
    const sel = selectLines(lines, {
      head: Math.ceil(sc.p.head / 2),
      tail: sc.p.tail + Math.floor(sc.p.head / 2),
      keep: isKeyLine,
      maxKeep: sc.p.maxKey,
      context: sc.p.context,
      skip: sc.previousLines(v),
      maxLineChars: sc.p.maxLineChars,
    });
    if (!sel) return cutLongLines(text, v.tool!, sc.p.minChars, sc.ref);
    return { text: `${sel.text}\n${footer(`${v.tool} output: ${sel.kept} of ${lines.length} lines kept (errors, tail)`, sc.ref())}` };
  },
};

/** Few but huge lines (minified output, binary dumps, one-line JSON): both ends of the text, and the diagnostics in between. */
export function cutLongLines(text: string, tool: string, budget: number, ref: () => string) {
  if (text.length <= budget) return undefined;
  const keep = Math.floor(budget / 4);
  const middle = text.slice(keep, text.length - keep);
  const keyLines = middle.split("\n").filter((l) => l.length <= 300 && isKeyLine(l));
  return {
    text: [
      text.slice(0, keep),
      `… (${middle.length} characters omitted${keyLines.length ? "; their key lines:" : ""}) …`,
      ...keyLines,
      text.slice(-keep),
      footer(`${tool} output cut from ${text.length} characters`, ref()),
    ].join("\n"),
  };
}
