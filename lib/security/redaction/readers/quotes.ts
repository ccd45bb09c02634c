/** `label <sep> value` readers: a quote, the separator after a label, and the scan's memo of closing quotes. */
import { type CharClass, SPACE } from "./chars";

/** Length of a quote at `i`: `"`, `'`, or an escaped `\"` / `\\\"` (JSON inside JSON). 0 if none. */
export function quoteAt(text: string, i: number): { len: number; char: number } {
  let j = i;
  while (text.charCodeAt(j) === 92 /* \ */ && j - i < 4) j++;
  const c = text.charCodeAt(j);
  if (c === 34 || (c === 39 && j === i)) return { len: j - i + 1, char: c };
  return { len: 0, char: 0 };
}

/**
 * Reads `["']? [ \t]* (:|=) [ \t]*` after a label. Returns the index of the value, or -1.
 * `only` restricts the operator (`=` for `AccountKey=`).
 */
export function separator(text: string, i: number, only?: ":" | "="): number {
  i += quoteAt(text, i).len;
  i = SPACE.runEnd(text, i);
  const c = text[i];
  if (only ? c !== only : c !== ":" && c !== "=") return -1;
  return SPACE.runEnd(text, i + 1);
}

/** Whether the quote at `q` closes a value opened after `escapes` backslashes (-1: any quote closes). */
function closes(text: string, q: number, escapes: number): boolean {
  if (escapes < 0) return true;
  let k = 0;
  while (text.charCodeAt(q - 1 - k) === 92) k++;
  // Level 0 (`"..."`): an even run of backslashes before it (`\\"` closes, `\"` does not). Level 1
  // (`\"...\"` inside a JSON string): a run of 1 modulo 4 (`\\\"` is an escaped quote there). And so on.
  return k % (2 * (escapes + 1)) === escapes;
}

/**
 * Finds the closing quote of a quoted value on the same line: the next quote that is not escaped
 * at the value's level (`"pa\"ss"` closes at its last quote). Remembers, per quote character and
 * level (and per stop class for `nextIn`), the last place it searched up to, so that many open
 * quotes on one long line cost one pass in all: whether a quote closes depends on the text alone,
 * not on where the search began.
 */
export class QuoteFinder {
  /** Where the last `--password-stdin` ended: the next one reads back no further. */
  stdinFloor = 0;
  /** The tag of the last `value=` anchor (`tagNamesSecret`). */
  tag = { at: -1, stop: -1, checked: -1, secret: false };
  private from = new Map<unknown, number>();
  private found = new Map<unknown, number>();
  /** Index of the next `char` closing at level `escapes`, or line break, at or after `i`. */
  next(text: string, i: number, char: number, escapes: number): number {
    const key = char * 16 + escapes + 1;
    const from = this.from.get(key);
    const found = this.found.get(key);
    if (from !== undefined && found !== undefined && from <= i && i <= found) return found;
    let j = i;
    const n = text.length;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if ((c === char && closes(text, j, escapes)) || c === 10 || c === 13) break;
    }
    this.from.set(key, i);
    this.found.set(key, j);
    return j;
  }
  /** Index of the next character of `stop` at or after `i` (the text's length if none). */
  nextIn(text: string, i: number, stop: CharClass): number {
    const from = this.from.get(stop);
    const found = this.found.get(stop);
    if (from !== undefined && found !== undefined && from <= i && i <= found) return found;
    let j = i;
    const n = text.length;
    while (j < n && !stop.has(text.charCodeAt(j))) j++;
    this.from.set(stop, i);
    this.found.set(stop, j);
    return j;
  }
}
