/**
 * The tokenizer shared by indexing and querying. (Foundation version: lower-cased words.
 * The search module refines it: stemming, stopwords, CJK bigrams, code-aware splitting.)
 */
export function tokenize(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
