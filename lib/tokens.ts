import { countTokens as count } from "gpt-tokenizer";

/**
 * Token counts with a real BPE tokenizer (o200k_base, as used by current OpenAI models; a close
 * proxy for other providers), never characters / 4.
 */
export function countTokens(text: string): number {
  if (!text) return 0;
  return count(text);
}
