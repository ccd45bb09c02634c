/**
 * Cuts that never split a surrogate pair. `s.slice(0, n)` counts UTF-16 code units, so a cut can
 * fall inside an emoji and leave half of it: not valid Unicode, sent to a provider as U+FFFD or
 * refused. These give at most `n` code units, one fewer where the cut would split a pair.
 */
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** The first at most `n` code units of `s`. */
export function headOf(s: string, n: number): string {
  if (s.length <= n) return s;
  if (n <= 0) return "";
  return s.slice(0, isHigh(s.charCodeAt(n - 1)) && isLow(s.charCodeAt(n)) ? n - 1 : n);
}

/** The last at most `n` code units of `s`. */
export function tailOf(s: string, n: number): string {
  if (s.length <= n) return s;
  if (n <= 0) return "";
  const from = s.length - n;
  return s.slice(isLow(s.charCodeAt(from)) && isHigh(s.charCodeAt(from - 1)) ? from + 1 : from);
}
