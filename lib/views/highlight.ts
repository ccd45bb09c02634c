import { tokenize } from "../search/tokenizer";

export interface Segment {
  text: string;
  hit: boolean;
}

/**
 * Splits `text` into segments, marking the words that match a query term the way search matched
 * them (same tokenizer: stems, identifier parts, CJK bigrams). Cheap: one pass over the text.
 */
export function highlight(text: string, query: string): Segment[] {
  const terms = new Set(tokenize(query, "query"));
  if (terms.size === 0 || !text) return [{ text, hit: false }];
  const out: Segment[] = [];
  let last = 0;
  const push = (s: string, hit: boolean) => {
    if (!s) return;
    const prev = out[out.length - 1];
    if (prev && prev.hit === hit) prev.text += s;
    else out.push({ text: s, hit });
  };
  // Words (incl. code identifiers) and CJK runs; for a CJK run mark the characters of matching bigrams.
  const re = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}\p{M}]+(?:[_.\-/:#$@]+[\p{L}\p{N}\p{M}]+)*/gu;
  for (const m of text.matchAll(re)) {
    push(text.slice(last, m.index), false);
    last = m.index + m[0].length;
    const word = m[0];
    if (/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(word)) {
      const chars = [...word.toLowerCase()];
      const marked = chars.map(() => false);
      for (let i = 0; i < chars.length; i++) {
        if (terms.has(chars[i])) marked[i] = true;
        if (i + 1 < chars.length && terms.has(chars[i] + chars[i + 1])) marked[i] = marked[i + 1] = true;
      }
      [...word].forEach((c, i) => push(c, marked[i]));
      continue;
    }
    push(
      word,
      tokenize(word, "query").some((t) => terms.has(t)),
    );
  }
  push(text.slice(last), false);
  return out;
}
