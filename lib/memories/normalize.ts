import crypto from "node:crypto";

/** Text as compared for exact duplicates: NFKC, case-folded, whitespace collapsed. */
export function normalizeForHash(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

export function contentHash(text: string): string {
  return crypto.createHash("sha256").update(normalizeForHash(text)).digest("hex");
}

/** Tags: trimmed, lower-case, unique, in first-seen order. */
export function normalizeTags<T extends string>(tags: readonly T[]): T[] {
  // Trimming and lower-casing keep what T says of the text (redacted text stays redacted).
  return [...new Set(tags.map((t) => t.trim().toLowerCase() as T).filter(Boolean))];
}
