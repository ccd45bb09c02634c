import { isDecisionPhrase } from "../extraction/decision-phrases";
import { rejectReason } from "../extraction/rules";
import { toSentences, type Sentence } from "../extraction/sentences";

/**
 * Decisions in a session, from the user's and the assistant's words (the agent often makes the
 * call: "I'll use X because Y"): the sentences lib/extraction/decision-phrases.ts accepts, behind
 * the detectors' guards against questions, hypotheticals, quotes and code.
 */
export function isDecisionSentence(s: Sentence): boolean {
  if (s.code) return false;
  const reject = rejectReason(s);
  // Long reasons push sentences past the detectors' length bounds; those are still decisions.
  if (reject && reject !== "length") return false;
  return isDecisionPhrase(s.text, s.lang);
}

/** The sentences of `text` that state a decision, in order. */
export function decisionsIn(text: string): string[] {
  return toSentences(text)
    .filter(isDecisionSentence)
    .map((s) => s.text);
}

/** A user's reply that picks an option by its label: "b", "3", "Option C", "a. but keep it short". */
const CHOICE_REPLY = /^\s*(?:option\s+)?([a-f]|[1-9])(?:\s*[.):,]|\s*$|\s+(?:but|and|then|first|mainly|please|sounds|is|for|with|it)\b)/i;
/** An option line of the assistant's question: "1. **Name** — …", "B) **Name** — …", "| **C) Name** | …", "**Option A: Name**". */
const OPTION_LINE = /^\s*(?:[-*|]\s*)?(?:\*\*)?(?:option\s+)?([a-f]|[1-9])\s*[.):](?!\d)\s*(?:\*\*)?\s*(.+)$/i;

/** The option's name: its bold text, else the text before a dash, colon or table bar. */
function optionName(rest: string): string {
  const bold = rest.match(/^\*\*([^*]+)\*\*/) ?? rest.match(/\*\*([^*]+)\*\*/);
  const name = (bold ? bold[1] : rest.split(/\s[—–-]\s|\s\|\s|:\s/)[0]).replace(/\*\*|\|/g, "").trim();
  return name.replace(/^(?:option\s+)?[a-f1-9]\s*[.):]\s*/i, "").trim();
}

/**
 * Decisions stated as a choice between options: the user answers an assistant message that
 * listed options ("A) Minimal … B) Reflective …") with a label ("a", "3", "Option C"). The
 * decision is the chosen option's name and description, from the last list of that label kind
 * (letters or numbers) in the assistant's message.
 */
export function choicesIn(turns: readonly { role: string; text: string }[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < turns.length; i++) {
    const t = turns[i];
    if (t.role !== "user" || !t.text || t.text.length > 400) continue;
    const reply = t.text.match(CHOICE_REPLY);
    if (!reply) continue;
    let j = i - 1;
    while (j >= 0 && !(turns[j].role === "assistant" && turns[j].text)) j--;
    if (j < 0) continue;
    const label = reply[1].toLowerCase();
    const isLetter = /[a-f]/.test(label);
    let chosen: { line: string; name: string } | undefined;
    for (const line of turns[j].text.split(/\r?\n/)) {
      const m = line.match(OPTION_LINE);
      if (!m || /[a-f]/i.test(m[1]) !== isLetter) continue;
      if (m[1].toLowerCase() === label)
        chosen = {
          line: line
            .replace(/\*\*|\|/g, " ")
            .replace(/\s+/g, " ")
            .trim(),
          name: optionName(line.trim()),
        };
    }
    if (!chosen) continue;
    out.push(`Chose ${chosen.name || chosen.line}: ${chosen.line}`);
  }
  return out;
}
