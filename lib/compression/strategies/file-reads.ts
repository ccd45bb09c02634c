import { footer, isDefinitionLine, isKeyLine, selectLines, splitLines } from "../lines";
import { filePaths, isReadTool } from "../tools";
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
      head: sc.p.head,
      tail: sc.p.tail,
      keep: isKeyLine,
      maxKeep: sc.p.maxKey,
      extra: isDefinitionLine,
      maxExtra: sc.p.maxDefs,
      skip: sc.previousLines(v),
      maxLineChars: sc.p.maxLineChars,
      context: 0,
    });
    if (!sel) return undefined;
    const path = filePaths(v.tool!, v.input)[0] ?? "the file";
    return { text: `${sel.text}\n${footer(`read of ${path}: ${sel.kept} of ${lines.length} lines kept`, sc.ref())}` };
  },
};
