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
      return { text: `[recollect: outdated read of ${path} (the file was edited afterwards); read it again if needed, or memory_expand("${sc.ref()}")]`, final: true };
    }
    // Marked; the file-read strategy still cuts the body.
    return { text: `[recollect: OUTDATED — ${path} was edited after this read; this shows the old content]\n${text}` };
  },
};
