/** A value after a label: quoted or bare, and where a bare one ends. */
import { ALNUM, CharClass, DIGIT, PAIR_NAME } from "./chars";
import { looksLikeCode } from "./code";
import { type QuoteFinder, quoteAt } from "./quotes";

/**
 * A quoted value that names a secret instead of holding it: `"$VAR"`, `"${VAR}"`,
 * `"${env.NEXUS_PASSWORD}"`, `"{{ .Values.password }}"`, `"<%= ENV['X'] %>"`, `"%PASSWORD%"`.
 */
export const REFERENCE = /^(?:\$\{?\w+\}?|\$\{\s*[\w.:]+\s*\}|\$?\{\{[^{}]*\}\}|<%=?[^%]*%>|%\w+%)$/;

/**
 * A value at `i`: quoted (to the closing quote on the same line, quotes included in the span, or
 * left outside it with `inside`) or bare (a run of `bare`, or up to where `bare` says it ends).
 * Returns [start, end] of the span, or undefined; `stop` is where the reader got to. `isCode` tells
 * a bare value that is code (told where the label's name ends, its `:`/`=` and where the value ends).
 */
export function value(
  text: string,
  i: number,
  min: number,
  bare: CharClass | ((text: string, i: number) => number),
  quotes: QuoteFinder,
  isCode: (v: string, text: string, nameEnd: number, sepAt: number, end: number) => boolean = looksLikeCode,
  inside = false,
  nameEnd = 0,
  sepAt = 0,
): { span?: [number, number]; stop: number } {
  const q = quoteAt(text, i);
  if (q.len) {
    const open = i + q.len;
    const escapes = q.len - 1;
    let close = quotes.next(text, open, q.char, escapes);
    let content = close - escapes;
    if (close >= text.length || text.charCodeAt(close) !== q.char) {
      // No quote closes at the value's level on this line: the first quote does (`'C:\dir\'`).
      close = quotes.next(text, open, q.char, -1);
      content = close;
      // An escaped quote closes with the same escape: `\"secret\"`.
      if (escapes) {
        while (content > open && text.charCodeAt(content - 1) === 92 && close - content < escapes) content--;
        if (close - content !== escapes) return { stop: open };
      }
      if (close >= text.length || text.charCodeAt(close) !== q.char) return { stop: open };
    }
    close += 1;
    const inner = text.slice(open, content);
    if (content - open < min || inner.startsWith("[REDACTED:") || REFERENCE.test(inner)) return { stop: close };
    return { span: inside ? [open, content] : [i, close], stop: close };
  }
  const end = typeof bare === "function" ? bare(text, i) : bare.runEnd(text, i);
  if (end - i < min || text.startsWith("[REDACTED:", i) || isCode(text.slice(i, end), text, nameEnd, sepAt, end)) return { stop: Math.max(end, i) };
  return { span: [i, end], stop: end };
}

/**
 * Where a bare assignment value ends: at white space or a quote; at a `,` `;` `&` only when another
 * `Name=` pair starts after it (`Password=x;Encrypt=true`, `?token=x&user=y`), or (`,` `;`) when
 * it ends the value (`Pwd=x;`, `password: pw, user: u`). So `PASSWORD=abc,def;ghi` is read whole.
 * Non-ASCII characters belong to the value.
 */
export function bareValueEnd(text: string, i: number): number {
  const n = text.length;
  let p = i;
  for (; p < n; p++) {
    const c = text.charCodeAt(p);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12 || c === 34 || c === 39) break;
    if (c === 44 || c === 59 || c === 38) {
      const next = text.charCodeAt(p + 1);
      if (c === 38 ? next === 38 : p + 1 >= n || SEPARATOR_END.has(next)) break;
      if (pairAt(text, p + 1)) break;
    }
  }
  return p;
}
/** What may follow a `,`/`;` that ends a bare value: white space, a quote, a bracket, another separator. */
const SEPARATOR_END = new CharClass(/[\s"'`,;)\]}]/);
/** Whether a `Name=` or `Name:` pair starts at `i` (a name of at most 64 characters). */
function pairAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (!(c === 95 || (c < 128 && ALNUM.has(c) && !DIGIT.has(c)))) return false;
  let e = i + 1;
  while (e < text.length && e - i < 64 && PAIR_NAME.has(text.charCodeAt(e))) e++;
  const op = text.charCodeAt(e);
  return op === 61 || (op === 58 && text.charCodeAt(e + 1) !== 47); // `=`, or `:` not of `://`
}
