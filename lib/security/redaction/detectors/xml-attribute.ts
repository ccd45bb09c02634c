import type { Detector } from "../detector";
import { CharClass, SPACE, WORD } from "../readers/chars";
import { CODE_WORDS } from "../readers/code";
import { envWordBefore } from "../readers/env-words";
import type { QuoteFinder } from "../readers/quotes";
import { REFERENCE } from "../readers/value";

/**
 * `<add key="DbPassword" value="..." />` (.NET appSettings), `<property name="password" value="..."/>`
 * (Spring, Ant, Hibernate), `<param name="token" value="..."/>`: the value attribute of a tag whose
 * key or name attribute names a secret. Placeholders (`${db.password}`, `%DB_PASSWORD%`) stay.
 */
export const xmlAttributeSecret: Detector = {
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
