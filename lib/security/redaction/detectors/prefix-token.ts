/** Tokens with a fixed prefix (`ghp_`, `sk-ant-`, `AKIA`): the factory; the instances are in vendor-tokens.ts. */
import type { Detector } from "../detector";
import { type CharClass, tokenBody, wordBefore } from "../readers/chars";

interface PrefixToken {
  kind: string;
  anchor: RegExp;
  cls: CharClass;
  min: number;
  /** Exact body length (then the token must end there). */
  exact?: boolean;
  /** A complete token's usual body length: a shorter run ending at a line break continues on the next line. */
  full?: number;
  /** The character after the token must not be in this class (the old `\b` or `(?![...])`). */
  endNot?: CharClass;
  /** The prefix must not follow a word character (the old leading `\b`). Default true. */
  wordStart?: boolean;
}

export function prefixToken(t: PrefixToken): Detector {
  const full = t.full ?? t.min;
  return {
    kind: t.kind,
    anchor: t.anchor,
    read(text, at, anchorEnd, push) {
      if (t.wordStart !== false && wordBefore(text, at)) return anchorEnd;
      const body = tokenBody(text, anchorEnd, t.cls, full);
      const ok = t.exact ? body.length === t.min : body.length >= t.min;
      if (ok && !(t.endNot && body.end < text.length && t.endNot.has(text.charCodeAt(body.end)))) push(at, body.end);
      return Math.max(anchorEnd, body.end);
    },
  };
}
