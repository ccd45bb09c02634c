/** Character classes as ASCII tables and the small reads every detector shares (word edges, line breaks, a wrapped token body). */
export class CharClass {
  private readonly table = new Uint8Array(128);
  constructor(
    re: RegExp,
    private readonly other = false,
  ) {
    for (let c = 0; c < 128; c++) this.table[c] = re.test(String.fromCharCode(c)) ? 1 : 0;
  }
  has(c: number): boolean {
    return c < 128 ? this.table[c] === 1 : this.other && !Number.isNaN(c);
  }
  /** First index at or after `i` whose character is not in the class. */
  runEnd(text: string, i: number): number {
    const n = text.length;
    while (i < n && this.has(text.charCodeAt(i))) i++;
    return i;
  }
}

export const WORD = new CharClass(/[A-Za-z0-9_]/);
/** What may stand right before the `:`/`=` of a label: its name, a space, a closing quote or `]` (`cfg['SECRET_KEY'] =`). */
export const LABEL_END = new CharClass(/[A-Za-z \t"'\\\]]/);
export const DIGIT = new CharClass(/[0-9]/);
export const ALNUM = new CharClass(/[A-Za-z0-9]/);
export const B64URL = new CharClass(/[A-Za-z0-9_-]/);
export const B64 = new CharClass(/[A-Za-z0-9+/]/);
export const B64_PAD = new CharClass(/[A-Za-z0-9+/=]/);
export const UPPER_DIGIT = new CharClass(/[A-Z0-9]/);
export const LOWER_HEX = new CharClass(/[a-f0-9]/);
export const HEX = new CharClass(/[a-fA-F0-9]/);
export const SPACE = new CharClass(/[ \t]/);
export const WHITE = new CharClass(/\s/);
export const BEARER = new CharClass(/[A-Za-z0-9._~+/-]/);
export const SLACK = new CharClass(/[A-Za-z0-9-]/);
export const WEBHOOK = new CharClass(/[A-Za-z0-9_/-]/);
export const OAUTH = new CharClass(/[A-Za-z0-9._-]/);
export const SCHEME = new CharClass(/[A-Za-z0-9+.-]/);
/** Where a URL's authority (`user:pass@host:port`) stops. */
export const AUTHORITY_END = new CharClass(/[\s/"'`<>\\]/);
/** Where a userinfo password that holds a `/` must have reached its `@` (`s3://AKIA...:wJal/rX@bucket`). */
export const USERINFO_END = new CharClass(/[\s@"'`<>\\?#]/);
export const QUERY_VALUE = new CharClass(/[A-Za-z0-9%+/=_.~-]/);
/** An unquoted assignment value, as the old `[^\s"',;]`: non-ASCII characters belong. */
export const NPMRC_VALUE = new CharClass(/[^\s"']/, true);
/** An XML element name (`db-password`, `ns:Password`). */
export const XML_NAME = new CharClass(/[A-Za-z0-9_.:-]/);
/** Characters of a name in a `Name=` pair that follows a `,` `;` or `&` inside a bare value. */
export const PAIR_NAME = new CharClass(/[A-Za-z0-9_.-]/);

const TAG = /^\[REDACTED:[a-z_]+\]$/;
export const wordBefore = (text: string, at: number) => at > 0 && WORD.has(text.charCodeAt(at - 1));
export const wordAt = (text: string, at: number) => at < text.length && WORD.has(text.charCodeAt(at));

/** Length of the line break at `i` (`\n`, `\r\n`), 0 if none. */
export function lineBreak(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 10) return 1;
  if (c === 13 && text.charCodeAt(i + 1) === 10) return 2;
  return 0;
}

/**
 * A token body from `i`: the run of `cls`, continued across line breaks while it is shorter than
 * `full` (a token wrapped by a terminal or a tool's fixed-width output). Returns the end and the
 * number of token characters (line breaks not counted).
 */
export function tokenBody(text: string, i: number, cls: CharClass, full: number): { end: number; length: number } {
  let end = cls.runEnd(text, i);
  let length = end - i;
  for (let joins = 0; joins < 8 && length < full; joins++) {
    const br = lineBreak(text, end);
    if (!br || !cls.has(text.charCodeAt(end + br))) break;
    const next = cls.runEnd(text, end + br);
    length += next - end - br;
    end = next;
  }
  return { end, length };
}

export const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
export const isUpper = (c: number) => c >= 65 && c <= 90;
export const isLowerOrDigit = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

export const isTag = (s: string) => s.startsWith("[REDACTED:") && TAG.test(s);
