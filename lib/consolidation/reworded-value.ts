import { tokenize } from "../search/tokenizer";
import { CHANGE_WORDS } from "./claims";
import { chineseChars, namesOf, textOf, type Featured } from "./features";
import { commandsDiffer } from "./names";
import { EN_NUMBERS, isZhNumeral, readEnglishNumber, zhNumber } from "./numbers";
import { perText } from "./per-text";
import type { Slicer } from "./slicer";
import { supersedeCandidate } from "./supersede";
import type { Candidate } from "./types";

/**
 * A setting changed in a reworded sentence (issue #38, fifteenth pass): the two memories name the
 * same setting (the word after the number, its unit: "columns", "characters", 秒, 个字符; or the
 * named thing before it: "Node", "Go", "JDK") with another number, numbers said in words read as
 * digits ("one hundred and forty", "twenty-five thousand", 五十, 两分钟 = 120 秒), and they say the
 * same subject: most of their other words are shared (words only, no vectors). "Keep the
 * commit subject under 72 characters" -> "Commit subjects must be 50 characters or fewer"; "两次重试之间
 * 间隔 30 秒" -> "…加长到六十秒"; "The lint tooling needs Node 16 or newer" -> "… Node 18.18 or later".
 * Not two settings of one unit ("timeout 10 s" / "retry after 40 s": other words), nor one frame
 * for two things ("coverage of packages/client …60%" / "packages/server …80%": each names its own).
 */

/** One number a text states, with what it measures. */
export interface Stated {
  /** The number as digits, in the unit's base (seconds for a time). */
  value: string;
  /** The unit it is in, normalised ("time", "percent", "char", "column"…), or "". */
  unit: string;
  /** The name right before it ("node" in "Node 16"), or "". */
  before: string;
  /** Said as the value it was changed from ("from 30", 从 3.7): set only then. */
  from?: true;
}

/** Units, as their words are written, to one name and a factor (a time in seconds). */
const UNITS: Record<string, [string, number]> = {
  s: ["time", 1],
  sec: ["time", 1],
  secs: ["time", 1],
  second: ["time", 1],
  seconds: ["time", 1],
  秒: ["time", 1],
  min: ["time", 60],
  mins: ["time", 60],
  minute: ["time", 60],
  minutes: ["time", 60],
  分钟: ["time", 60],
  h: ["time", 3600],
  hour: ["time", 3600],
  hours: ["time", 3600],
  小时: ["time", 3600],
  day: ["time", 86400],
  days: ["time", 86400],
  天: ["time", 86400],
  week: ["time", 604800],
  weeks: ["time", 604800],
  周: ["time", 604800],
  "%": ["percent", 1],
  percent: ["percent", 1],
  character: ["char", 1],
  characters: ["char", 1],
  chars: ["char", 1],
  字符: ["char", 1],
  word: ["word", 1],
  words: ["word", 1],
  单词: ["word", 1],
  人: ["person", 1],
  名: ["person", 1],
  位: ["person", 1],
};

/** Words between a number and its unit that bound it ("50 characters or fewer", "Node 18 or later"). */
const BOUND_WORDS = new Set(["or", "more", "fewer", "less", "newer", "later", "above", "below", "and", "up"]);
/** Words that join a number to another one ("2 to 4", "IE 11 and Safari 14"), unless a bound word follows ("18 or later", "and up"). */
const JOIN_WORDS = new Set(["and", "or", "to"]);
/** Words before a number that only link it into the sentence: not a name. */
const LINK_WORDS = new Set(
  "is are was were be to at of under over above below than in on by for from with after before every each about within only least most max min the a an up".split(
    " ",
  ),
);
/** Chinese words after a number that are no unit of their own (个 is the classifier of what follows). */
const ZH_CLASSIFIER = "个";

/** The text cut into numbers, Latin words and Han characters (linear: one alternation, no nesting). */
const PIECE = /\d+(?:[.,:]\d+)*|[A-Za-z]+|[\u3400-\u9fff]|%/g;

const HAN = /[\u3400-\u9fff]/;
const isDigits = (s: string) => /^\d/.test(s);

/** A number written in digits, in its unit's base: "1,000" 1000, "1:30" minutes 90 s. NaN when unreadable. */
function digitsValue(literal: string, factor: number): string {
  const parts = literal.replace(/,/g, "").split(":");
  if (parts.length > 2) return "NaN";
  if (parts.length === 2) return factor === 1 ? literal : String((Number(parts[0]) + Number(parts[1]) / 60) * factor);
  return factor === 1 ? literal : String(Number(parts[0]) * factor);
}

