import { isKeyLine } from "../lines";
import { filePaths, isReadTool } from "../tools";
import type { Strategy } from "../types";

/** A read of a file that was edited afterwards shows content that no longer exists: say so. */
export const outdatedReads: Strategy = {
  name: "outdated-reads",
  appliesTo: (v) => v.kind === "tool" && v.field === "output" && !!v.tool && isReadTool(v.tool),
  apply(text, v, sc) {
    const path = filePaths(v.tool!, v.input).find((p) => sc.hasLaterEdit(v, p));
    if (!path) return undefined;
    if (sc.p.dropOutdated) {
      // Its diagnostics (e.g. `path:line` hits) stay, as for duplicates.
      const keyLines = [...new Set(text.split("\n").filter(isKeyLine))].slice(0, sc.p.maxKey);
      const head = `[recollect: outdated, file edited later; memory_expand("${sc.ref()}")${keyLines.length ? "; key lines:" : ""}]`;
      return { text: [head, ...keyLines].join("\n"), final: true };
    }
    // Marked; the file-read strategy still cuts the body.
    return { text: `[recollect: OUTDATED — ${path} was edited after this read; this shows the old content]\n${text}` };
  },
};
