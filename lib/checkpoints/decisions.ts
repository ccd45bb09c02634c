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
