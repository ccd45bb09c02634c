import type { Strategy } from "../types";

/** `<system-reminder>` blocks OpenCode (and tools) inject: current when sent, stale in old turns. */
const BLOCK = /<system-reminder>[\s\S]*?<\/system-reminder>\s*/g;

export const systemReminders: Strategy = {
  name: "system-reminders",
  appliesTo: (v) => v.kind !== "reasoning",
  apply(text, _v, sc) {
    if (!text.includes("<system-reminder>")) return undefined;
    const stripped = text.replace(BLOCK, "");
    if (stripped === text) return undefined;
    const note = `[recollect: system reminder removed; memory_expand("${sc.ref()}")]`;
    if (!stripped.trim()) return { text: note, final: true };
    return { text: `${stripped.trimEnd()}\n${note}` };
  },
};
