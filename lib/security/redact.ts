/**
 * Secret redaction, applied before anything is written (memories, checkpoints, CCR entries, KV).
 * Each secret is replaced with `[REDACTED:<kind>]`; where a secret sits after a label (`Bearer `,
 * `PASSWORD=`, `user:` in a URL, `-p` of mysql) the label is kept so the text still reads.
 *
 * Linear time on any input. No detector is a free-running regular expression: each one finds an
 * anchor (a short literal such as `ghp_`, `://`, `-----BEGIN `, a keyword) with a regex of bounded
 * length, then reads forward by hand (and back, a bounded look, for a label's name). After an
 * anchor, the search for the next one resumes where that reading stopped, so no character is read
 * twice by the same detector (a run that failed to be a token from its first anchor cannot be one
 * from a later anchor inside it). All detectors work on the original text and report spans;
 * overlapping spans are merged into one, named after the detector listed first. The work can be
 * cut into slices at any position (`redactAsync`): anchors are searched slice by slice, a span that
 * starts in one slice may end in the next, and a span may start up to LOOKBACK characters before
 * its anchor (`echo PASS | docker login --password-stdin`).
 */
import { trimEnd } from "../trim-end";
import { runAll, runSliced, type Steps } from "../compression/slices";
import { mapJsonSteps } from "./map-json";

interface Span {
  start: number;
  end: number;
  /** Index of the detector in DETECTORS: the smaller wins the name when spans merge. */
  d: number;
}

interface Detector {
  kind: string;
  /**
   * Global, bounded-length, no leading `\b` (checked by hand on the whole text, see `wordBefore`);
   * or the character codes (up to three) of a one-character anchor, found by a plain loop (a regex call per
   * character costs too much where such characters are dense, as `:` and `=` are in code and logs).
   */
  anchor: RegExp | number[];
  /** Reads the secret at an anchor; pushes its span(s) and returns where the anchor search resumes. */
  read(text: string, at: number, end: number, push: (start: number, end: number) => void, quotes: QuoteFinder): number;
}

// ---------------------------------------------------------------------------------------------
// Character classes as ASCII tables; `other` says whether a non-ASCII character belongs.

