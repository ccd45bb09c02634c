import { footer, isKeyLine, isPrimaryKeyLine, selectLines, splitLines } from "../lines";
import type { Strategy } from "../types";
import { cutLongLines, shorter } from "./command-output";

/** Any other large tool output (web pages, MCP tools): head, diagnostics, tail. */
export const longOutput: Strategy = {
  name: "long-output",
  content: true,
  appliesTo: (v) => v.kind === "tool" && v.field === "output",
  apply(text, v, sc) {
    const lines = splitLines(text);
    if (lines.length < sc.p.minLines && text.length < sc.p.minChars) return undefined;
    const sel = selectLines(lines, {
      head: sc.p.head,
      tail: sc.p.tail,
      keep: isKeyLine,
      primary: isPrimaryKeyLine,
      maxKeep: sc.p.maxKey,
      context: 0,
      skip: sc.previousLines(v),
      maxLineChars: sc.p.maxLineChars,
    });
    return shorter(
      text,
      sc.p.minChars,
      sel && { text: `${sel.text}\n${footer(`${sel.kept} of ${lines.length} lines kept`, sc.ref())}` },
      cutLongLines(text, v.tool!, sc.p.minChars, sc.ref),
    );
  },
};
