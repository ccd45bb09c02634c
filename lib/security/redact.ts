/**
 * Secret redaction, applied before anything is written (memories, checkpoints, CCR entries, KV).
 * Each secret is replaced with `[REDACTED:<kind>]`; where a secret sits after a label (`Bearer `,
 * `PASSWORD=`, `user:` in a URL, `-p` of mysql) the label is kept so the text still reads.
 *
 * Linear time on any input. No detector is a free-running regular expression: each one finds an
 * anchor (a short literal such as `ghp_`, `://`, `-----BEGIN `, a keyword) with a regex of bounded
 * length, then reads forward by hand. After an anchor, the search for the next one resumes where
 * that reading stopped, so no character is read twice by the same detector (a run that failed to
 * be a token from its first anchor cannot be one from a later anchor inside it). All detectors work
 * on the original text and report spans; overlapping spans are merged into one, named after the
 * detector listed first. The work can be cut into slices at any position (`redactAsync`): anchors
 * are searched slice by slice, and a span that starts in one slice may end in the next.
 */

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
   * or the character codes of a one-character anchor, found by a plain loop (a regex call per
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
const LABEL_END = new CharClass(/[A-Za-z \t"'\\]/);
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
const QUERY_VALUE = new CharClass(/[A-Za-z0-9%+/=_.~-]/);
/** An unquoted assignment value, as the old `[^\s"',;]`: non-ASCII characters belong. */
const BARE_VALUE = new CharClass(/[^\s"',;]/, true);
const NPMRC_VALUE = new CharClass(/[^\s"']/, true);

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

/**
 * Finds the closing quote of a quoted value on the same line. Remembers, per quote character, the
 * last place it searched up to, so that many open quotes on one long line cost one pass in all.
 */
class QuoteFinder {
  private from = new Map<number, number>();
  private found = new Map<number, number>();
  /** Index of the next `char` or line break at or after `i`. */
  next(text: string, i: number, char: number): number {
    const from = this.from.get(char);
    const found = this.found.get(char);
    if (from !== undefined && found !== undefined && from <= i && i <= found) return found;
    let j = i;
    const n = text.length;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === char || c === 10 || c === 13) break;
    }
    this.from.set(char, i);
    this.found.set(char, j);
    return j;
  }
}

/**
 * A value at `i`: quoted (to the closing quote on the same line, quotes included in the span) or
 * bare (a run of `bare`). Returns [start, end] of the span, or undefined; `stop` is where the
 * reader got to.
 */
function value(text: string, i: number, min: number, bare: CharClass, quotes: QuoteFinder): { span?: [number, number]; stop: number } {
  const q = quoteAt(text, i);
  if (q.len) {
    const open = i + q.len;
    let close = quotes.next(text, open, q.char);
    // An escaped quote closes with the same escape: `\"secret\"`.
    const escapes = q.len - 1;
    let content = close;
    if (escapes) {
      while (content > open && text.charCodeAt(content - 1) === 92 && close - content < escapes) content--;
      if (close - content !== escapes) return { stop: open };
    }
    if (close >= text.length || text.charCodeAt(close) !== q.char) return { stop: open };
    close += 1;
    const inner = text.slice(open, content);
    if (content - open < min || inner.startsWith("[REDACTED:") || /^\$\{?\w+\}?$/.test(inner)) return { stop: close };
    return { span: [i, close], stop: close };
  }
  const end = bare.runEnd(text, i);
  if (end - i < min || text.startsWith("[REDACTED:", i) || looksLikeCode(text.slice(i, end))) return { stop: Math.max(end, i) };
  return { span: [i, end], stop: end };
}

/**
 * A bare value that is code, not a secret: `password = getPassword()`, `token: string`,
 * `key = process.env.KEY`, `$VAR`, `${VAR}`. (A quoted value is always taken.)
 */
const CODE_WORDS =
  /^(?:await|new|null|nil|none|true|false|undefined|this|self|function|async|yield|typeof|string|number|boolean|bool|str|int|bytes|any|unknown|object|optional)$/i;
const CODE_VALUE = /^(?:\$|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+[;)]*$|[A-Za-z_$][\w$.]*[([])/;
const looksLikeCode = (v: string) => CODE_WORDS.test(v) || CODE_VALUE.test(v);

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
  read(text, at, anchorEnd, push) {
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
    if (colon >= 0 && lastAt > colon + 1 && !isTag(text.slice(colon + 1, lastAt))) push(colon + 1, lastAt);
    // `host?u=https://...`: the `:` of a nested `://` is the authority's last character.
    return text.charCodeAt(p - 1) === 58 ? p - 1 : Math.max(anchorEnd, p);
  },
};

/** `Authorization: Basic <base64 of user:password>`; prose ("Basic usage") does not decode to `x:y`. */
const basicAuth: Detector = {
  kind: "basic_auth",
  anchor: /Basic[ \t]+/g,
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

/** `Bearer <token>` / `Token <token>`. */
const bearer: Detector = {
  kind: "bearer_token",
  anchor: /(?:Bearer|Token)[ \t]+/g,
  read(text, at, anchorEnd, push) {
    if (wordBefore(text, at)) return anchorEnd;
    let e = BEARER.runEnd(text, anchorEnd);
    if (e - anchorEnd < 16) return Math.max(anchorEnd, e);
    while (text.charCodeAt(e) === 61) e++;
    if (!isTag(text.slice(anchorEnd, e))) push(anchorEnd, e);
    return e;
  },
};

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
 * `curl -u user:PASS`, `docker login -p PASS`, `.netrc`'s `machine h login u password PASS`.
 * The rest of the line is read once as shell words; a command word met on the way switches the
 * rules (`cd x && curl -u a:b`). `-p 8080`, `mysql -p` (prompt) and `$VARIABLES` are left alone.
 * Only the first 16 KB after a command word are read (a longer command line is no shell's).
 */
const COMMAND = /^(?:mysql[a-z]*|mariadb[a-z-]*|sshpass|curl|docker|machine)$/;
const CLI_LINE_LIMIT = 16 * 1024;
const COMMAND_START = new Uint8Array(128);
for (const c of "mscd") COMMAND_START[c.charCodeAt(0)] = 1;
const cliPassword: Detector = {
  kind: "cli_password",
  anchor: /(?:mysql[a-z]*|mariadb[a-z-]*|sshpass|curl|docker|machine)[ \t]/g,
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
      if (p >= n || lineBreak(text, p)) break;
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
        else if (/^-[uU]./.test(word)) secretOf(word.slice(2), start + 2, "userpass", push);
      } else if (cmd === "machine") {
        if (word === "password") takeNext = "value";
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
 * `NAME=value`, `NAME: value`, `"name": "value"`, `\"name\":\"value\"` where NAME ends in a
 * secret-ish word (API_KEY, *_SECRET, *_TOKEN, PASSWORD, ...); `Pwd=` only in a connection string.
 * The anchor is the `:` or `=`, the name is read backwards from it (a bounded look), so the
 * keyword alternation never runs over the whole text.
 */
const ENV_WORDS = ["secret", "token", "password", "passwd", "passphrase", "credential", "credentials", "auth", "pwd"].concat(
  ...["api", "access", "private"].map((w) => [`${w}key`, `${w}_key`, `${w}-key`]),
);
const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
const ENV_LAST = new Uint8Array(128);
for (const w of ENV_WORDS) ENV_LAST[w.charCodeAt(w.length - 1)] = 1;
/** Length of the secret-ish word ending at `j` (any case), 0 if none. */
function envWordBefore(text: string, j: number): number {
  const last = lower(text.charCodeAt(j - 1));
  if (last >= 128 || !ENV_LAST[last]) return 0;
  next: for (const w of ENV_WORDS) {
    if (w.charCodeAt(w.length - 1) !== last || j < w.length) continue;
    for (let k = 0; k < w.length - 1; k++) if (lower(text.charCodeAt(j - w.length + k)) !== w.charCodeAt(k)) continue next;
    return w.length;
  }
  return 0;
}
const envSecret: Detector = {
  kind: "env_secret",
  anchor: [58, 61], // : =
  read(text, at, anchorEnd, push, quotes) {
    // Back over spaces and a closing quote (escaped or not) to the end of the name.
    let j = at;
    while (j > 0 && at - j < 32 && SPACE.has(text.charCodeAt(j - 1))) j--;
    const q = text.charCodeAt(j - 1);
    if (q === 34 || q === 39) {
      j--;
      while (j > 0 && text.charCodeAt(j - 1) === 92) j--;
    }
    const length = envWordBefore(text, j);
    if (!length) return anchorEnd;
    const start = j - length;
    if (length === 3 && lower(text.charCodeAt(start)) === 112 /* p */ && lower(text.charCodeAt(start + 1)) === 119 /* w */) {
      // `PWD=/home/me` in `env` output is not a secret; `...;Pwd=secret;` in a connection string is.
      const before = text.charCodeAt(start - 1) === 32 ? start - 2 : start - 1;
      if (text.charCodeAt(before) !== 59) return anchorEnd;
    }
    const v = SPACE.runEnd(text, anchorEnd);
    const r = value(text, v, 4, BARE_VALUE, quotes);
    if (r.span) push(r.span[0], r.span[1]);
    return Math.max(anchorEnd, r.stop);
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
  prefixToken({ kind: "slack_webhook", anchor: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\//g, cls: WEBHOOK, min: 20, full: 44, wordStart: false }),
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
  envSecret,
];

export const REDACTION_KINDS = [...new Set(DETECTORS.map((d) => d.kind))];

// ---------------------------------------------------------------------------------------------
// The scan: anchors slice by slice, spans merged, output built as it goes.

/** Anchors are searched in a window this much longer than the slice, so one starting in the slice is seen whole. */
const ANCHOR_MARGIN = 64;

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
        const [a, b = a] = anchor;
        for (; at < to; at++) {
          const c = text.charCodeAt(at);
          // Only after a name (a letter), a space or a closing quote can `:`/`=` follow a secret's label.
          if ((c === a || c === b) && LABEL_END.has(text.charCodeAt(at - 1))) at = Math.max(at, detector.read(text, at, at + 1, push, this.quotes) - 1);
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
    // Every later span starts at or after `to` (its anchor does), so a span ending by then is final.
    let i = 0;
    const pieces: string[] = [];
    for (; i < merged.length && (merged[i].end <= to || to >= text.length); i++) {
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

/** Redacts every string inside a JSON-like value (object keys are kept). */
export function redactDeep<T>(value: T): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v);
    return out as T;
  }
  return value;
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

/** `redactDeep` without holding the event loop: yields after every `REDACT_SLICE_CHARS` characters, across strings. */
export async function redactDeepAsync<T>(value: T): Promise<T> {
  const budget = new Budget();
  const walk = async (v: unknown): Promise<unknown> => {
    if (typeof v === "string") return redactSliced(v, budget);
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) out.push(await walk(item));
      return out;
    }
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(v)) out[k] = await walk(item);
      return out;
    }
    return v;
  };
  return (await walk(value)) as T;
}