class CharClass {
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

const WORD = new CharClass(/[A-Za-z0-9_]/);
/** What may stand right before the `:`/`=` of a label: its name, a space, a closing quote or `]` (`cfg['SECRET_KEY'] =`). */
const LABEL_END = new CharClass(/[A-Za-z \t"'\\\]]/);
const DIGIT = new CharClass(/[0-9]/);
const ALNUM = new CharClass(/[A-Za-z0-9]/);
const B64URL = new CharClass(/[A-Za-z0-9_-]/);
const B64 = new CharClass(/[A-Za-z0-9+/]/);
const B64_PAD = new CharClass(/[A-Za-z0-9+/=]/);
const UPPER_DIGIT = new CharClass(/[A-Z0-9]/);
const LOWER_HEX = new CharClass(/[a-f0-9]/);
const HEX = new CharClass(/[a-fA-F0-9]/);
const SPACE = new CharClass(/[ \t]/);
const WHITE = new CharClass(/\s/);
const BEARER = new CharClass(/[A-Za-z0-9._~+/-]/);
const SLACK = new CharClass(/[A-Za-z0-9-]/);
const WEBHOOK = new CharClass(/[A-Za-z0-9_/-]/);
const OAUTH = new CharClass(/[A-Za-z0-9._-]/);
const SCHEME = new CharClass(/[A-Za-z0-9+.-]/);
/** Where a URL's authority (`user:pass@host:port`) stops. */
const AUTHORITY_END = new CharClass(/[\s/"'`<>\\]/);
/** Where a userinfo password that holds a `/` must have reached its `@` (`s3://AKIA...:wJal/rX@bucket`). */
const USERINFO_END = new CharClass(/[\s@"'`<>\\?#]/);
const QUERY_VALUE = new CharClass(/[A-Za-z0-9%+/=_.~-]/);
/** An unquoted assignment value, as the old `[^\s"',;]`: non-ASCII characters belong. */
const NPMRC_VALUE = new CharClass(/[^\s"']/, true);
/** An XML element name (`db-password`, `ns:Password`). */
const XML_NAME = new CharClass(/[A-Za-z0-9_.:-]/);
/** Characters of a name in a `Name=` pair that follows a `,` `;` or `&` inside a bare value. */
const PAIR_NAME = new CharClass(/[A-Za-z0-9_.-]/);

const TAG = /^\[REDACTED:[a-z_]+\]$/;
const wordBefore = (text: string, at: number) => at > 0 && WORD.has(text.charCodeAt(at - 1));
const wordAt = (text: string, at: number) => at < text.length && WORD.has(text.charCodeAt(at));

/** Length of the line break at `i` (`\n`, `\r\n`), 0 if none. */
function lineBreak(text: string, i: number): number {
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
function tokenBody(text: string, i: number, cls: CharClass, full: number): { end: number; length: number } {
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

// ---------------------------------------------------------------------------------------------
// Tokens with a fixed prefix.

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

function prefixToken(t: PrefixToken): Detector {
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

// ---------------------------------------------------------------------------------------------
// `label <sep> value` readers.

/** Length of a quote at `i`: `"`, `'`, or an escaped `\"` / `\\\"` (JSON inside JSON). 0 if none. */
function quoteAt(text: string, i: number): { len: number; char: number } {
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
function separator(text: string, i: number, only?: ":" | "="): number {
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
class QuoteFinder {
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

/**
 * A quoted value that names a secret instead of holding it: `"$VAR"`, `"${VAR}"`,
 * `"${env.NEXUS_PASSWORD}"`, `"{{ .Values.password }}"`, `"<%= ENV['X'] %>"`, `"%PASSWORD%"`.
 */
const REFERENCE = /^(?:\$\{?\w+\}?|\$\{\s*[\w.:]+\s*\}|\$?\{\{[^{}]*\}\}|<%=?[^%]*%>|%\w+%)$/;

/**
 * A value at `i`: quoted (to the closing quote on the same line, quotes included in the span, or
 * left outside it with `inside`) or bare (a run of `bare`, or up to where `bare` says it ends).
 * Returns [start, end] of the span, or undefined; `stop` is where the reader got to. `isCode` tells
 * a bare value that is code (told where the label's name ends, its `:`/`=` and where the value ends).
 */
function value(
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
function bareValueEnd(text: string, i: number): number {
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

/**
 * A bare value that is code, not a secret: `password = getPassword()`, `token: string`,
 * `key = process.env.KEY`, `password = user.password`, `$VAR`, `${VAR}`. (A quoted value is always
 * taken.) It must read as code: a path of identifiers (`a.b`, `a?.b`, `$a->b`, `A::b`) followed by
 * a call or an index, or a path that names a program's object (`config.db.password`, `self._pw`,
 * `TokenType.ACCESS`), or a variable. Identifiers spelled as passwords (`Passw0rd(2024)`,
 * `$uperS3cret!`) and dotted words (`correct.horse.battery`) are values.
 */
const CODE_WORDS =
  /^(?:await|new|null|nil|none|true|false|undefined|this|self|function|async|yield|typeof|string|number|boolean|bool|str|int|bytes|any|unknown|object|optional|required|enabled|disabled)$/i;
const IDENTIFIER = /[A-Za-z_][\w$]*/y;
/** A mixed-case word with a digit inside a word (`Passw0rd`, `S3cret`): a password's spelling, not an identifier's (`b64encode`, `oauth2Client`). */
const passwordSpelling = (word: string) => /[A-Z]/.test(word) && /[a-z]/.test(word) && /\d[a-z]/.test(word);
/** A path part that says the path is a program's: it names a secret (`user.password`) or is spelled as code (`DB_PASSWORD`, `cleaned_data`, `fromEnv`). */
const SECRET_PART = /pass|pwd|pw|secret|token|key|auth|cred/i;
const CODE_PART = /_|[a-z][A-Z]|^[A-Z][A-Z0-9]+$/;
const CODE_ROOTS = new Set(
  "process os env environ self this cls config conf cfg settings options opts args argv params props state ctx context req request res response resp data body form input window document global globalthis import secrets vars values app user account auth credentials creds client session db module sys obj item row record entry payload result json".split(
    " ",
  ),
);
function looksLikeCode(v: string): boolean {
  if (v.length > 256) return false; // no expression is that long without a space
  if (CODE_WORDS.test(v)) return true;
  const first = v.charCodeAt(0);
  if (first === 91 || first === 40 || first === 123) return true; // a literal or an expression: [a, b], (await x), {password}
  let i = 0;
  const dollar = v.charCodeAt(0) === 36;
  if (dollar) {
    const c = v.charCodeAt(1);
    if (c === 123 || c === 40) return true; // ${VAR}, ${{ secrets.X }}, $(cat file)
    i = 1;
  }
  const parts: string[] = [];
  for (;;) {
    IDENTIFIER.lastIndex = i;
    const m = IDENTIFIER.exec(v);
    if (!m) return false;
    parts.push(m[0]);
    i += m[0].length;
    if (v.startsWith("?.", i) || v.startsWith("->", i) || v.startsWith("::", i) || v.startsWith("!.", i)) i += 2;
    else if (v.charCodeAt(i) === 46) i += 1;
    else break;
    const d = v.charCodeAt(i);
    if (d === 123 || d === 91) break; // Perl's `$cfg->{password}`, `$a->[0]`
  }
  if (parts.some(passwordSpelling)) return false;
  const c = v.charCodeAt(i);
  if (c === 40 || c === 91 || (c === 123 && dollar)) return true; // a call or an index: getPassword(), os.getenv(, parts[1], $_POST[, $h{pw}
  // Only closing punctuation may follow (`user.password;`, `config.token)`, `user.password!` in TypeScript).
  for (let k = i; k < v.length; k++) {
    const d = v.charCodeAt(k);
    if (!(d === 59 || d === 41 || (d === 33 && !dollar))) return false;
  }
  if (dollar) return true; // $VAR, $this->password
  if (parts.length < 2) return false; // a lone word is a value: PASSWORD=hunter2xyz
  const root = parts[0];
  return CODE_ROOTS.has(root.toLowerCase()) || root.length === 1 || parts.some((p) => SECRET_PART.test(p) || CODE_PART.test(p));
}

const isTag = (s: string) => s.startsWith("[REDACTED:") && TAG.test(s);

/** A detector for `<anchor><separator><value>`, the value replaced. */
function labelled(
  kind: string,
  anchor: RegExp,
  opts: {
    min: number;
    bare: CharClass;
    only?: ":" | "=";
    /** The value is exactly `min` characters of `bare` (aws_secret_key's 40); quotes stay outside the span. */
    exact?: boolean;
  },
): Detector {
  return {
    kind,
    anchor,
    read(text, _at, anchorEnd, push, finder) {
      let v = separator(text, anchorEnd, opts.only);
      if (v < 0) return anchorEnd;
      if (opts.exact) {
        v += quoteAt(text, v).len;
        const e = opts.bare.runEnd(text, v);
        if (e - v === opts.min) push(v, e);
        return Math.max(anchorEnd, e);
      }
      const r = value(text, v, opts.min, opts.bare, finder);
      if (r.span) push(r.span[0], r.span[1]);
      return Math.max(anchorEnd, r.stop);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Readers with their own shape.

/** `-----BEGIN ... PRIVATE KEY-----`, to its END line, or (no END: `head id_rsa`) to the end of the base64 body. */
const privateKey: Detector = {
  kind: "private_key",
  anchor: /-----BEGIN /g,
  read(text, at, anchorEnd, push) {
    const close = text.indexOf("-----", anchorEnd);
    if (close < 0 || close - anchorEnd > 60 || !/^(?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?$/.test(text.slice(anchorEnd, close))) return anchorEnd;
    let p = close + 5;
    let bodyEnd = -1;
    // Armor headers (`Proc-Type: 4,ENCRYPTED`, `Version: ...`) right after BEGIN.
    for (let h = 0; h < 8; h++) {
      const line = skipSeparators(text, p);
      const m = /[A-Za-z-]{2,40}: [^\n\\]{0,200}/y;
      m.lastIndex = line;
      if (line === p || !m.test(text)) break;
      p = m.lastIndex;
    }
    for (;;) {
      const q = skipSeparators(text, p);
      if (text.startsWith("-----END ", q)) {
        const endClose = text.indexOf("-----", q + 9);
        if (endClose >= 0 && endClose - q < 80) return (push(at, endClose + 5), endClose + 5);
        break;
      }
      const e = B64_PAD.runEnd(text, q);
      if (e === q) break;
      // A chunk is body only if it stands alone: followed by a separator, a quote, END or the end.
      const after = text.charCodeAt(e);
      if (!(e >= text.length || WHITE.has(after) || after === 92 || after === 34 || after === 39 || after === 45)) break;
      // Short chunks (a last line, or words of prose after a cut-off key) count only once a long one follows.
      if (e - q >= 16 || text.charCodeAt(e - 1) === 61) bodyEnd = e;
      p = e;
    }
    if (bodyEnd > 0) push(at, bodyEnd);
    return Math.max(anchorEnd, p);
  },
};

/** Spaces, line breaks, and escaped line breaks (`\n` inside a JSON string). */
function skipSeparators(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else if (c === 92) {
      let j = i;
      while (text.charCodeAt(j) === 92) j++;
      const e = text.charCodeAt(j);
      if (e === 110 || e === 114) i = j + 1;
      else return i;
    } else return i;
  }
}

/** `eyJ<b64url>.eyJ<b64url>.<b64url>`, each part at least 8 characters after its prefix. */
const jwt: Detector = {
  kind: "jwt",
  anchor: /eyJ/g,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    const e1 = B64URL.runEnd(text, anchorEnd);
    if (e1 - anchorEnd < 8 || text.charCodeAt(e1) !== 46 || !text.startsWith("eyJ", e1 + 1)) return e1;
    // From here a failure resumes at the second `eyJ`, which may start a token of its own.
    const e2 = B64URL.runEnd(text, e1 + 4);
    if (e2 - e1 - 4 < 8 || text.charCodeAt(e2) !== 46) return e1 + 1;
    const e3 = B64URL.runEnd(text, e2 + 1);
    if (e3 - e2 - 1 < 8) return e1 + 1;
    push(at, e3);
    return e3;
  },
};

/** `SG.<16-32>.<16+>` */
const sendgrid: Detector = {
  kind: "sendgrid_key",
  anchor: /SG\./g,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    const e1 = B64URL.runEnd(text, anchorEnd);
    if (e1 - anchorEnd < 16 || e1 - anchorEnd > 32 || text.charCodeAt(e1) !== 46) return e1;
    const e2 = B64URL.runEnd(text, e1 + 1);
    if (e2 - e1 - 1 < 16) return e1 + 1;
    push(at, e2);
    return e2;
  },
};

/** `scheme://user:password@host` (the user may be empty: `redis://:pw@host`); the last `@` ends the password. */
const urlPassword: Detector = {
  kind: "url_password",
  anchor: /:\/\//g,
  read(text, at, anchorEnd, push, quotes) {
    if (at === 0 || !SCHEME.has(text.charCodeAt(at - 1))) return anchorEnd;
    let colon = -1;
    let lastAt = -1;
    let p = anchorEnd;
    const n = text.length;
    for (; p < n; p++) {
      const c = text.charCodeAt(p);
      if (AUTHORITY_END.has(c)) break;
      if (c === 64) lastAt = p;
      else if (c === 58 && colon < 0) colon = p;
    }
    if (colon >= 0 && lastAt < 0 && text.charCodeAt(p) === 47) {
      // A password may hold a `/` (an AWS secret key: `s3://AKIA...:wJal/rXUt@bucket/key`): the
      // authority then ends at the `@` met before any white space, quote, `?` or `#`, when what
      // stood before the first `/` was no port (`host:8080/@scope`).
      const found = quotes.nextIn(text, p, USERINFO_END);
      if (text.charCodeAt(found) === 64 && found - colon <= 256 && !/^[\d.]*$/.test(text.slice(colon + 1, p)) && B64URL.has(text.charCodeAt(found + 1))) {
        if (!isTag(text.slice(colon + 1, found))) push(colon + 1, found);
        return found + 1;
      }
    }
    if (colon >= 0 && lastAt > colon + 1 && !isTag(text.slice(colon + 1, lastAt))) push(colon + 1, lastAt);
    // `host?u=https://...`: the `:` of a nested `://` is the authority's last character.
    return text.charCodeAt(p - 1) === 58 ? p - 1 : Math.max(anchorEnd, p);
  },
};

/**
 * `Authorization: Basic <base64 of user:password>`, the scheme in any case (HTTP's schemes are
 * case-insensitive), also URL-encoded (`Basic%20...`); prose ("Basic usage") does not decode to `x:y`.
 */
const basicAuth: Detector = {
  kind: "basic_auth",
  anchor: /basic(?:[ \t]+|%20)/gi,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    let e = B64.runEnd(text, anchorEnd);
    if (e - anchorEnd < 8) return Math.max(anchorEnd, e);
    while (text.charCodeAt(e) === 61) e++;
    if (wordAt(text, e)) return e;
    const decoded = Buffer.from(text.slice(anchorEnd, e), "base64").toString("utf8");
    if (/^[^\x00-\x1f\x7f\ufffd:]*:[^\x00-\x1f\x7f\ufffd]+$/.test(decoded)) push(anchorEnd, e);
    return e;
  },
};

/**
 * `Bearer <token>` / `Token <token>` (GitHub's `Authorization: token <40 hex>`). HTTP's schemes
 * are case-insensitive: `bearer`, `BEARER`, `token` count after an `Authorization` header name
 * (`authorization: bearer x`, `{"authorization":"token x"}`); elsewhere a `bearer` in another case
 * needs a token with digits and letters, and a `token` in another case is a word of prose.
 */
const bearer: Detector = {
  kind: "bearer_token",
  anchor: /(?:bearer|token)(?:[ \t]+|%20)/gi,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    let e = BEARER.runEnd(text, anchorEnd);
    if (e - anchorEnd < 16) return Math.max(anchorEnd, e);
    while (text.charCodeAt(e) === 61) e++;
    const isBearer = lower(text.charCodeAt(at)) === 98;
    const scheme = text.slice(at, at + (isBearer ? 6 : 5));
    const token = text.slice(anchorEnd, e);
    const ok = scheme === "Bearer" || scheme === "Token" || authorizationBefore(text, at) || (isBearer && /[0-9]/.test(token) && /[A-Za-z]/.test(token));
    if (ok && !isTag(token)) push(anchorEnd, e);
    return e;
  },
};

/** Back from `k` over spaces, quotes and the `]` of `headers['Authorization']`, at most 24 characters before `at`. */
function backOverQuotes(text: string, k: number, at: number): number {
  while (k > 0 && at - k < 24) {
    const c = text.charCodeAt(k - 1);
    if (c === 32 || c === 9 || c === 34 || c === 39 || c === 92 || c === 96 || c === 93) k--;
    else break;
  }
  return k;
}

/** Whether `at` follows an `Authorization` (or `Proxy-Authorization`) header name and its `:`/`=`, quotes allowed. */
function authorizationBefore(text: string, at: number): boolean {
  let k = backOverQuotes(text, at, at);
  const c = text.charCodeAt(k - 1);
  if (c !== 58 && c !== 61) return false;
  k = backOverQuotes(text, k - 1, at);
  const name = "authorization";
  if (k < name.length) return false;
  for (let i = 0; i < name.length; i++) if (lower(text.charCodeAt(k - name.length + i)) !== name.charCodeAt(i)) return false;
  return true;
}

/** `?sig=` of an Azure SAS URL and the signature or session token of S3 / GCS presigned URLs. */
const signedUrl: Detector = {
  kind: "signed_url",
  anchor: /(?:sig|signature|x-amz-signature|x-goog-signature|x-amz-security-token)=/gi,
  read(text, at, anchorEnd, push) {
    const before = text.charCodeAt(at - 1);
    if (!(before === 63 || before === 38 || before === 59)) return anchorEnd; // ? & ;
    const e = QUERY_VALUE.runEnd(text, anchorEnd);
    if (e - anchorEnd >= 16) push(anchorEnd, e);
    return Math.max(anchorEnd, e);
  },
};

/**
 * Passwords on a command line: `mysql -pPASS` (and mysqldump, mariadb...), `sshpass -p PASS`,
 * `curl -u user:PASS` / `--user=user:PASS`, `docker login -p PASS`, `openssl ... -passin pass:PASS`,
 * `redis-cli -a PASS`, `keytool -storepass PASS`,
 * `.netrc`'s `machine h login u password PASS`.
 * The rest of the line is read once as shell words; a command word met on the way switches the
 * rules (`cd x && curl -u a:b`). `-p 8080`, `mysql -p` (prompt) and `$VARIABLES` are left alone.
 * Only the first 16 KB after a command word are read (a longer command line is no shell's).
 */
// The name's tail is bounded: `mysql[a-z]*` ran to the end of a long run of letters at every
// `mysql` in it (1 MB of `mysqlmysql…` took a minute).
const COMMAND = /^(?:mysql[a-z]{0,16}|mariadb[a-z-]{0,16}|sshpass|curl|docker|machine|openssl|redis-cli|keytool)$/;
const CLI_LINE_LIMIT = 16 * 1024;
const COMMAND_START = new Uint8Array(128);
for (const c of "mscdork") COMMAND_START[c.charCodeAt(0)] = 1;
const cliPassword: Detector = {
  kind: "cli_password",
  anchor: /(?:mysql[a-z]{0,16}|mariadb[a-z-]{0,16}|sshpass|curl|docker|machine|openssl|redis-cli|keytool)[ \t]/g,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at) || (at > 0 && text.charCodeAt(at - 1) === 45)) return anchorEnd;
    let cmd = text.slice(at, anchorEnd - 1);
    let p = anchorEnd;
    let takeNext: "value" | "userpass" | null = null;
    let dockerLogin = false;
    // A command line is read up to 16 KB, so the spans found ahead of the scan stay few.
    const n = Math.min(text.length, anchorEnd + CLI_LINE_LIMIT);
    while (p < n) {
      p = SPACE.runEnd(text, p);
      // A bare `\r` ends the command line too (a terminal redraw): the word loop below stops at it,
      // so going on would read an empty word at the same place for ever.
      if (p >= n || lineBreak(text, p) || text.charCodeAt(p) === 13) break;
      // One shell word, quotes kept whole.
      const start = p;
      while (p < n) {
        const c = text.charCodeAt(p);
        if (c === 32 || c === 9 || c === 10 || c === 13) break;
        if (c === 34 || c === 39) {
          // To the closing quote, or the end of the line (all of it read once either way).
          let q = p + 1;
          while (q < n && text.charCodeAt(q) !== c && !lineBreak(text, q)) q++;
          p = q < n && text.charCodeAt(q) === c ? q + 1 : q;
        } else p++;
      }
      if (p === start) break; // nothing read: never loop in place
      const word = text.slice(start, p);
      if (takeNext) {
        secretOf(word, start, takeNext, push);
        takeNext = null;
        continue;
      }
      if (word.length <= 16 && COMMAND_START[word.charCodeAt(0)] && COMMAND.test(word)) {
        cmd = word;
        dockerLogin = false;
        continue;
      }
      if (cmd === "docker") {
        if (word === "login") dockerLogin = true;
        else if (dockerLogin && (word === "-p" || word === "--password")) takeNext = "value";
      } else if (cmd === "sshpass") {
        if (word === "-p") takeNext = "value";
        else if (word.startsWith("-p")) secretOf(word.slice(2), start + 2, "value", push);
      } else if (cmd === "curl") {
        if (word === "-u" || word === "--user" || word === "-U" || word === "--proxy-user") takeNext = "userpass";
        else if (/^--(?:proxy-)?user=/.test(word)) {
          const eq = word.indexOf("=") + 1;
          secretOf(word.slice(eq), start + eq, "userpass", push);
        } else if (/^-[uU]./.test(word)) secretOf(word.slice(2), start + 2, "userpass", push);
      } else if (cmd === "machine") {
        if (word === "password") takeNext = "value";
      } else if (cmd === "openssl") {
        // `-passin pass:secret`, `-passout pass:secret`, `-pass pass:secret` (not `env:VAR`, `file:path`).
        if (word.startsWith("pass:") && word.length > 5) secretOf(word.slice(5), start + 5, "value", push);
      } else if (cmd === "redis-cli") {
        if (word === "-a" || word === "--pass") takeNext = "value";
      } else if (cmd === "keytool") {
        // `-storepass`, `-keypass`, `-srcstorepass`, `-deststorepass`, `-new`'s new password.
        if (/^-(?:src|dest)?(?:store|key)pass$|^-new$/.test(word)) takeNext = "value";
      } else if (word.length > 2 && word.startsWith("-p")) secretOf(word.slice(2), start + 2, "value", push); // mysql family
    }
    return Math.max(anchorEnd, p);
  },
};

/** The secret of a command-line word: the whole value, or what follows the first `:` of `user:pass`. */
function secretOf(word: string, at: number, shape: "value" | "userpass", push: (s: number, e: number) => void) {
  let s = 0;
  let e = word.length;
  const q = word[0];
  if ((q === '"' || q === "'") && word.length >= 2 && word.endsWith(q)) (s = 1), (e = word.length - 1);
  if (shape === "userpass") {
    const colon = word.indexOf(":", s);
    if (colon < 0 || colon >= e - 1) return;
    s = colon + 1;
  }
  const secret = word.slice(s, e);
  if (!secret || secret.startsWith("$") || secret.startsWith("-") || isTag(secret)) return;
  push(at + s, at + e);
}

/**
 * `NAME=value`, `NAME: value`, `"name": "value"`, `\"name\":\"value\"`, `'name' => 'value'`,
 * `cfg['NAME'] = 'value'` where NAME ends in a secret-ish word (API_KEY, *_SECRET, *_TOKEN,
 * PASSWORD, SECRET_KEY, *_PASS, ...); `Pwd=` alone only in a connection string.
 * The anchor is the `:` or `=`, the name is read backwards from it (a bounded look), so the
 * keyword alternation never runs over the whole text.
 */
interface EnvWord {
  w: string;
  /**
   * A short word that must be a part of the name of its own, after `_` `-` `.` or at a camelCase
   * hump (`DB_PASS`, `smtp-pass`, `dbPwd`): not inside a word (`BYPASS`, `COMPASS`, `OLDPWD`), nor
   * the whole name (`PWD=/home/me` of `env`, "First pass: ..." in prose).
   */
  part?: boolean;
  /** A number may be the secret (`DB_PASSWORD=12345678`); after `MAX_TOKEN=`, `first_pass =` it is none. */
  numbers?: boolean;
}
const ENV_WORDS: EnvWord[] = [
  ...["secret", "token", "credential", "credentials", "auth"].map((w) => ({ w })),
  ...["password", "passwd", "passphrase"].map((w) => ({ w, numbers: true })),
  { w: "pwd", part: true, numbers: true },
  { w: "pass", part: true },
  { w: "pw", part: true },
  // Keys that are secrets by what they do: API and access keys, private and secret keys, the keys
  // that encrypt or sign (Django's SECRET_KEY, Rails' SECRET_KEY_BASE and master key, Laravel's APP_KEY).
  ...["api", "access", "private", "secret", "encryption", "signing", "master", "hmac", "license"].flatMap((p) =>
    [`${p}key`, `${p}_key`, `${p}-key`].map((w) => ({ w })),
  ),
  { w: "app_key" },
  { w: "key_base", part: true },
  { w: "key-base", part: true },
];
const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLowerOrDigit = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
/** Whether a name part starts at `start`: after `_` `-` `.`, or at a camelCase hump (`dbPass`). */
function partAt(text: string, start: number): boolean {
  const before = text.charCodeAt(start - 1);
  return before === 95 || before === 45 || before === 46 || (isUpper(text.charCodeAt(start)) && isLowerOrDigit(before));
}
/** The words by their last character. */
const ENV_LAST: EnvWord[][] = Array.from({ length: 128 }, () => []);
for (const word of ENV_WORDS) ENV_LAST[word.w.charCodeAt(word.w.length - 1)].push(word);
/** The secret-ish word ending at `j` (any case), if any. */
function envWordBefore(text: string, j: number): EnvWord | undefined {
  const last = lower(text.charCodeAt(j - 1));
  if (!(last < 128)) return undefined;
  next: for (const word of ENV_LAST[last]) {
    const w = word.w;
    if (j < w.length) continue;
    const start = j - w.length;
    for (let k = 0; k < w.length - 1; k++) if (lower(text.charCodeAt(start + k)) !== w.charCodeAt(k)) continue next;
    if (word.part && !partAt(text, start)) {
      const before = text.charCodeAt(start - 1);
      if (WORD.has(before)) continue; // BYPASS, COMPASS, OLDPWD
      // The whole name: `Pwd=` only in a connection string (`...;Pwd=secret;`); `pass` as envSecret allows.
      if (!(w === "pass" || (w === "pwd" && text.charCodeAt(before === 32 ? start - 2 : start - 1) === 59))) continue;
    }
    return word;
  }
  return undefined;
}

/** The name that ends at `j` (letters, digits, `_` `-` `.`, at most 64): whole, and its last dotted part. */
function nameBefore(text: string, j: number): string[] {
  let s = j;
  while (s > 0 && j - s < 64 && PAIR_NAME.has(text.charCodeAt(s - 1))) s--;
  const name = text.slice(s, j).toLowerCase();
  return [name, name.slice(name.lastIndexOf(".") + 1)].map((n) => n.replace(/[_.-]/g, ""));
}
/** A variable named after a secret (`hashed_password`, `newPassword`, `access_token`): code, where a password is rarely spelled so. */
const SECRET_VARIABLE = /^[a-z_$][A-Za-z_$]*(?:_|[a-z][A-Z])/;

const NUMBER = /^[+-]?\d{1,8}(?:\.\d+)?$/;
const TYPE_NAME = /^[A-Z][A-Za-z]*(?:\[\])?[)>]*$/;

/** A bare value after the secret-ish name that ends at `nameEnd` that is code, or obviously no secret. */
function envValueIsCode(v: string, text: string, nameEnd: number, sepAt: number, end: number): boolean {
  if (v.length > 256) return false;
  if (looksLikeCode(v)) return true;
  // A type annotation: `privateKey: KeyLike | string`, `(token: Token) =>`, `hmacKey: Buffer,` (a
  // type name, then what closes or joins types). At the end of a line it may be a YAML password.
  if (text.charCodeAt(sepAt) === 58 && TYPE_NAME.test(v)) {
    if (v.charCodeAt(v.length - 1) === 41) return true;
    const next = text.charCodeAt(SPACE.runEnd(text, end));
    if (next === 44 || next === 59 || next === 41 || next === 124 || next === 38 || next === 61 || next === 123 || next === 62) return true;
  }
  // `password=password` (a keyword argument), `self.token = token`, `password: Password` (a type)
  const bare = trimEnd(v, ";)").replace(/[_.-]/g, "").toLowerCase();
  if (nameBefore(text, nameEnd).includes(bare)) return true;
  if (SECRET_VARIABLE.test(v) && /^[A-Za-z_$]+$/.test(v) && SECRET_PART.test(v)) return true;
  // `MAX_TOKEN=4096`, `auth: 1`: a number is no key; it may be a password
  return !envWordBefore(text, nameEnd)?.numbers && NUMBER.test(v);
}

const envSecret: Detector = {
  kind: "env_secret",
  anchor: [58, 61, 62], // : = and the > of <password>
  read(text, at, anchorEnd, push, quotes) {
    if (text.charCodeAt(at) === 62) return xmlSecret(text, at, anchorEnd, push);
    // Back over spaces and a closing quote (escaped or not), or `']` of `cfg['NAME']`, to the end of the name.
    let j = at;
    while (j > 0 && at - j < 32 && SPACE.has(text.charCodeAt(j - 1))) j--;
    if (text.charCodeAt(j - 1) === 93 /* ] */) j--;
    const q = text.charCodeAt(j - 1);
    if (q === 34 || q === 39) {
      j--;
      while (j > 0 && text.charCodeAt(j - 1) === 92) j--;
    } else if (j < at && text.charCodeAt(j) === 93) return anchorEnd; // `a[password] =`: an index, not a name
    const word = envWordBefore(text, j);
    if (!word) return anchorEnd;
    // `'password' => 'secret'` (PHP, Perl, Ruby): only a quoted value, `password => hash(password)` is a JavaScript arrow function.
    const arrow = text.charCodeAt(at) === 61 && text.charCodeAt(anchorEnd) === 62;
    const v = SPACE.runEnd(text, anchorEnd + (arrow ? 1 : 0));
    if (arrow && !quoteAt(text, v).len) return anchorEnd;
    // `pass` as the whole name: `PASS=` (an environment variable) or `"pass": "..."` (a quoted key and
    // value), not "First pass: ..." of prose nor `pass: true` of a test result.
    if (word.w === "pass" && !partAt(text, j - 4)) {
      const quoted = (q === 34 || q === 39) && quoteAt(text, v).len > 0;
      if (!quoted && !(text.startsWith("PASS", j - 4) && text.charCodeAt(at) === 61)) return anchorEnd;
    }
    // A quoted value keeps its quotes (`"password": "[REDACTED:env_secret]"` is still JSON).
    const r = value(text, v, 4, bareValueEnd, quotes, envValueIsCode, true, j, at);
    if (r.span) push(r.span[0], r.span[1]);
    return Math.max(anchorEnd, r.stop);
  },
};

/**
 * `<password>secret</password>` (Maven's settings.xml, .NET and Java configuration files): an
 * element whose name ends in a secret-ish word, its text on one line, closed by the same name.
 * Placeholders (`${env.PASSWORD}`, `{{ token }}`, `{token}` of JSX) are left alone.
 */
function xmlSecret(text: string, at: number, anchorEnd: number, push: (start: number, end: number) => void): number {
  if (!envWordBefore(text, at)) return anchorEnd;
  let s = at;
  while (s > 0 && at - s < 64 && XML_NAME.has(text.charCodeAt(s - 1))) s--;
  if (s === 0 || text.charCodeAt(s - 1) !== 60 /* < */) return anchorEnd;
  let e = anchorEnd;
  const n = text.length;
  while (e < n && text.charCodeAt(e) !== 60 && !lineBreak(text, e)) e++;
  // The closing tag, the same name in any case. Otherwise (`Promise<Token> { password = x`) the
  // search resumes right after the `>`; the look ahead stopped at the first `<`, before the `<` of
  // any later element, so no text is looked through twice.
  const len = at - s;
  if (text.charCodeAt(e) !== 60 || text.charCodeAt(e + 1) !== 47 || text.charCodeAt(e + 2 + len) !== 62) return anchorEnd;
  for (let k = 0; k < len; k++) if (lower(text.charCodeAt(e + 2 + k)) !== lower(text.charCodeAt(s + k))) return anchorEnd;
  let a = anchorEnd;
  let b = e;
  while (a < b && WHITE.has(text.charCodeAt(a))) a++;
  while (b > a && WHITE.has(text.charCodeAt(b - 1))) b--;
  const inner = text.slice(a, b);
  if (b - a >= 4 && !inner.startsWith("[REDACTED:") && !REFERENCE.test(inner) && !/^\{.*\}$/.test(inner) && !CODE_WORDS.test(inner)) push(a, b);
  return e;
}

/**
 * `<add key="DbPassword" value="..." />` (.NET appSettings), `<property name="password" value="..."/>`
 * (Spring, Ant, Hibernate), `<param name="token" value="..."/>`: the value attribute of a tag whose
 * key or name attribute names a secret. Placeholders (`${db.password}`, `%DB_PASSWORD%`) stay.
 */
const xmlAttributeSecret: Detector = {
  kind: "env_secret",
  anchor: /value\s{0,4}=\s{0,4}["']/gi,
  read(text, at, anchorEnd, push, scan) {
    if (WORD.has(text.charCodeAt(at - 1)) || !tagNamesSecret(text, at, scan.tag)) return anchorEnd;
    const quote = text.charCodeAt(anchorEnd - 1);
    let e = anchorEnd;
    while (e < text.length && e - anchorEnd < 1024 && text.charCodeAt(e) !== quote && !ATTRIBUTE_STOP.has(text.charCodeAt(e))) e++;
    if (text.charCodeAt(e) !== quote) return anchorEnd;
    const inner = text.slice(anchorEnd, e);
    if (inner.length >= 4 && !inner.startsWith("[REDACTED:") && !REFERENCE.test(inner) && !/^\{.*\}$/.test(inner) && !CODE_WORDS.test(inner))
      push(anchorEnd, e);
    return e;
  },
};
/** What an attribute's quoted value never holds: a tag's brackets, a line break. */
const ATTRIBUTE_STOP = new CharClass(/[<>\n\r]/);
/** Where the look back for a tag's `<` stops: the `<` itself, the `>` of an earlier tag, a line break. */
const TAG_STOP = new CharClass(/[<>\n\r]/);
/** A tag is at most this long before its value attribute. */
const MAX_TAG = 256;
/**
 * Whether the tag around `at` (its `<` on the same line, at most MAX_TAG before) has a key or name
 * attribute naming a secret. `m` is what was read for the previous anchor of this scan (anchors come
 * in order): where the look back stopped, and in that tag how far its attributes were read and
 * whether one named a secret. Each character is looked back over and read as an attribute once,
 * however dense the anchors are.
 */
function tagNamesSecret(text: string, at: number, m: QuoteFinder["tag"]): boolean {
  const same = m.at >= 0 && m.at <= at;
  let s = at;
  const floor = same ? m.at : Math.max(0, at - MAX_TAG);
  while (s > floor && !TAG_STOP.has(text.charCodeAt(s - 1))) s--;
  const stop = s > floor || !same ? s - 1 : m.stop;
  const sameTag = same && stop === m.stop;
  m.at = at;
  m.stop = stop;
  if (!sameTag) {
    m.checked = stop + 1;
    m.secret = false;
  }
  if (stop < 0 || text.charCodeAt(stop) !== 60 /* < */ || at - stop > MAX_TAG) return false;
  for (let eq = text.indexOf("=", m.checked); !m.secret && eq >= 0 && eq < at; eq = text.indexOf("=", eq + 1)) m.secret = namesSecret(text, eq);
  m.checked = at;
  return m.secret;
}

/** Whether the `=` at `eq` is that of a `key="..."` or `name="..."` attribute whose value names a secret. */
function namesSecret(text: string, eq: number): boolean {
  let w = eq;
  while (w > 0 && eq - w < 4 && SPACE.has(text.charCodeAt(w - 1))) w--;
  const word = text.slice(Math.max(0, w - 4), w).toLowerCase();
  const name = word.endsWith("name") ? 4 : word.endsWith("key") ? 3 : 0;
  if (!name || WORD.has(text.charCodeAt(w - name - 1))) return false;
  const open = SPACE.runEnd(text, eq + 1);
  const quote = text.charCodeAt(open);
  if (quote !== 34 && quote !== 39) return false;
  let close = open + 1;
  while (close < text.length && close - open <= 64 && text.charCodeAt(close) !== quote && !ATTRIBUTE_STOP.has(text.charCodeAt(close))) close++;
  return text.charCodeAt(close) === quote && close > open + 1 && !!envWordBefore(text, close);
}

/** A Discord webhook: `https://discord.com/api/webhooks/<id>/<token>` (also discordapp.com, `/api/v10/`); the token is redacted. */
const discordWebhook: Detector = {
  kind: "discord_webhook",
  anchor: /discord(?:app)?\.com\/api\/(?:v\d{1,2}\/)?webhooks\//g,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    const idEnd = DIGIT.runEnd(text, anchorEnd);
    if (idEnd - anchorEnd < 15 || idEnd - anchorEnd > 22 || text.charCodeAt(idEnd) !== 47) return idEnd;
    const body = tokenBody(text, idEnd + 1, B64URL, 68);
    if (body.length >= 60) push(idEnd + 1, body.end);
    return Math.max(anchorEnd, body.end);
  },
};

/** A Telegram bot token: `<bot id, 8-11 digits>:AA<33 characters>`, also in the API's path (`/bot123...:AA.../sendMessage`). */
const telegramBotToken: Detector = {
  kind: "telegram_bot_token",
  anchor: /:AA/g,
  read(text, at, anchorEnd, push) {
    let s = at;
    while (s > 0 && at - s < 12 && DIGIT.has(text.charCodeAt(s - 1))) s--;
    if (at - s < 8 || at - s > 11) return anchorEnd;
    if (wordBefore(text, s) && !(text.startsWith("bot", s - 3) && !wordBefore(text, s - 3))) return anchorEnd;
    const e = B64URL.runEnd(text, at + 1);
    if (e - at - 1 === 35) push(s, e);
    return Math.max(anchorEnd, e);
  },
};

/**
 * `echo PASS | docker login --password-stdin` (podman, helm, oras...): the one word that `echo`
 * or `printf '%s'` sends down the pipe. The line before the flag is read back, at most
 * STDIN_LOOKBACK characters and not past the previous flag (so each character is read back once);
 * `$VARIABLES`, files (`cat pw.txt |`) and several words are left alone.
 */
const STDIN_LOOKBACK = 512;
const stdinPassword: Detector = {
  kind: "cli_password",
  anchor: /--password-stdin\b/g,
  read(text, at, anchorEnd, push, memo) {
    const floor = Math.max(0, at - STDIN_LOOKBACK, memo.stdinFloor);
    memo.stdinFloor = anchorEnd;
    let ls = at;
    while (ls > floor && text.charCodeAt(ls - 1) !== 10 && text.charCodeAt(ls - 1) !== 13) ls--;
    const line = text.slice(ls, at);
    const pipe = line.lastIndexOf("|");
    if (pipe < 1 || line.charCodeAt(pipe - 1) === 124) return anchorEnd;
    // The command before the pipe: from the last `;`, `&`, `|` or `(` before it.
    let from = pipe;
    while (from > 0 && !";&|(".includes(line[from - 1])) from--;
    const words: { start: number; text: string }[] = [];
    const command = line.slice(from, pipe);
    const re = /[^\s"']+|"[^"]*"|'[^']*'/g;
    for (let m = re.exec(command); m; m = re.exec(command)) words.push({ start: from + m.index, text: m[0] });
    // The last `echo` or `printf` of it (after a prompt, `RUN`, `sudo`...).
    let k = words.length - 1;
    while (k >= 0 && words[k].text !== "echo" && words[k].text !== "printf") k--;
    if (k < 0) return anchorEnd;
    const cmd = words[k++].text;
    while (k < words.length && words[k].text.startsWith("-")) k++;
    if (cmd === "printf" && words[k]?.text.includes("%s")) k++;
    if (words.length === k + 1) secretOf(words[k].text, ls + words[k].start, "value", push);
    return anchorEnd;
  },
};

// ---------------------------------------------------------------------------------------------
// The detectors. Order only names merged spans: specific formats first, generic assignments last.

const DETECTORS: Detector[] = [
  privateKey,
  prefixToken({ kind: "anthropic_key", anchor: /sk-ant-/g, cls: B64URL, min: 20, full: 100 }),
  prefixToken({ kind: "openai_key", anchor: /sk-(?!ant-)/g, cls: B64URL, min: 20, full: 160 }),
  prefixToken({ kind: "stripe_key", anchor: /(?:sk|rk|pk|whsec)_(?:live|test)_/g, cls: ALNUM, min: 16, full: 99 }),
  prefixToken({ kind: "github_token", anchor: /gh[pousr]_/g, cls: ALNUM, min: 36 }),
  prefixToken({ kind: "github_token", anchor: /github_pat_/g, cls: WORD, min: 22, full: 82 }),
  prefixToken({ kind: "gitlab_token", anchor: /gl(?:pat|ptt|dt|rt|soat|ft|cbt)-/g, cls: B64URL, min: 20 }),
  prefixToken({ kind: "slack_token", anchor: /xox[abposre]-/g, cls: SLACK, min: 10, full: 50 }),
  prefixToken({ kind: "slack_token", anchor: /xapp-\d-/g, cls: SLACK, min: 20, full: 90 }), // app-level tokens
  prefixToken({ kind: "slack_webhook", anchor: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\//g, cls: WEBHOOK, min: 20, full: 44, wordStart: false }),
  discordWebhook,
  telegramBotToken,
  prefixToken({ kind: "aws_access_key", anchor: /(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])/g, cls: UPPER_DIGIT, min: 16, exact: true, endNot: WORD }),
  labelled("aws_secret_key", /aws_?secret_?(?:access_?)?key/gi, { min: 40, bare: B64, exact: true }),
  prefixToken({ kind: "google_api_key", anchor: /AIza/g, cls: B64URL, min: 35, exact: true, endNot: B64URL }),
  prefixToken({ kind: "google_oauth", anchor: /GOCSPX-/g, cls: B64URL, min: 24, full: 28 }),
  prefixToken({ kind: "google_oauth", anchor: /ya29\./g, cls: OAUTH, min: 20, full: 100 }),
  prefixToken({ kind: "npm_token", anchor: /npm_/g, cls: ALNUM, min: 36, exact: true, endNot: WORD }),
  labelled("npm_token", /_authToken/g, { min: 1, bare: NPMRC_VALUE, only: "=" }),
  prefixToken({ kind: "huggingface_token", anchor: /hf_/g, cls: ALNUM, min: 30, full: 34, endNot: WORD }),
  sendgrid,
  prefixToken({ kind: "digitalocean_token", anchor: /do[opr]_v1_/g, cls: LOWER_HEX, min: 64, exact: true, endNot: WORD }),
  prefixToken({ kind: "twilio_key", anchor: /(?:AC|SK)/g, cls: LOWER_HEX, min: 32, exact: true, endNot: WORD }),
  prefixToken({ kind: "shopify_token", anchor: /shp(?:at|ss|ca|pa)_/g, cls: HEX, min: 32, exact: true, endNot: WORD }),
  prefixToken({ kind: "pypi_token", anchor: /pypi-AgEIcHlwaS5vcmc/g, cls: B64URL, min: 50, full: 160 }),
  prefixToken({ kind: "vault_token", anchor: /hv[sb]\./g, cls: B64URL, min: 24, full: 90 }),
  prefixToken({ kind: "age_secret_key", anchor: /AGE-SECRET-KEY-1/g, cls: UPPER_DIGIT, min: 58, exact: true, endNot: WORD }),
  jwt,
  urlPassword,
  basicAuth,
  bearer,
  labelled("azure_key", /(?:AccountKey|SharedAccessKey)/g, { min: 20, bare: B64_PAD, only: "=" }),
  signedUrl,
  cliPassword,
  stdinPassword,
  xmlAttributeSecret,
  envSecret,
];

export const REDACTION_KINDS = [...new Set(DETECTORS.map((d) => d.kind))];

// ---------------------------------------------------------------------------------------------
// The scan: anchors slice by slice, spans merged, output built as it goes.

/** Anchors are searched in a window this much longer than the slice, so one starting in the slice is seen whole. */
const ANCHOR_MARGIN = 64;
/** How far before its anchor a span may start (a Telegram token's id before `:AA`, the `echo PASS` before `--password-stdin`). */
const LOOKBACK = STDIN_LOOKBACK;

class Scan {
  private readonly next = new Array<number>(DETECTORS.length).fill(0);
  private readonly quotes = new QuoteFinder();
  private readonly pieces: string[] = [];
  private emitted = 0;
  /** Merged spans that reach past the last slice: a later span may still start before or inside them. */
  private carry: Span[] = [];
  /** The detector now reading, for `push`. */
  private detector = 0;
  /** Where detectors put their spans: one function a scan, not one a detector and slice (redact runs on every short field). */
  private readonly push = (start: number, end: number) => void (end > start && this.carry.push({ start, end, d: this.detector }));
  done = 0;

  constructor(private readonly text: string) {}

  /** Finds every secret whose anchor starts before `to`, and emits the text up to where no later span can reach. */
  advance(to: number) {
    const text = this.text;
    const from = this.done;
    const windowEnd = Math.min(text.length, to + ANCHOR_MARGIN);
    const window = from === 0 && windowEnd === text.length ? text : text.slice(from, windowEnd);
    const spans: Span[] = this.carry;
    const push = this.push;
    for (let d = 0; d < DETECTORS.length; d++) {
      const detector = DETECTORS[d];
      const anchor = detector.anchor;
      this.detector = d;
      let at = this.next[d];
      if (Array.isArray(anchor)) {
        const [a, b = a, c3 = a] = anchor;
        for (; at < to; at++) {
          const c = text.charCodeAt(at);
          // Only after a name (a letter), a space or a closing quote can `:`/`=` follow a secret's label.
          if ((c === a || c === b || c === c3) && LABEL_END.has(text.charCodeAt(at - 1)))
            at = Math.max(at, detector.read(text, at, at + 1, push, this.quotes) - 1);
        }
      } else {
        while (at < to) {
          anchor.lastIndex = at - from;
          const m = anchor.exec(window);
          if (!m || m.index + from >= to) break;
          const start = m.index + from;
          at = Math.max(start + 1, detector.read(text, start, start + m[0].length, push, this.quotes));
        }
      }
      this.next[d] = Math.max(at, to);
    }
    this.done = to;
    let sorted = true;
    for (let k = 1; k < spans.length && sorted; k++) sorted = spans[k - 1].start < spans[k].start;
    if (!sorted) spans.sort((a, b) => a.start - b.start || a.d - b.d);
    const merged: Span[] = [];
    for (const s of spans) {
      const last = merged[merged.length - 1];
      if (last && s.start < last.end) (last.end = Math.max(last.end, s.end)), (last.d = Math.min(last.d, s.d));
      else merged.push({ ...s });
    }
    // Every later span starts at or after `to - LOOKBACK` (its anchor is at or after `to`), so a span ending by then is final.
    let i = 0;
    const pieces: string[] = [];
    for (; i < merged.length && (merged[i].end <= to - LOOKBACK || to >= text.length); i++) {
      const s = merged[i];
      pieces.push(text.slice(this.emitted, s.start), `[REDACTED:${DETECTORS[s.d].kind}]`);
      this.emitted = s.end;
    }
    // One string per slice keeps the number of live pieces small on texts with many secrets.
    if (pieces.length) this.pieces.push(pieces.join(""));
    this.carry = merged.slice(i);
  }

  result(): string {
    if (this.pieces.length === 0) return this.text;
    this.pieces.push(this.text.slice(this.emitted));
    return this.pieces.join("");
  }
}

export function redact(text: string): string {
  if (!text) return text;
  const scan = new Scan(text);
  // In slices too (without yielding): the spans sorted at once stay few, so time stays linear.
  while (scan.done < text.length) scan.advance(Math.min(text.length, scan.done + REDACT_SLICE_CHARS));
  return scan.result();
}

/** Redacts every string inside a JSON-like value (object keys are kept); any depth (no recursion). */
export function redactDeep<T>(value: T): T {
  return runAll(mapJsonSteps(value, redact)) as T;
}

// ---------------------------------------------------------------------------------------------
// Async forms: big inputs in slices, the event loop served between them.

/**
 * Characters redacted between two yields. The slowest input (dense anchors) runs at about
 * 20 MB/s, so a slice holds the event loop well under 50 ms.
 */
export const REDACT_SLICE_CHARS = 128 * 1024;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Counts the characters redacted since the last yield, across strings. */
class Budget {
  used = 0;
  async spend(chars: number) {
    this.used += chars;
    if (this.used >= REDACT_SLICE_CHARS) {
      this.used = 0;
      await yieldToLoop();
    }
  }
}

async function redactSliced(text: string, budget: Budget, onSlice?: (ms: number) => void): Promise<string> {
  if (!text) return text;
  if (text.length + budget.used <= REDACT_SLICE_CHARS) {
    const t = onSlice ? performance.now() : 0;
    const out = redact(text);
    onSlice?.(performance.now() - t);
    await budget.spend(text.length);
    return out;
  }
  const scan = new Scan(text);
  while (scan.done < text.length) {
    const t = onSlice ? performance.now() : 0;
    // Cut after a line break when there is one near: the cut could be anywhere, this only keeps slices tidy.
    let to = Math.min(text.length, scan.done + Math.max(1, REDACT_SLICE_CHARS - budget.used));
    const nl = to < text.length ? text.indexOf("\n", to) : -1;
    if (nl >= 0 && nl - to < 4096) to = nl + 1;
    scan.advance(to);
    const result = scan.done >= text.length ? scan.result() : undefined;
    onSlice?.(performance.now() - t);
    await budget.spend(REDACT_SLICE_CHARS);
    if (result !== undefined) return result;
  }
  return scan.result();
}

/**
 * `redact` without holding the event loop: a big text is handled in slices of
 * `REDACT_SLICE_CHARS` with a yield between them; a small one takes the sync path.
 * `onSlice` (benchmarks) is told how long each synchronous stretch took.
 */
export function redactAsync(text: string, onSlice?: (ms: number) => void): Promise<string> {
  if (!text || (text.length <= REDACT_SLICE_CHARS && !onSlice)) return Promise.resolve(redact(text));
  return redactSliced(text, new Budget(), onSlice);
}

/** `redactDeep` without holding the event loop (slices of about SLICE_MS, long strings cut too); any depth. */
export function redactDeepAsync<T>(value: T): Promise<T> {
  return runSliced(mapJsonSteps(value, (text) => (text.length <= REDACT_SLICE_CHARS ? redact(text) : redactSteps(text)))) as Promise<T>;
}

/** `redact` as steps: a text longer than a slice is scanned `REDACT_SLICE_CHARS` at a time. */
export function* redactSteps(text: string): Steps<string> {
  if (text.length <= REDACT_SLICE_CHARS) return redact(text);
  const scan = new Scan(text);
  while (scan.done < text.length) {
    scan.advance(Math.min(text.length, scan.done + REDACT_SLICE_CHARS));
    yield;
  }
  return scan.result();
}
