import { footer } from "../lines";
import type { Strategy } from "../types";

/**
 * Old assistant prose: the structure stays (headings, list items, tables, code, lines naming paths
 * or code), the narration shrinks to each paragraph's first sentence plus sentences that carry facts.
 */
const STRUCTURE = /^\s*(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|\||>\s)/;
const FACT = /`[^`]+`|(?:^|\s)[\w.-]*\/[\w./-]+|\b\w+\.(?:py|ts|tsx|js|go|rs|java|c|h|cpp|md|json|ya?ml|toml)\b|:\d+\b|\b(?:because|error|fail|fixed|bug|cause|must|never|always|decid|instead|note|todo|warning)\w*/i;
const FILLER = /^(?:ok(?:ay)?|great|perfect|good|excellent|alright|sure|now|next|first|then|let me|let's|i(?:'ll| will| am going to| need to)|we(?:'ll| will| need to))\b/i;

function condenseParagraph(paragraph: string): string {
  // A sentence ends at . ! or ? followed by a space and a capital (so `fields.py` or `e.g. x` do not split).
  const sentences = paragraph.split(/(?<=[.!?])\s+(?=[A-Z`"'(\[])/);
  const kept = sentences.filter((s, i) => (i === 0 && !FILLER.test(s.trim())) || FACT.test(s));
  if (kept.length === 0) return FILLER.test(sentences[0].trim()) ? "" : sentences[0].trim();
  return kept.map((s) => s.trim()).join(" ");
}

export const assistantProse: Strategy = {
  name: "assistant-prose",
  appliesTo: (v) => v.kind === "text" && v.role === "assistant",
  apply(text, _v, sc) {
    if (text.length < sc.p.proseMinChars) return undefined;
    const out: string[] = [];
    let inCode = false;
    let paragraph: string[] = [];
    const flush = () => {
      const condensed = paragraph.length ? condenseParagraph(paragraph.join(" ")) : "";
      if (condensed) out.push(condensed);
      paragraph = [];
    };
    for (const line of text.split("\n")) {
      if (/^\s*(```|~~~)/.test(line)) {
        flush();
        inCode = !inCode;
        out.push(line);
      } else if (inCode || STRUCTURE.test(line)) {
        flush();
        out.push(line);
      } else if (!line.trim()) {
        flush();
        if (out.length && out[out.length - 1] !== "") out.push("");
      } else paragraph.push(line.trim());
    }
    flush();
    const condensed = out.join("\n").trim();
    if (condensed.length > text.length * 0.85) return undefined;
    return { text: `${condensed}\n${footer("earlier message condensed", sc.ref())}` };
  },
};
