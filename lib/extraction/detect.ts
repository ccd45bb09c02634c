import type { ExtractedCategory } from "../api/extraction";
import { detectSentence } from "./rules";
import { toSentences } from "./sentences";

export interface Candidate {
  category: ExtractedCategory;
  content: string;
  rule: string;
  confidence: number;
  lang: "en" | "zh";
}

/** Categories trusted from assistant text: it explains code it read, so its "must"s are not the user's rules. */
const ASSISTANT_CATEGORIES = new Set<ExtractedCategory>(["gotcha", "decision"]);

/** Every sentence of `text` a detector accepts, in order, each sentence at most once. */
export function detectCandidates(text: string, role: "user" | "assistant" = "user"): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const s of toSentences(text)) {
    const d = detectSentence(s);
    if (!d) continue;
    if (role === "assistant" && !ASSISTANT_CATEGORIES.has(d.category)) continue;
    const content = s.text.replace(/\s+/g, " ").trim();
    const key = content.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ category: d.category, content, rule: d.rule, confidence: d.confidence, lang: s.lang });
  }
  return out;
}
