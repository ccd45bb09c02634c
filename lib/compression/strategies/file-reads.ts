import { footer, isDefinitionLine, isKeyLine, isPrimaryKeyLine, selectLines, splitLines } from "../lines";
import { isReadTool } from "../tools";
import type { Strategy } from "../types";

/** A file read: the head, the definitions and diagnostics (with their line numbers), and the tail. */
export const fileReads: Strategy = {
  name: "file-reads",
  content: true,
  appliesTo: (v) => v.kind === "tool" && v.field === "output" && !!v.tool && isReadTool(v.tool),
  apply(text, v, sc) {
    const lines = splitLines(text);
    if (lines.length < sc.p.minLines && text.length < sc.p.minChars) return undefined;
    const sel = selectLines(lines, {
      head: sc.p.readHead,
      tail: sc.p.readTail,
      keep: isKeyLine,
      primary: isPrimaryKeyLine,
      maxKeep: sc.p.maxKey,
      extra: isDefinitionLine,
      maxExtra: sc.p.maxDefs,
      skip: sc.previousLines(v),
      maxLineChars: sc.p.maxLineChars,
      context: 0,
    });
    if (!sel) return undefined;
    // The path is in the call's input, which stays: the footer does not repeat it.
    return { text: `${sel.text}\n${footer(`${sel.kept} of ${lines.length} lines kept`, sc.ref())}` };
  },
};
