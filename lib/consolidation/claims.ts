import { tokenize } from "../search/tokenizer";
import { trimEnd } from "../trim-end";
import { isNegative } from "./cues";
import { perText } from "./per-text";
import { sentencesOf } from "./sentences";

/**
 * What a reviewer checks before accepting a merge or a supersession, read from the words: the
 * values a memory states (numbers, versions, times, paths, URLs, code), the words around them,
 * and the polarity of each clause.
 */

/** Values: URLs, code spans, paths and dotted names, names with a number in them (SHA-256, BLAKE3, ES2020), numbers with what is glued to them (10.00, 2023-10-16, 02:00, v2.3.1, 5%, 4.2MB). */
const VALUE =
  /`[^`\n]+`|\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`]+|(?<![\w@~-])(?:[~.]{0,2}\/)?[\w@~-]+(?:[./\\][\w@~-]+)+\/?|\b[a-z]{2,}-?\d+[a-z0-9]*\b|\bv?\d[\d.,:/-]*\d(?:\s?(?:%|[a-z]{1,3}\b))?|\bv?\d(?:\s?(?:%|[a-z]{1,3}\b))?|(?<![统唯之第])[一二两三四五六七八九十百千万]+(?=[个人名位条台张页件次秒分小天周月年行倍])/gi;

/** A constant's name, upper case with an underscore (TRANSFORM_M, MAX_RETRIES): a value, like a number. */
const CONSTANT = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g;

/** An upper-case word standing alone (INFO, WARNING, MEDIUM, API): a level or a name, a value only where it is what changed. */
const UPPER_WORD = /(?<![\w./-])[A-Z]{3,}(?![\w/-])/g;
const upperWords = perText((text: string): readonly string[] => [...text.matchAll(UPPER_WORD)].map((m) => m[0].toLowerCase()));

/** The values a text states, normalised (lowercase, no spaces), in order. */
export const valuesOf = perText((text: string): readonly string[] => valuesIn(text));

function valuesIn(text: string): string[] {
  const constants = [...text.matchAll(CONSTANT)].map((m) => m[0].toLowerCase());
  return [...[...text.replace(CONSTANT, " ").matchAll(VALUE)].map((m) => trimEnd(m[0].toLowerCase().replace(/\s+/g, ""), ".,:;")), ...constants];
}

/** The text's words without its values (each value becomes one placeholder word). */
export const wordsWithoutValues = perText((text: string): ReadonlySet<string> => new Set(tokenize(text.replace(CONSTANT, " ").replace(VALUE, " "), "query")));

/** Words that say a value changed, not what it is about ("now 15 minutes", "raised to 75"). */
export const CHANGE_WORDS: ReadonlySet<string> = new Set([
  "now",
  "current",
  "currentli",
  "rais",
  "lower",
  "increas",
  "decreas",
  "reduc",
  "chang",
  "updat",
  "bump",
  "new",
  "from",
  "to",
  "instead",
  "现在",
  "目前",
  "改为",
  "调整",
  "提高",
  "降低",
  "已经",
]);

/**
 * The same setting with a changed value: the same words once the values are taken out (words
 * that only say "changed" aside), and a value of the older that the newer no longer states.
 * "The checkout session expires after 30 minutes" -> "... now expires after 15 minutes";
 * "Node 18" -> "Node 20"; not "port 3001 of the order worker" / "port 3002 of the search indexer".
 */
export function changedValue(older: string, newer: string): { was: string[]; now: string[] } | undefined {
  return changedValueOf(older, newer) ?? changedLevel(older, newer);
}

/**
 * The same words with one upper-case word swapped ("Log level is INFO in production" -> "... is
 * WARNING ..."; "size MEDIUM" -> "size LARGE"): a level or size changed.
 */
