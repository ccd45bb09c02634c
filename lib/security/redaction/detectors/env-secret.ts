/** `NAME=value` assignments whose name ends in a secret-ish word, and `<password>value</password>`. */
import { trimEnd } from "../../../trim-end";
import type { Detector } from "../detector";
import { SPACE, WHITE, XML_NAME, lineBreak, lower } from "../readers/chars";
import { CODE_WORDS, SECRET_PART, looksLikeCode } from "../readers/code";
import { SECRET_VARIABLE, envWordBefore, nameBefore, partAt } from "../readers/env-words";
import { quoteAt } from "../readers/quotes";
import { REFERENCE, bareValueEnd, value } from "../readers/value";

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

/**
 * `NAME=value`, `NAME: value`, `"name": "value"`, `\"name\":\"value\"`, `'name' => 'value'`,
 * `cfg['NAME'] = 'value'` where NAME ends in a secret-ish word (API_KEY, *_SECRET, *_TOKEN,
 * PASSWORD, SECRET_KEY, *_PASS, ...); `Pwd=` alone only in a connection string.
 * The anchor is the `:` or `=`, the name is read backwards from it (a bounded look), so the
 * keyword alternation never runs over the whole text.
 */
export const envSecret: Detector = {
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
