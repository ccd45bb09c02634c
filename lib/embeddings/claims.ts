/**
 * The claims of a memory's text that get a vector of their own beside the whole (issue 42): a
 * paraphrase question usually asks about one claim of a memory that holds several, and the whole
 * text's vector blurs them. Sentences, and clauses joined by "; ", of at least MIN_WORDS words; a
 * text of one claim gets none (its whole vector is that claim).
 */
export const MIN_WORDS = 4;
export const MAX_CLAIMS = 8;

export function claimsOf(text: string): string[] {
  const parts = text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(`])|;\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= MIN_WORDS);
  return parts.length > 1 ? parts.slice(0, MAX_CLAIMS) : [];
}