function changedLevel(older: string, newer: string): { was: string[]; now: string[] } | undefined {
  const uo = upperWords(older);
  const un = upperWords(newer);
  const was = uo.filter((v) => !un.includes(v));
  const now = un.filter((v) => !uo.includes(v));
  if (was.length !== 1 || now.length !== 1) return undefined;
  const drop = new Set([...was, ...now].flatMap((w) => tokenize(w, "query")));
  const wo = [...wordsWithoutValues(older)].filter((w) => !drop.has(w));
  const wn = new Set([...wordsWithoutValues(newer)].filter((w) => !drop.has(w)));
  if (wo.length < 2 || wo.length !== wn.size || !wo.every((w) => wn.has(w))) return undefined;
  if (valuesOf(older).join(" ") !== valuesOf(newer).join(" ")) return undefined;
  return { was: was.map((w) => w.toUpperCase()), now: now.map((w) => w.toUpperCase()) };
}

function changedValueOf(older: string, newer: string): { was: string[]; now: string[] } | undefined {
  const vo = valuesOf(older);
  const vn = valuesOf(newer);
  if (vo.length === 0 || vn.length === 0) return undefined;
  const was = vo.filter((v) => !vn.includes(v));
  const now = vn.filter((v) => !vo.includes(v));
  if (was.length === 0 || now.length === 0) return undefined;
  const wo = wordsWithoutValues(older);
  const wn = wordsWithoutValues(newer);
  let shared = 0;
  for (const w of wo) if (wn.has(w)) shared++;
  const differs = [...wo].filter((w) => !wn.has(w) && !CHANGE_WORDS.has(w)).length + [...wn].filter((w) => !wo.has(w) && !CHANGE_WORDS.has(w)).length;
  if (shared < 2 || differs > 0 || anotherSubject(was, now)) return undefined;
  return { was, now };
}

/** The words inside a value ("tests/api/test_payments.py" -> tests, api, test, payments, py). */
const wordsInValue = (v: string) => new Set(v.match(/[a-z]{3,}|[\u4e00-\u9fff]+/g) ?? []);

/**
 * Values that all changed by the same word are one frame about another subject, not a setting
 * changed: "/v1/[payments] … tally/api/[payments].py" -> "/v1/[customers] … tally/api/[customers].py".
 * A word found in two or more of the older's changed values and in none of the newer's, and the
 * other way round.
 */
export function anotherSubject(was: readonly string[], now: readonly string[]): boolean {
  if (was.length < 2 || now.length < 2) return false;
  const sw = was.map(wordsInValue);
  const sn = now.map(wordsInValue);
  const recurring = (own: Set<string>[], other: Set<string>[]) => {
    const count = new Map<string, number>();
    for (const s of own) for (const w of s) if (!other.some((o) => o.has(w))) count.set(w, (count.get(w) ?? 0) + 1);
    return [...count.values()].some((c) => c >= 2);
  };
  return recurring(sw, sn) && recurring(sn, sw);
}

/**
 * Each states a value the other does not, of the same kind: another number of the same unit (the
 * word after it: "至少[一]人" / "至少[两]人", "port 3000" / "port 8080"), or another path
 * ("docs/onboarding_2022.md" / "docs/onboarding.md"). The same words with another value are a
 * changed setting or two settings, never one claim told twice; "Postgres 16" / "takes 4 minutes"
 * are two details.
 */
export function conflictingValues(a: string, b: string): boolean {
  const ka = valueKinds(a);
  const kb = valueKinds(b);
  for (const [kind, va] of ka) {
    const vb = kb.get(kind);
    if (vb && [...va].some((v) => !vb.has(v)) && [...vb].some((v) => !va.has(v))) return true;
  }
  return false;
}

const NUMBER_WITH_UNIT = /(?<![\w.-])(\d+(?:[.,:]\d+)*|[一二两三四五六七八九十百千万]+(?=[个人次秒分小天周月年行倍条点]))\s*(%|[a-zA-Z]+|[\u4e00-\u9fff])?/g;
/**
 * Code spans, URLs and dotted or slashed words (as VALUE finds them). A dotted word starts where a
 * run of word characters starts (the lookbehind): tried from inside a long run it failed at every
 * position, which was quadratic, and a match from inside a run never exists where one from its
 * start does not.
 */
