import type { Strategy } from "../types";

/** The same tool called again with the same input: only the latest output is current. */
export const duplicates: Strategy = {
  name: "duplicates",
  appliesTo: (v) => v.kind === "tool" && v.field === "output",
  apply(_text, v, sc) {
    if (!sc.hasLaterDuplicate(v)) return undefined;
    return {
      text: `[recollect: older output of a ${v.tool} call that was repeated later with the same input; see the later call, or memory_expand("${sc.ref()}")]`,
      final: true,
    };
  },
};
