import { footer, isKeyLine, isPrimaryKeyLine, selectLines, splitLines } from "../lines";
import { isCommandTool } from "../tools";
import type { Strategy } from "../types";
import { headOf, tailOf } from "../../text-slice";

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
      primary: isPrimaryKeyLine,
      maxKeep: sc.p.maxKey,
      context: sc.p.context,
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

/**
 * Of a line selection and a character cut, the selection, unless the output's lines are long (hex
 * dumps, minified code, wide tables: over 100 characters on average) or the selection still keeps
 * more than twice `budget` characters, and the cut is shorter; never a cut that loses a key line the
 * selection keeps.
 */
export function shorter(text: string, budget: number, a: { text: string } | undefined, b: { text: string } | undefined) {
  if (!a || !b) return a ?? b;
  const longLines = text.length / (text.split("\n").length || 1) > 100;
  if ((!longLines && a.text.length <= 2 * budget) || b.text.length >= a.text.length) return a;
  return text.split("\n").every((l) => !isKeyLine(l) || b.text.includes(l)) ? b : a;
}

/** Few but huge lines (minified output, binary dumps, one-line JSON): both ends of the text, and the diagnostics in between. */
export function cutLongLines(text: string, _tool: string, budget: number, ref: () => string) {
  if (text.length <= budget) return undefined;
  const keep = Math.floor(budget / 4);
  const head = headOf(text, keep);
  const tail = tailOf(text, keep);
  const middle = text.slice(head.length, text.length - tail.length);
  const keyLines = middle.split("\n").filter((l) => l.length <= 300 && isKeyLine(l));
  return {
    text: [
      head,
      `… (${middle.length} characters omitted${keyLines.length ? "; their key lines:" : ""}) …`,
      ...keyLines,
      tail,
      footer(`cut from ${text.length} characters`, ref()),
    ].join("\n"),
  };
}