const SPAN = /`[^`\n]+`|\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`]+|(?<![\w@~-])(?:[~.]{0,2}\/)?[\w@~-]+(?:[./\\][\w@~-]+)+\/?/gi;
/** A span that is a path or a URL: a slash in it, or a file extension at its end. */
const isPath = (span: string) => /[/\\]/.test(span) || /\.[a-z]{1,5}$/i.test(span);

/** Values by kind: "path" (paths and URLs), or "number <unit>". */
const valueKinds = perText((text: string): Map<string, Set<string>> => {
  const out = new Map<string, Set<string>>();
  const add = (kind: string, v: string) => {
    const set = out.get(kind);
    if (set) set.add(v);
    else out.set(kind, new Set([v]));
  };
  const rest = text.replace(SPAN, (m) => {
    const span = trimEnd(m.replace(/`/g, ""), ".,:;)");
    if (!isPath(span)) return m;
    add("path", span.toLowerCase());
    return " ";
  });
  for (const m of rest.matchAll(NUMBER_WITH_UNIT)) add(`number ${(m[2] ?? "").toLowerCase()}`, m[1]!);
  return out;
});

/** A parenthesis is a remark on the value before it ("pages/api/wishlist.ts (pages router)"), not the setting's words. */
const withoutRemarks = (text: string) => text.replace(/\s*[(（][^()（）]{0,80}[)）]/g, " ");

/** The copula or "to" glued before a Chinese value ("大小是 50", "改成 5 秒"): part of the value's slot. */
const ZH_VALUE_LEAD = /[是为成到]\s*(?=\d|[一二两三四五六七八九十])/g;
const ZH_CHANGE = /现在|目前|已经|改为|改成|调整为|调整到|调整|提高到|提高|降低到|降低|变为|变成/g;

/** The words of a setting: values, remarks in parentheses and the words that only say it changed taken out. */
export const settingWords = perText(settingWordsOf);

function settingWordsOf(text: string): Set<string> {
  const plain = withoutRemarks(text).replace(ZH_CHANGE, " ").replace(ZH_VALUE_LEAD, " ");
  return new Set([...wordsWithoutValues(plain)].filter((w) => !CHANGE_WORDS.has(w)));
}

/** The values of a text, remarks in parentheses aside. */
const settingValues = perText((text: string) => valuesOf(withoutRemarks(text)));

/** The first clause of a text, remarks in parentheses aside. */
export const firstClause = perText((text: string): string | undefined => clausesOf(withoutRemarks(text))[0]);

/**
 * The same setting with a changed value, the newer adding a clause of its own: the older's words
 * (values, remarks and change words aside) are exactly those of the newer's first clause, and a
 * value of the older is gone from the newer. "Product images must be under 2 MB" -> "... under
 * 5 MB and at least 800 px wide"; "超时时间是 3 秒" -> "超时时间改成 5 秒，超时后重试一次". The first
 * clause only: the setting comes first, what is added follows.
 */
export function changedValueWithAddition(older: string, newer: string): { was: string[]; now: string[] } | undefined {
  // The value checks first: they are regular expressions, the first clause needs the sentence segmenter.
  const vo = settingValues(older);
  if (vo.length === 0) return undefined;
  const vn = valuesOf(newer);
  if (vn.length === 0 || vo.every((v) => vn.includes(v))) return undefined;
  const first = firstClause(newer);
  if (!first) return undefined;
  const vFirst = valuesOf(first);
  const was = vo.filter((v) => !vn.includes(v));
  const now = vFirst.filter((v) => !vo.includes(v));
  if (was.length === 0 || now.length === 0 || anotherSubject(was, now)) return undefined;
  const wo = settingWords(older);
  const wn = settingWords(first);
  if (wo.size < 2 || wo.size !== wn.size) return undefined;
  for (const w of wo) if (!wn.has(w)) return undefined;
  return { was, now };
}

/** Words that set a clause's polarity, as the tokenizer keeps them (English stop words are dropped by it). */
const POLARITY_TOKENS = new Set(["not", "never", "no", "alway", "avoid", "disabl", "enabl", "must", "should", "dont", "don"]);
const isPolarityToken = (t: string) => POLARITY_TOKENS.has(t) || /[不没别勿禁免要]/.test(t);

/**
 * The same words with the opposite polarity: once the words that set polarity are taken out, the
 * two say exactly the same words ("Always run migrations on startup" / "Never run migrations on
 * startup"; "要…" / "不要…"). A newer rule that adds a rule ("verify signatures, and never log the
 * payload") adds words, so it is not a contradiction.
 */
export function oppositePolarity(a: string, b: string): boolean {
  if (isNegative(a) === isNegative(b)) return false;
  const ta = new Set(tokenize(a, "query").filter((t) => !isPolarityToken(t)));
  const tb = new Set(tokenize(b, "query").filter((t) => !isPolarityToken(t)));
  if (ta.size < 2) return false;
  for (const t of ta) if (!tb.has(t)) return false;
  for (const t of tb) if (!ta.has(t)) return false;
  return true;
}

/** Clauses: sentences cut again at ; , : and their CJK forms (a clause is where a negation applies). */
export const clausesOf = perText((text: string): readonly string[] =>
  sentencesOf(text).flatMap((s) => s.split(/[;,:；，：]\s*|\s(?:but|and|so)\s+/).filter((c) => c.trim())),
);

/** Each clause of a text with its words (polarity words aside) and its polarity. */
const clauseWords = perText((text: string) =>
  clausesOf(text).map((c) => ({ c, t: new Set(tokenize(c, "query").filter((t) => !isPolarityToken(t))), neg: clauseNegative(c) })),
);

/** "not X", "instead of X", "rather than X", "而不是 X": an exclusion, which says no to X, not to the clause. */
const EXCLUSION = /\b(?:not|instead\s+of|rather\s+than)\s+(?:the\s+|a\s+|an\s+)?\S+\s*$|而不是|不是/i;

/**
 * Whether two texts say opposite things about the same clause: a clause of one and a clause of the
 * other share most of their words and only one says no. An added clause with a "never" is an added
 * rule, not a contradiction; "X, not Y" and "X instead of Y" say the same.
 */
export function clauseConflict(a: string, b: string): boolean {
  const ca = clauseWords(a);
  const cb = clauseWords(b);
  for (const x of ca)
    for (const y of cb) {
      if (x.neg === y.neg || x.t.size === 0 || y.t.size === 0) continue;
      let shared = 0;
      for (const t of x.t) if (y.t.has(t)) shared++;
      if (shared / Math.min(x.t.size, y.t.size) >= 0.75) return true;
    }
  return false;
}

export function clauseNegative(clause: string): boolean {
  // An exclusion ("not FlatList", "rather than the DAG status") names an alternative, it does not negate.
  if (EXCLUSION.test(clause.trim()) || /^\s*(?:not|instead\s+of|rather\s+than)\b/i.test(clause)) return false;
  return isNegative(clause);
}

/**
 * Whether `text` itself already says no to `object` ("Long lists use FlashList, not FlatList"
 * against a later "Use FlashList instead of FlatList"): then a later cue naming it repeats the
 * memory, it does not replace it.
 */
export function excludes(text: string, objectTokens: readonly string[]): boolean {
  for (const m of text.matchAll(
    /\b(?:not|instead\s+of|rather\s+than|no\s+longer|never|avoid|without)\s+((?:[\w.+#/@-]+\s+){0,2}[\w.+#/@-]+)|(?:而不是|不再|不用|不要用|弃用|别用)\s*(\S{1,16})/gi,
  )) {
    const after = new Set(tokenize(m[1] ?? m[2] ?? "", "query"));
    if (objectTokens.length && objectTokens.every((t) => after.has(t))) return true;
  }
  return false;
}
