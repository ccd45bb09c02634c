import { footer, isKeyLine } from "../lines";
import type { Strategy } from "../types";

/**
 * A small output that the other strategies leave whole can still repeat lines of the previous tool
 * output verbatim (an agent's environment prompt: open file, current directory, shell prompt). The
 * earlier output still shows them; here they go. Diagnostics stay even when repeated.
 */
export const repeatedLines: Strategy = {
  name: "repeated-lines",
  content: true,
  appliesTo: (v) => v.kind === "tool" && v.field === "output",
  apply(text, v, sc) {
    const previous = sc.previousLines(v);
    if (previous.size === 0) return undefined;
    const lines = text.split("\n");
    const kept = lines.filter((l) => !l.trim() || !previous.has(l) || isKeyLine(l));
    const removed = lines.length - kept.length;
    if (removed === 0) return undefined;
    return { text: `${kept.join("\n").trim()}\n${footer(`${removed} repeated line${removed === 1 ? "" : "s"}`, sc.ref())}` };
  },
};
