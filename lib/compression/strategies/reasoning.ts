import { footer } from "../lines";
import type { Strategy } from "../types";

/** Old reasoning was for the step that produced it; the model does not need it again. */
export const reasoning: Strategy = {
  name: "reasoning",
  appliesTo: (v) => v.kind === "reasoning",
  apply(text, _v, sc) {
    if (!text.trim()) return undefined;
    return { text: footer("reasoning removed", sc.ref()), final: true };
  },
};
