import { footer, isKeyLine, selectLines, splitLines } from "../lines";
import type { Strategy } from "../types";
import { cutLongLines } from "./command-output";

/** Any other large tool output (web pages, MCP tools): head, diagnostics, tail. */
export const longOutput: Strategy = {
  name: "long-output",
  content: true,
  appliesTo: (v) => v.kind === "tool" && v.field === "output",
  apply(text, v, sc) {
    const lines = splitLines(text);
    if (lines.length < sc.p.minLines && text.length < sc.p.minChars) return undefined;
    const sel = selectLines(lines, { head: sc.p.head, tail: sc.p.tail, keep: isKeyLine, maxKeep: sc.p.maxKey, context: 0, skip: sc.previousLines(v), maxLineChars: sc.p.maxLineChars });
    if (!sel) return cutLongLines(text, v.tool!, sc.p.minChars, sc.ref);
    return { text: `${sel.text}\n${footer(`${v.tool} output: ${sel.kept} of ${lines.length} lines kept`, sc.ref())}` };
  },
};
