import { runAll, type Steps } from "../slices";
import { trimEnd } from "../trim-end";
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
 * listed options ("A) Minimal … B) Reflective …") with a label ("a", "3", "Option C", or inside a
 * short reply: "mostly b and then a"). The decision is the chosen option's name and description,
 * from the last list of that label kind (letters or numbers) in the assistant's message. A short
 * yes to a message that offered one thing ("Want to pick up that hanging question?") is the
 * decision to do that thing.
 */
export function choicesIn(turns: readonly { role: string; text: string }[]): string[] {
  return runAll(choicesSteps(turns));
}

/** `choicesIn` as steps, one a turn (lib/slices.ts). */
export function* choicesSteps(turns: readonly { role: string; text: string }[]): Steps<string[]> {
  const out: string[] = [];
  // The latest assistant message with text before turn i (a scan back from each user turn was quadratic).
  let lastAssistant = turns[0]?.role === "assistant" && turns[0].text ? 0 : -1;
  for (let i = 1; i < turns.length; i++, yield) {
    const t = turns[i];
    const j = lastAssistant;
    if (t.role === "assistant" && t.text) lastAssistant = i;
    if (t.role !== "user" || !t.text || t.text.length > 400) continue;
    if (j < 0) continue;
    const reply = t.text.match(CHOICE_REPLY);
    const labels = reply ? [reply[1].toLowerCase()] : t.text.length <= 200 ? labelsInReply(t.text) : [];
    let picked = false;
    for (const label of labels) {
      const chosen = optionFor(turns[j].text, label);
      if (!chosen) continue;
      picked = true;
      out.push(`Chose ${chosen.name || chosen.line}: ${chosen.line}`);
    }
    if (!picked && AGREEMENT.test(t.text.trim())) {
      const offer = lastOffer(turns[j].text);
      if (offer) out.push(`Agreed: ${offer}`);
    }
  }
  return out;
}

/** The option line of `label` (the last list of that label kind in the message). */
function optionFor(message: string, label: string): { line: string; name: string } | undefined {
  const isLetter = /[a-f]/.test(label);
  let chosen: { line: string; name: string } | undefined;
  for (const line of message.split(/\r?\n/)) {
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
  return chosen;
}

/**
 * Labels named inside a short reply that does not open with one: "probably mostly b and then a",
 * "then let's do 1", "maybe 2 but also …". A label counts after a word that introduces a pick, or
 * before "and"/"then"/the end; a lone "a" only at the end or before a conjunction (else it is the
 * article).
 */
const PICK_BEFORE = /^(?:mostly|probably|maybe|perhaps|do|pick|choose|option|go|with|and|amd|then|or|first|prefer)$/i;
function labelsInReply(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[\s,;.!()]+/)
    .filter(Boolean);
  const out: string[] = [];
  words.forEach((w, k) => {
    if (!/^(?:[a-f]|[1-9])$/.test(w)) return;
    const next = words[k + 1];
    const endsOrJoins = next === undefined || /^(?:and|amd|then|but|or|first|mostly)$/.test(next);
    if (w === "a" ? !endsOrJoins : !(PICK_BEFORE.test(words[k - 1] ?? "") || endsOrJoins)) return;
    if (!out.includes(w)) out.push(w);
  });
  return out;
}

/** A short reply that accepts what the assistant offered: "yes", "sounds good", "that's a great place to start". */
const AGREEMENT =
  /^(?:yes|yeah|yep|sure|ok(?:ay)?|go(?: for it| ahead)?|do it|let'?s do (?:it|that)|sounds (?:good|great)|(?:that'?s|thats) (?:a )?(?:great|good|fine|perfect)(?: (?:place|idea|plan|call|choice))?(?: to start)?|agreed|perfect)\b[\s.!]*$/i;
/** The assistant's offer that a yes accepts: its last "Want me to …?", "Want to …?", "Shall I …?", "Should we …?", "Would you like me to …?". */
const OFFER = /(?:^|\*\*|\s)(?:do you )?(?:want(?: me)? to|shall (?:i|we)|should (?:i|we)|would you like(?: me)? to)\s+([^?]{3,200})\?/gi;
function lastOffer(message: string): string | undefined {
  let last: string | undefined;
  // "…, or would you like something else?" is a second offer, not part of the first.
  for (const m of message.matchAll(OFFER)) {
    // One character before "or", never `,?\s+or` (retried from every space of a long run: quadratic).
    const second = /(?:^|\s)or (?:would|do|should|shall|want)\b/i.exec(m[1]);
    last = trimEnd(second ? m[1].slice(0, second.index) : m[1], " \t\r\n,")
      .replace(/\*\*|`/g, "")
      .trim();
  }
  return last;
}
