import type { Strategy } from "../types";

/** `<system-reminder>` blocks OpenCode (and tools) inject: current when sent, stale in old turns. */
const OPEN = "<system-reminder>";
const CLOSE = "</system-reminder>";

export const systemReminders: Strategy = {
  name: "system-reminders",
  appliesTo: (v) => v.kind !== "reasoning",
  apply(text, _v, sc) {
    if (!text.includes(OPEN)) return undefined;
    const stripped = withoutBlocks(text);
    if (stripped === text) return undefined;
    const note = `[recollect: system reminder removed; memory_expand("${sc.ref()}")]`;
    if (!stripped.trim()) return { text: note, final: true };
    return { text: `${stripped.trimEnd()}\n${note}` };
  },
};

/**
 * Each complete block and the whitespace after it removed. A scan with indexOf, not a lazy
 * `[\s\S]*?` regex: that one read to the end of the text again from every unclosed opening tag.
 */
function withoutBlocks(text: string): string {
  const out: string[] = [];
  let from = 0;
  for (let open = text.indexOf(OPEN); open !== -1; open = text.indexOf(OPEN, from)) {
    const close = text.indexOf(CLOSE, open + OPEN.length);
    // No closing tag after this opening one: none after any later one either.
    if (close === -1) break;
    out.push(text.slice(from, open));
    from = close + CLOSE.length;
    while (from < text.length && /\s/.test(text[from]!)) from++;
  }
  out.push(text.slice(from));
  return out.join("");
}
