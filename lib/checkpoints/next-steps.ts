import { isCodeLike, toSentences } from "../extraction/sentences";

/**
 * Next steps from the assistant's words, English and Chinese: a sentence that announces one
 * ("Next step: ...", "Next, I will ...", "Remaining: ...", "TODO: ...", "Still need to ...",
 * "下一步：...", "还需要..."), and the items of a list under a heading that announces a plan
 * ("Next steps:", "What's left:", "后面要做："). A sentence that says the work is blocked or
 * asks something is not a step.
 */
const EN_NEXT =
  /\b(?:next steps?|next up|next(?=\s*[:,])|remaining(?=\s*(?:work|steps?|items?)?\s*:)|left to do|what'?s left|still (?:to do|need(?:s)? to|have to|has to|missing)|todo(?=\s*:)|follow[- ]ups?(?=\s*:)|(?:i|we)(?:'ll| will) (?:then|next|afterwards)|(?:after that|afterwards|then),? (?:i|we)(?:'ll| will)|next,? (?:i|we)(?:'ll| will| need| should| have)|next (?:i|we)(?:'ll| will)|the (?:next|remaining) (?:step|task|thing)s?)\b/i;
const ZH_NEXT = /接下来|下一步|还需要|还要|待办|剩下|剩余|后续|后面要|之后(?:要|再)|然后(?:要|再)|准备(?:换|改|加|做)/;
const HEADING_EN = /(?:next steps?|plan|todo|to do|remaining|what'?s left|left to do|follow[- ]ups?|steps)\s*:?\s*$/i;
const HEADING_ZH = /(?:下一步|接下来|后面要做|后续|待办|计划|剩下|还需要)[^。]*[:：]\s*$/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)、]|\[[ x]\])\s+/;
const NOT_A_STEP = /[?？]\s*$|\b(?:could you|can you|do you want|shall i|should i)\b|要不要|是否/i;

export function nextStepsIn(text: string): string[] {
  const out: string[] = [];
  let underHeading = false;
  let fenced = false;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(raw)) fenced = !fenced;
    if (fenced || !raw.trim()) {
      if (!raw.trim()) underHeading = false;
      continue;
    }
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
    for (const s of toSentences(raw)) {
      if (s.code) continue;
      const heading = s.lang === "zh" ? HEADING_ZH.test(s.text) : HEADING_EN.test(s.text) && EN_NEXT.test(s.text.replace(/\s*:?\s*$/, ":"));
      if (heading || (/[:：]\s*$/.test(s.text) && (s.lang === "zh" ? ZH_NEXT : EN_NEXT).test(s.text))) {
        underHeading = true;
        continue;
      }
      if (NOT_A_STEP.test(s.text)) continue;
      if ((s.lang === "zh" ? ZH_NEXT : EN_NEXT).test(s.text)) out.push(s.text);
    }
  }
  return out;
}
