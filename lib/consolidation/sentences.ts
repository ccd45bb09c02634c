/**
 * Sentences of a memory, cut only where a sentence ends: Intl.Segmenter (ICU's sentence rules,
 * English and CJK punctuation) on a copy of the text where every span that must stay whole is
 * masked: code spans and fences, URLs, and every word with a dot, slash, colon or backslash
 * inside (`.env`, `lib/x.ts`, `v2.3.1`, `10.00`, `e.g.`, `user.id`), plus known abbreviations
 * ("Dr.", "etc."). The mask keeps the length, so the segments' offsets are the original's and
 * each sentence is an exact slice of the text. A cut inside a protected span is impossible by
 * construction and checked again (`sentenceSpans` never returns one).
 */

import { trimEnd } from "../trim-end";

export interface Span {
  start: number;
  end: number;
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Spans that are never cut: fenced code, inline code, URLs. */
const WHOLE = [/```[\s\S]*?(?:```|$)/g, /`[^`\n]*`/g, /\b[a-z][a-z0-9+.-]{0,15}:\/\/[^\s<>"'`]+/gi, /\bwww\.[^\s<>"'`]+/gi];
/** A word of code-like characters (no CJK, no spaces, no brackets or commas). */
const CODE_WORD = /[^\s"'()[\]{}<>,;，；、。！？：（）【】「」『』\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+/g;
/** Inside it, a dot, slash, colon or backslash followed by another character of it. */
const INNER_MARK = /[./:\\](?=[^\s.!?])/;
/** Abbreviations whose dot does not end a sentence (lowercased, without the final dot). */
const ABBREVIATIONS = new Set([
  "e.g",
  "i.e",
  "etc",
  "vs",
  "cf",
  "dr",
  "mr",
  "mrs",
  "ms",
  "st",
  "no",
  "fig",
  "approx",
  "inc",
  "ltd",
  "jr",
  "sr",
  "resp",
  "incl",
  "min",
  "max",
  "est",
  "dept",
  "vol",
]);

/** The spans of `text` a sentence boundary may never fall inside. */
export function protectedSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const re of WHOLE) for (const m of text.matchAll(re)) spans.push({ start: m.index, end: m.index + m[0].length });
  for (const m of text.matchAll(CODE_WORD)) {
    const word = m[0];
    const bare = trimEnd(word, ".!?。！？");
    const abbreviation = ABBREVIATIONS.has(bare.toLowerCase()) && word.length > bare.length;
    if (!abbreviation && !INNER_MARK.test(bare)) continue;
    // The final full stop of "lib/x.ts." ends the sentence; that of "e.g." does not.
    spans.push({ start: m.index, end: m.index + (abbreviation ? word.length : bare.length) });
  }
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The text with every protected span replaced by letters of the same length (no punctuation, no line breaks). */
function masked(text: string, spans: readonly Span[]): string {
  const chars = text.split("");
  for (const s of spans) for (let i = s.start; i < s.end; i++) if (!/[\uD800-\uDFFF]/.test(chars[i]!)) chars[i] = "x";
  return chars.join("");
}

/** Sentence spans (offsets into `text`), each a whole sentence; none ends inside a protected span. */
export function sentenceSpans(text: string): Span[] {
  const spans = protectedSpans(text);
  const inside = (at: number) => spans.some((s) => at > s.start && at < s.end);
  const cuts: number[] = [];
  for (const seg of segmenter.segment(masked(text, spans))) {
    const end = seg.index + seg.segment.length;
    if (end < text.length && !inside(end)) cuts.push(end);
  }
  const out: Span[] = [];
  let start = 0;
  for (const cut of [...cuts, text.length]) {
    out.push({ start, end: cut });
    start = cut;
  }
  return out;
}

/** The sentences of `text`, trimmed, empty ones left out; each is an exact slice of it. */
export function sentencesOf(text: string): string[] {
  return sentenceSpans(text)
    .map((s) => text.slice(s.start, s.end).trim())
    .filter((s) => s.length > 0);
}
