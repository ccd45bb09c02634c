import type { ExtractedCategory } from "../contracts/extraction";
import { detectSentence } from "./rules";
import { toSentences } from "./sentences";

export interface Candidate {
  category: ExtractedCategory;
  content: string;
  rule: string;
  confidence: number;
  lang: "en" | "zh";
}

/**
 * What is trusted from assistant text: fixes and gotchas, and decisions only in their explicit
 * forms. The model explains code it read and narrates its next action ("Let's use grep..."), so
 * its "must"s and "let's"es are not the user's rules.
 */
const ASSISTANT_CATEGORIES = new Set<ExtractedCategory>(["gotcha", "decision"]);
const ASSISTANT_DECISION_RULES = new Set(["en.decided", "en.decision-is", "en.we-chose", "zh.decided", "en.decision-phrase", "zh.decision-phrase"]);

/** Every sentence of `text` a detector accepts, in order, each sentence at most once. */
export function detectCandidates(text: string, role: "user" | "assistant" = "user"): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const s of toSentences(text)) {
    const d = detectSentence(s);
    if (!d) continue;
    // The classifier learned from what people say; the model's narration is not its domain.
    if (
      role === "assistant" &&
      (d.rule.endsWith(".model") || !ASSISTANT_CATEGORIES.has(d.category) || (d.category === "decision" && !ASSISTANT_DECISION_RULES.has(d.rule)))
    )
      continue;
    const content = s.text.replace(/\s+/g, " ").trim();
    const key = content.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ category: d.category, content, rule: d.rule, confidence: d.confidence, lang: s.lang });
  }
  return out;
}
