import { isKeyLine } from "../lines";
import type { Strategy } from "../types";

/**
 * The same tool called again with the same input: only the latest output is current. The older
 * one's diagnostics (errors, failures, `path:line`) stay, since they may differ from the later run.
 */
export const duplicates: Strategy = {
  name: "duplicates",
  appliesTo: (v) => v.kind === "tool" && v.field === "output",
  apply(text, v, sc) {
    if (!sc.hasLaterDuplicate(v)) return undefined;
    const keyLines = [...new Set(text.split("\n").filter(isKeyLine))].slice(0, sc.p.maxKey);
    const head = `[recollect: same call repeated later; memory_expand("${sc.ref()}")${keyLines.length ? "; key lines:" : ""}]`;
    return { text: [head, ...keyLines].join("\n"), final: true };
  },
};
