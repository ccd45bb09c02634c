import { isCodeLike, toSentences } from "../extraction/sentences";
import { trimEnd } from "../trim-end";

/**
 * Next steps from the assistant's words, English and Chinese: a sentence that announces one
 * ("Next step: ...", "Next, I will ...", "Remaining: ...", "TODO: ...", "Still need to ...",
 * "下一步：...", "还需要..."), and the items of a list under a heading that announces a plan
 * ("Next steps:", "What's left:", "后面要做："). A sentence that says the work is blocked or
 * asks something is not a step.
 */
const EN_NEXT =
  /\b(?:next steps?|next up|next(?=\s*[:,])|remaining(?=\s*(?:(?:work|steps?|items?)\s*)?:)|left to do|what'?s left|still (?:to do|need(?:s)? to|have to|has to|missing)|todo(?=\s*:)|follow[- ]ups?(?=\s*:)|(?:i|we)(?:'ll| will) (?:then|next|afterwards)|(?:after that|afterwards|then),? (?:i|we)(?:'ll| will)|next,? (?:i|we)(?:'ll| will| need| should| have)|next (?:i|we)(?:'ll| will)|the (?:next|remaining) (?:step|task|thing)s?)\b/i;
const ZH_NEXT = /接下来|下一步|还需要|还要|待办|剩下|剩余|后续|后面要|之后(?:要|再)|然后(?:要|再)|准备(?:换|改|加|做)/;
// Tested on sentences with their trailing space cut: a `\s*` before `$` is quadratic on long runs of spaces.
const HEADING_EN = /(?:next steps?|plan|todo|to do|remaining|what'?s left|left to do|follow[- ]ups?|steps)\s*:?$/i;
const HEADING_ZH_WORD = /下一步|接下来|后面要做|后续|待办|计划|剩下|还需要/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)、]|\[[ x]\])\s+/;
const NOT_A_STEP = /[?？]$|\b(?:could you|can you|do you want|shall i|should i)\b|要不要|是否/i;

/** A Chinese heading: ends with a colon, and names a plan in its last clause (after the last 。). */
const isZhHeading = (t: string) => /[:：]$/.test(t) && HEADING_ZH_WORD.test(t.slice(t.lastIndexOf("。") + 1));

/** A lead-in of the last message's plan: a line ending with a colon, or a heading naming next work ("### Next Phase (6)"). */
const PLAN_LEAD = /[:：]\s*(?:\*\*)?$|^#{1,4}\s.*\b(?:next|plan|remaining|todo)\b/i;

/**
 * A lead-in of a recap, not a plan ("**Accomplished:**", "Current State:", "Files changed:"): its
 * items are work already done. One that also names next work ("Remaining work:") is still a plan.
 */
const RECAP_LEAD =
  /\b(?:accomplished|completed|done|summary|current (?:state|status)|status|updated|changes|changed|built|created|fixed|results?|achievements?|modified|verified|tested|delivered|implemented)\b|已完成|完成了|总结|现状/i;
const NEXT_WORD = /\b(?:next|plan|remaining|todo|to do|left|follow[- ]?ups?|upcoming|future)\b|下一步|接下来|计划|后续|待办|剩下/i;
const isRecapLead = (line: string) => RECAP_LEAD.test(line) && !NEXT_WORD.test(line);

/**
 * `last`: the session's last assistant message, whose plan is the next steps: the items of a list
 * right under any lead-in line ("Ready to implement:", "I'll:", "### Next Steps (Phase 3)"), not only
 * under a heading that names a plan.
 */
export function nextStepsIn(text: string, last = false): string[] {
  const out: string[] = [];
  let underHeading = false;
  let fenced = false;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(raw)) fenced = !fenced;
    // A blank line keeps the list open: a lead-in is often followed by one ("### Next Steps", "",
    // "1. …"), and spaced items ("1. …", "", "2. …") are one list. Any other line closes it.
    if (fenced || !raw.trim()) continue;
    if (underHeading && LIST_ITEM.test(raw) && !isCodeLike(raw.replace(LIST_ITEM, ""))) {
      out.push(
        raw
          .replace(LIST_ITEM, "")
          .replace(/\*\*|__/g, "")
          .trim(),
      );
      continue;
    }
    underHeading = false;
    if (last && PLAN_LEAD.test(raw.trim()) && !NOT_A_STEP.test(trimEnd(raw.trim(), ":：*")) && !isRecapLead(raw)) {
      underHeading = true;
      continue;
    }
    for (const s of toSentences(raw)) {
      if (s.code) continue;
      const t = s.text.trimEnd();
      const heading = s.lang === "zh" ? isZhHeading(t) : HEADING_EN.test(t) && EN_NEXT.test(`${t.replace(/:$/, "").trimEnd()}:`);
      if (heading || (/[:：]$/.test(t) && (s.lang === "zh" ? ZH_NEXT : EN_NEXT).test(t))) {
        underHeading = true;
        continue;
      }
      if (NOT_A_STEP.test(t)) continue;
      if ((s.lang === "zh" ? ZH_NEXT : EN_NEXT).test(s.text)) out.push(s.text);
    }
  }
  return out;
}
