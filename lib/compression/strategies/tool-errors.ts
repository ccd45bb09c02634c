import { footer, isKeyLine, isPrimaryKeyLine, selectLines, splitLines } from "../lines";
import type { Strategy } from "../types";
import { headOf } from "../../text-slice";

/** An old failed call matters for what went wrong, not for its full dump: keep the first lines and the diagnostics. */
export const toolErrors: Strategy = {
  name: "tool-errors",
  appliesTo: (v) => v.kind === "tool" && v.field === "error",
  apply(text, v, sc) {
    const lines = splitLines(text);
    const limit = sc.p.head;
    if (lines.length <= limit + 4 && text.length <= sc.p.minChars / 2) return undefined;
    if (lines.length <= limit + 4) {
      const cut = Math.floor(sc.p.minChars / 2);
      return { text: `${headOf(text, cut)}…\n${footer(`cut from ${text.length} characters`, sc.ref())}`, final: true };
    }
    const sel = selectLines(lines, {
      head: limit,
      tail: 1,
      keep: isKeyLine,
      primary: isPrimaryKeyLine,
      maxKeep: sc.p.maxKey,
      context: 0,
      maxLineChars: sc.p.maxLineChars,
      skip: sc.previousLines(v),
    });
    if (!sel) return undefined;
    return { text: `${sel.text}\n${footer(`${sel.kept} of ${lines.length} lines kept`, sc.ref())}`, final: true };
  },
};