/**
 * The numbers a text states, each with its unit (the word after it, bound words skipped; Chinese:
 * the characters after it, 个 skipped) and the name before it. Numbers in words are read as digits;
 * a time is given in seconds. "一" alone is "a", not a setting, and is left out. A unit is read
 * only across spaces (or a hyphen): not across punctuation ("超时 30，重试…"), nor across and / or /
 * to ("2 to 4 workers", "IE 11 and Safari 14"); an s after an apostrophe ("Node 18's") or glued to a
 * year ("the 1990s") is no unit.
 */
export const statedNumbers = perText((text: string): readonly Stated[] => {
  const found = [...text.matchAll(PIECE)];
  const pieces = found.map((m) => m[0]);
  const lower = pieces.map((p) => p.toLowerCase());
  // A number glued to letters is part of a name ("P1", "ES2020", "v2", "py-12"), not a value of its own.
  const glued = found.map(
    (m) => /^\d/.test(m[0]) && (/[A-Za-z_]/.test(text[m.index - 1] ?? "") || /[A-Za-z]-$/.test(text.slice(Math.max(0, m.index - 2), m.index))),
  );
  // Only spaces or a hyphen between piece k - 1 and piece k.
  const spaced = (k: number) => {
    const prev = found[k - 1]!;
    return /^[\s-]*$/.test(text.slice(prev.index + prev[0].length, found[k]!.index));
  };
  const out: Stated[] = [];
  let i = 0;
  while (i < pieces.length) {
    const start = i;
    let raw: number | undefined;
    let literal: string | undefined;
    const p = pieces[i]!;
    if (isDigits(p) && glued[i]) {
      i++;
      continue;
    }
    if (isDigits(p)) {
      literal = p.replace(/,(?=\d{3}\b)/g, "");
      i++;
    } else if (lower[i]! in EN_NUMBERS) {
      // "one hundred and forty", "twenty-five thousand", "ninety".
      const read = readEnglishNumber(lower, i)!;
      raw = read.value;
      i = read.next;
    } else if (isZhNumeral(p)) {
      let run = "";
      while (i < pieces.length && isZhNumeral(pieces[i]!)) run += pieces[i++];
      // 第一个 is an ordinal, not a count; 万一, 千万 are no counts.
      raw = pieces[start - 1] === "第" ? undefined : zhNumber(run);
      if (raw === undefined) continue;
    } else {
      i++;
      continue;
    }
    // The unit: the next word (bound words skipped), or the Han characters after the number.
    let j = i;
    let unitWord = "";
    // "or" / "and" are skipped only before a bound word ("or later", "and up"), not before another number or name.
    const bound = (w: string) => BOUND_WORDS.has(w) && !JOIN_WORDS.has(w);
    while (j < pieces.length && spaced(j) && (bound(lower[j]!) || (JOIN_WORDS.has(lower[j]!) && bound(lower[j + 1] ?? "")))) j++;
    const next = j < pieces.length && spaced(j) ? pieces[j]! : "";
    const apostrophe = next === "s" && /['\u2019]/.test(text[found[j]!.index - 1] ?? "");
    const decade = next === "s" && literal !== undefined && /^\d{4}$/.test(literal) && found[j]!.index === found[i - 1]!.index + literal.length;
    if (JOIN_WORDS.has(lower[j] ?? "") || apostrophe || decade) unitWord = "";
    else if (HAN.test(next)) {
      const near = (k: number) => k < pieces.length && spaced(k);
      const k = next === ZH_CLASSIFIER ? j + 1 : j;
      const two = k === j || near(k) ? pieces[k]! + (near(k + 1) ? pieces[k + 1]! : "") : "";
      // A change word is no unit ("从 3.7 升到 3.27").
      unitWord = two in UNITS ? two : ZH_SKIP.has(two.slice(0, 1)) ? "" : two.slice(0, 1);
    } else if (next === "%" || /^[A-Za-z]+$/.test(next)) unitWord = next.toLowerCase();
    const known = UNITS[unitWord];
    // "one" / 一 alone ("one test file", 一条) is an article, not a setting; "one hour", 一人 are.
    if (raw !== undefined && raw <= 1 && !known) continue;
    // A word not known as a unit is one by itself ("rows", "changed"), apart from the known ones ("times" is no time).
    const unit = known ? known[0] : unitWord ? `~${unitWord.replace(/s$/, "")}` : "";
    const factor = known ? known[1] : 1;
    const value = literal !== undefined ? digitsValue(literal, factor) : String(raw! * factor);
    if (value === "NaN") continue;
    const prev = pieces[start - 1] ?? "";
    const before = /^[A-Za-z]{2,}$/.test(prev) && !LINK_WORDS.has(prev.toLowerCase()) ? prev.toLowerCase() : "";
    const from = /^(?:from|从)$/i.test(pieces[start - 1] ?? "");
    out.push(from ? { value, unit, before, from } : { value, unit, before });
  }
  return out;
});

/** Words that say a number (spelled out) or bound it: no subject word. */
const NUMBER_WORDS = new Set([...Object.keys(EN_NUMBERS), "hundred", "thousand", ...BOUND_WORDS]);
/** Characters that spell a number or say "changed", left out of a Chinese subject. */
const ZH_SKIP = new Set("改为成用调整提高升扩大缩小降低延长加短增减少换现在目前已不再到一二两三四五六七八九十百千万个".split(""));

/** The words a memory says its subject with: numbers, number words and change words aside (Chinese: its characters). */
export const subjectWordsOf = perText((text: string): ReadonlySet<string> => {
  if (HAN.test(text)) return new Set([...chineseChars(text)].filter((c) => !ZH_SKIP.has(c) && !/[\d\s]/.test(c)));
  const plain = text.replace(/\d+(?:[.,:]\d+)*/g, " ").replace(/[A-Za-z]+/g, (w) => (NUMBER_WORDS.has(w.toLowerCase()) ? " " : w));
  return new Set(tokenize(plain, "query").filter((t) => !CHANGE_WORDS.has(t) && !NUMBER_WORDS.has(t) && !/\d/.test(t)));
});

/** A changed number of the older and one of the newer that measure the same setting. */
function sameSetting(was: Stated, now: Stated): boolean {
  if (was.value === now.value) return false;
  if (was.unit || now.unit) return was.unit === now.unit;
  // No unit on either: the same name before them, or a name on one side only ("JDK 17" / "JDK 版本升级到 21").
  return was.before === now.before || !was.before || !now.before;
}

/** The numbers of `a` whose value (in its unit) `b` does not state. */
const changedOf = (a: readonly Stated[], b: readonly Stated[]) =>
  a.filter((x) => !b.some((y) => y.value === x.value && (y.unit === x.unit || !y.unit || !x.unit)));

/**
 * What the rule asks: the share of the smaller text's subject words the other has, and how many
 * other memories may share the setting's frame. Chosen on the tuning stores
 * (bench/consolidation/value-study.ts): a cosine floor added nothing over the words, and any
 * third memory sharing the frame was a frame for several subjects more often than a history.
 */
export interface RewordedValueThresholds {
  minOverlap: number;
  maxSharers: number;
  /** false: do not ask that each text's first subject word is in the other (benchmarks). */
  heads?: boolean;
}
export const REWORDED_VALUE: RewordedValueThresholds = { minOverlap: 0.5, maxSharers: 0 };

/** Each names a thing (not a number) the other does not: one frame said of two things. */
function ownNames(a: Featured, b: Featured): boolean {
  // Chinese words are all names to `namesOf`; only Latin ones name a thing here.
  const own = (x: Featured, y: Featured) => [...namesOf(x)].some((t) => !/\d/.test(t) && !HAN.test(t) && !namesOf(y).has(t) && !y.tokens.has(t));
  return own(a, b) && own(b, a);
}

/** Words that open a qualifier of a setting: whom, where or when it holds ("for anonymous users", "in CI", "of the email queue"). */
const QUALIFIERS = new Set(["for", "in", "on", "when", "while", "during", "of"]);
/** Words a qualifier may open with that say no thing ("for [all] users", "in [the] staging"). */
const QUALIFIER_SKIP = new Set(["the", "a", "an", "all", "any", "each", "every", "our", "their", "its", "this", "that"]);
/** A Chinese qualifier and what follows it, up to punctuation or a number (针对匿名用户, 在 CI 中). */
const ZH_QUALIFIER = /(?:针对|对于|在|当)\s?([A-Za-z]+|[\u3400-\u9fff]{1,4})/g;

/**
 * The words of a text's qualifiers (English: stems; Chinese: a Latin word or its Han characters),
 * numbers and their units aside: "… 100 requests per minute [for anonymous users]" -> anonym, user.
 */
const qualifierWords = perText((text: string): readonly string[] => {
  const out: string[] = [];
  if (HAN.test(text)) {
    for (const m of text.matchAll(ZH_QUALIFIER)) {
      const q = m[1]!;
      if (/^[A-Za-z]/.test(q)) out.push(q.toLowerCase());
      else for (const ch of q) if (!ZH_SKIP.has(ch) && !isZhNumeral(ch) && !(ch in UNITS)) out.push(ch);
    }
    return out;
  }
  for (const clause of text.split(/[,.;:!?()]\s/)) {
    const words = clause.toLowerCase().split(/\s+/);
    words.forEach((w, q) => {
      if (!QUALIFIERS.has(w)) return;
      let k = q + 1;
      while (k < words.length && QUALIFIER_SKIP.has(words[k]!)) k++;
      // Up to three words, to the next number, unit, linking or bounding word.
      for (const end = k + 3; k < end && k < words.length; k++) {
        const x = /^[a-z0-9_/-]*/.exec(words[k]!)![0];
        if (!x || /^\d/.test(x) || x in EN_NUMBERS || x in UNITS || LINK_WORDS.has(x) || BOUND_WORDS.has(x) || QUALIFIERS.has(x)) break;
        out.push(...tokenize(x, "query").filter((t) => !CHANGE_WORDS.has(t) && !NUMBER_WORDS.has(t)));
      }
    });
  }
  return out;
});

/**
 * Each text qualifies its setting with a word the other lacks: one setting of two cases ("100
 * requests per minute for anonymous users" / "1000 … for authenticated users", "Keep 7 days of
 * logs in staging" / "… 90 days of logs in production", 针对匿名用户 / 针对登录用户).
 */
function ownQualifiers(a: Featured, b: Featured): boolean {
  const own = (x: Featured, y: Featured) => {
    const ty = textOf(y.memory);
    const zh = HAN.test(ty);
    return qualifierWords(textOf(x.memory)).some((w) => (zh ? !ty.toLowerCase().includes(w) : !y.tokens.has(w)));
  };
  return own(a, b) && own(b, a);
}

/**
 * How many memories besides `n` and `o` state a number of the setting `key` and share most of
 * `n`'s subject words: "The order worker exposes its health check on port 3001" / "The search
 * indexer … 3002" / "The storefront … 3000" is one frame said of several services.
 */
function frameSharers(n: Featured, o: Featured, key: string, numbered: readonly { f: Featured }[], byKey: ReadonlyMap<string, number[]>): number {
  const sn = subjectWordsOf(textOf(n.memory));
  let count = 0;
  for (const i of byKey.get(key) ?? []) {
    const f = numbered[i]!.f;
    if (f === n || f === o) continue;
    const sf = subjectWordsOf(textOf(f.memory));
    let shared = 0;
    for (const t of sf) if (sn.has(t)) shared++;
    if (shared / (Math.min(sf.size, sn.size) || 1) >= 0.5) count++;
  }
  return count;
}

/** Words a sentence may open with that name no subject ("Keep the commit subject …", "Only types …", 所有…). */
const HEAD_SKIP = new Set(["keep", "use", "set", "make", "run", "onli", "only", "all", "each", "everi", "default", "new", "current", "our", "we", "it"]);
const ZH_HEAD_SKIP = /所有|每个|全部|单个|默认/g;
/** A Latin word with what is glued to it, or one Han character. */
const HEAD_PIECE = /[A-Za-z][\w.-]*|[\u3400-\u9fff]/g;

/** The first word a text names its subject with (English: a stem; Chinese: a Latin word or a Han character), numbers aside. */
const headOf = perText((text: string): string => {
  if (HAN.test(text)) {
    const plain = text.replace(ZH_HEAD_SKIP, " ");
    for (const m of plain.matchAll(HEAD_PIECE)) {
      const p = m[0];
      // A Latin name with its digits ("P1" / "P2"); a numeral names a subject when it opens ("[二年]级题库" / "[一年]级题库").
      if (/^[A-Za-z]/.test(p)) return p.toLowerCase();
      if (isZhNumeral(p) && m.index === plain.search(/\S/)) return plain.slice(m.index).match(/^[一二两三四五六七八九十百千万]+[\u3400-\u9fff]?/)![0];
      if (!ZH_SKIP.has(p)) return p;
    }
    return "";
  }
  for (const t of tokenize(text, "query")) if (!/\d/.test(t) && !NUMBER_WORDS.has(t) && !HEAD_SKIP.has(t) && !CHANGE_WORDS.has(t)) return t;
  return "";
});

/**
 * The first subject word of `a` is in `b`: "[The order worker] exposes … port 3001" / "[The search
 * indexer] … 3002" and "[破损]井盖的工单…" / "[缺失]井盖的工单…" open with their own subjects.
 */
export function headShared(a: Featured, b: Featured): boolean {
  const head = headOf(textOf(a.memory));
  if (!head) return true;
  return HAN.test(textOf(b.memory)) ? textOf(b.memory).toLowerCase().includes(head) : b.tokens.has(head);
}

/** The keys a memory's numbers are indexed by: their units, or "bare" for a number with none. */
const settingKeys = (stated: readonly Stated[]) => new Set(stated.map((s) => (s.unit ? `u:${s.unit}` : "bare")));

/**
 * For each memory stating a number, the older memory of its category and language that states
 * another number of the same setting, shares most of its subject words and opens with the same
 * subject; the best one (most shared words, then the latest) is proposed as superseded.
 * `decided` skips pairs another rule decided.
 */
export async function supersedesByRewordedValue(
  group: readonly Featured[],
  decided: (a: string, b: string) => boolean,
  slicer: Slicer,
  out: Candidate[],
  thresholds: RewordedValueThresholds = REWORDED_VALUE,
): Promise<void> {
  // Memories with a number, indexed by each number's setting key (its unit, or "bare").
  const numbered: { f: Featured; stated: readonly Stated[] }[] = [];
  const byKey = new Map<string, number[]>();
  for (const f of group) {
    const stated = statedNumbers(textOf(f.memory));
    if (stated.length === 0) continue;
    const at = numbered.length;
    numbered.push({ f, stated });
    for (const k of settingKeys(stated)) {
      const list = byKey.get(k);
      if (list) list.push(at);
      else byKey.set(k, [at]);
    }
    if (slicer.due()) await slicer.pause();
  }
  for (const { f: n, stated: sn } of numbered) {
    if (slicer.due()) await slicer.pause();
    const tn = textOf(n.memory);
    const zh = HAN.test(tn);
    const seen = new Set<number>();
    let best: { o: Featured; overlap: number; was: Stated; heads: boolean; sharers: number } | undefined;
    for (const k of settingKeys(sn))
      for (const i of byKey.get(k) ?? []) {
        if (seen.has(i)) continue;
        seen.add(i);
        const { f: o, stated: so } = numbered[i]!;
        if (o === n || o.memory.createdAt >= n.memory.createdAt || o.memory.category !== n.memory.category) continue;
        const to = textOf(o.memory);
        if (HAN.test(to) !== zh) continue;
        // The opening subjects first: the cheapest test, and most pairs of a large placement fail it.
        const heads = headShared(o, n) && headShared(n, o);
        if (thresholds.heads !== false && !heads) continue;
        if (decided(n.memory.id, o.memory.id)) continue;
        // A value the newer says it changed from is not one it states ("已从 3.7 升到 3.27").
        const stated = sn.filter((x) => !x.from);
        const now = changedOf(stated, so);
        const was = changedOf(so, stated).find((w) => now.some((v) => sameSetting(w, v)));
        if (!was) continue;
        const [a, b] = [subjectWordsOf(to), subjectWordsOf(tn)];
        let shared = 0;
        for (const t of a) if (b.has(t)) shared++;
        const overlap = shared / (Math.min(a.size, b.size) || 1);
        if (overlap < thresholds.minOverlap || ownNames(o, n) || ownQualifiers(o, n) || commandsDiffer(to, tn)) continue;
        const sharers = frameSharers(n, o, was.unit ? `u:${was.unit}` : "bare", numbered, byKey);
        if (sharers > thresholds.maxSharers) continue;
        // Ties go to the latest older: the value it states is the one in force.
        if (best && (best.overlap > overlap || (best.overlap === overlap && best.o.memory.createdAt >= o.memory.createdAt))) continue;
        best = { o, overlap, was, heads, sharers };
      }
    if (!best) continue;
    const setting = best.was.unit.replace(/^~/, "") || best.was.before || "number";
    out.push(
      supersedeCandidate(n, best.o, `changes it: the same setting (${setting}) with another value, said in other words`, {
        rule: "reworded-value",
        setting,
        overlap: Math.round(best.overlap * 1000) / 1000,
        heads: best.heads,
        sharers: best.sharers,
      }),
    );
  }
}
