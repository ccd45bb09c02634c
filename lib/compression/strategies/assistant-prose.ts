import { footer } from "../lines";
import type { Strategy } from "../types";

/**
 * Old assistant prose: the structure stays (headings, list items, tables, code, lines naming paths
 * or code), the narration shrinks to each paragraph's first sentence plus sentences that carry facts.
 */
const STRUCTURE = /^\s*(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|\||>\s)/;
/**
 * Sentences worth keeping past the first: findings and decisions (errors, causes, fixes, rules) and
 * exact locations (`path:line`, `dir/file`). A sentence that only names an identifier or a file is
 * narration of what the tool calls around it already show.
 */
const FACT =
  /(?:^|\s|`)[\w.-]*\/[\w./-]+\.\w+|:\d+\b|\b(?:because|error|fail|fixed|bug|cause|must|never|always|decid|instead|note|todo|warning|flag|found|result|works?\b|correct|wrong|incorrect|expected|instead)\w*/i;
const FILLER =
  /^(?:ok(?:ay)?|great|perfect|good|excellent|alright|sure|now|next|first|then|finally|oh(?: no)?|oops|hmm+|ah|wait|let me|let's|let us|i(?:'ll| will| am going to| need to| should| can)|we(?:'ll| will| need to| should| can| must)|to do (?:this|that)|this (?:will|should))\b/i;
/**
 * Plans for the step that followed ("Now let's run `x.py`", "I will open `a.py`"): once that step
 * is in the history, its tool call says the same. A plan that gives a reason or a decision stays.
 */
const PLAN =
  /^(?:(?:ok(?:ay)?|great|good|alright|so|now|next|first|then|finally)[,!.]?\s+)*(?:let me|let's|let us|i(?:'ll| will| am going to| need to| should)|we(?:'ll| will| are going to| need to| should| can))\b/i;
const REASON = /\b(?:because|since|so that|instead|decid|root cause|bug|fix(?:es|ed)?\b|must|never|always)/i;
/**
 * Narration of where the agent is ("We are now looking at the relevant section of `a.py`") and
 * predictions ("This should preserve the precision as expected"): the tool calls and the next
 * step's results say the same with certainty. Kept when they give a reason or a decision.
 */
const NARRATION = /^(?:(?:ok(?:ay)?|so|now)[,!.]?\s+)*(?:we(?:'re| are)|i(?:'m| am))\s+(?:now\s+)?(?:looking|viewing|examining|inspecting)\b/i;
const PREDICTION = /^(?:this|that|these changes|this change|the change)\s+(?:should|will|would|might|may)\b/i;

function condenseParagraph(paragraph: string): string {
  // A sentence ends at . ! or ? followed by a space and a capital, or directly by a capital after a
  // lowercase word ("output.Next"), so `fields.py` or `e.g. x` do not split.
  const sentences = paragraph.split(/(?<=[.!?])\s+(?=[A-Z`"'([])|(?<=[a-z)][.!?])(?=[A-Z][a-z])/);
  // A prediction with a value or code in it ("This should print `345`") says what to expect: kept.
  const isPlan = (s: string) => (PLAN.test(s.trim()) || NARRATION.test(s.trim()) || (PREDICTION.test(s.trim()) && !/[`\d]/.test(s))) && !REASON.test(s);
  const kept = sentences.filter((s, i) => !isPlan(s) && ((i === 0 && !FILLER.test(s.trim())) || FACT.test(s)));
  if (kept.length === 0) return FILLER.test(sentences[0].trim()) || isPlan(sentences[0]) ? "" : sentences[0].trim();
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
    return { text: `${condensed}${condensed ? "\n" : ""}${footer("condensed", sc.ref())}` };
  },
};
