/**
 * Decisions as people and agents state them, English and Chinese: explicit forms ("Decision:", "Minimal invasive approach:",
 * "we decided", "going with", "X it is", "决定", "采用", "选定"), or a choice verb that comes with a
 * reason or a rejected alternative ("I'll use a token bucket because...", "用 X，而不是 Y"): that
 * is what separates a decision from narration ("I'll use grep to find it"). Pure patterns: the
 * caller applies the question/hypothetical/quote/code guards first.
 */
const EN_EXPLICIT =
  /^(?:decision(?: made)?|final (?:call|answer|decision)|settled|verdict|choice|approach|my approach|plan|the plan)\s*[:：-]|^(?:[a-z-]+\s+){1,2}approach\s*[:：]|\b(?:i|we)(?:'ve| have)? (?:decided|chosen|chose|picked|opted|settled on|went with|gone with|landed on)\b|\bdecided (?:to|on|because|that|,)|\b(?:i'm|i am|we're|we are) (?:going|gonna) (?:to go )?with\b|^(?:going|opting|settling) (?:with|for|on)\b|\b(?:let'?s|we'll|we will|i'll|i will) go (?:with|for)\b|\b(?:we(?:'re| are)|i(?:'m| am)) standardi[sz]ing on\b|^(?:(?:ok(?:ay)?|alright|right|so|fine),?\s+)?(?!(?:where|what|how|that|as|whatever|here|there)\b)[\w.-]+(?:\s[\w.-]+){0,3} it is\b(?:[.!:]|$)|\bour choice is\b/i;
const EN_CHOICE =
  /\b(?:i'll|i will|we'll|we will|let'?s|let us|i'm going to|i am going to|we're going to|we are going to|(?:i|we) (?:switched|moved|changed) (?:\w+ )?to|(?:i|we) (?:now )?use)\s+(?:use|keep|switch(?: \w+)? to|adopt|stick with|stream|store|move|replace|make|add|read|write|take|treat|rely on|go for|split|group|cache|wrap|put|build|return|model|represent|validate|load)\b/i;
const EN_REASON =
  /\b(?:because|since|so that|so (?:the|it|we|memory|that)|to avoid|rather than|instead of|over (?:the|a|an)?\s*\w+|unlike|which (?:keeps|avoids|means)|as (?:it|there|we|the))\b|;|—| - /i;
/** Narration of the next tool action, not a design choice. */
const EN_NARRATION =
  /\b(?:use|run|try) (?:grep|rg|ripgrep|find|ls|cat|sed|the (?:tests?|linter|build)|a search)\b|\bto (?:see|find|check|look|inspect|verify|confirm|reproduce|debug|print|understand|locate)\b|^(?:let me|now let me|first,? let me)\b/i;
const EN_NEGATED =
  /\b(?:not|n't|no decision|undecided|haven't decided|yet to decide|still open)\b.{0,30}\b(?:decid|go with|use|chose|choose|switch|settled)|\b(?:don'?t|do not|won'?t|will not|isn'?t|aren'?t) (?:go with|use|choose|switch)\b|\blet'?s not\b/i;

const ZH_DECISION =
  /决定|选定|选择了?(?!.{0,4}(?:哪|什么))|采用|选了|选用|改用|换成|换用(?!.*(?:准备|打算))|就用|定为|定了用|定下来|最终方案|拍板|方案是|(?:统一|以后都|一律)用|用.{1,40}(?:因为|，因为|原因是|这样|以便|避免|而不是|不用|代替|取代|不手写)/;
const ZH_NEGATED = /还没(?:有)?(?:决定|定|选)|没有选|未定|不会(?:换|用|采用)|先不(?:用|换)|没(?:有)?拍板|还在(?:讨论|投票|考虑)|准备换用|打算/;

export function isDecisionPhrase(text: string, lang: "en" | "zh"): boolean {
  const t = text.trim();
  if (lang === "zh") return t.length >= 4 && t.length <= 300 && ZH_DECISION.test(t) && !ZH_NEGATED.test(t);
  if (t.length < 10 || EN_NEGATED.test(t)) return false;
  if (EN_EXPLICIT.test(t)) return true;
  return EN_CHOICE.test(t) && EN_REASON.test(t) && !EN_NARRATION.test(t);
}
