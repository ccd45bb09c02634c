/**
 * Text helpers of the review inbox: a cut that ends on a word boundary, and the words of one
 * memory that the others of a merge do not have (so the two keeper choices can be told apart).
 */

import { trimEnd } from "@/lib/trim-end";

/** `text` cut to at most `max` characters at the last word boundary, with an ellipsis when cut. */
export function cutAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  const head = chars.slice(0, max).join("");
  // CJK has no spaces: cut after the last punctuation or anywhere; Latin text at the last space.
  const space = head.lastIndexOf(" ");
  const cut = space > max * 0.5 ? head.slice(0, space) : /[\u3400-\u9fff]/.test(head) ? head : head.slice(0, space + 1) || head;
  return `${trimEnd(cut, " ,;:.—-")}…`;
}

const WORD_CHAR = /[\p{L}\p{N}`]/u;
/** The word lowercased without the punctuation around it (a hand scan: `/[^…]+$/` is quadratic). */
function norm(w: string): string {
  const chars = Array.from(w.toLowerCase());
  let start = 0;
  let end = chars.length;
  while (start < end && !WORD_CHAR.test(chars[start])) start++;
  while (end > start && !WORD_CHAR.test(chars[end - 1])) end--;
  return chars.slice(start, end).join("");
}

/**
 * The text as pieces, each marked when its word is missing from every other text: where this
 * memory differs. Chinese (no spaces) is compared by character.
 */
export function differingPieces(text: string, others: readonly string[]): { text: string; differs: boolean }[] {
  const cjk = /[\u3400-\u9fff]/;
  const tokens = (t: string) => t.match(/[\u3400-\u9fff]|[^\s\u3400-\u9fff]+|\s+/g) ?? [];
  const seen = new Set(others.flatMap((o) => tokens(o).map(norm)));
  return tokens(text).map((piece) => ({
    text: piece,
    differs: !/^\s+$/.test(piece) && !cjk.test(piece) ? !seen.has(norm(piece)) && norm(piece) !== "" : cjk.test(piece) && !seen.has(piece),
  }));
}
