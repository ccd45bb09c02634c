import { tokenize } from "../search/tokenizer";
import { CHANGE_WORDS } from "./claims";
import { chineseChars, namesOf, textOf, type Featured } from "./features";
import { commandsDiffer } from "./names";
import { perText } from "./per-text";
import type { Slicer } from "./slicer";
import { supersedeCandidate } from "./supersede";
import type { Candidate } from "./types";

/**
 * A setting changed in a reworded sentence (issue #38, fifteenth pass): the two memories name the
 * same setting (the word after the number, its unit: "columns", "characters", 秒, 个字符; or the
 * named thing before it: "Node", "Go", "JDK") with another number, numbers said in words read as
 * digits ("one hundred and forty", "twenty-five thousand", 五十, 两分钟 = 120 秒), and they say the
 * same subject: most of their other words are shared, or their vectors are close. "Keep the
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
}

const EN_NUMBERS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const ZH_DIGITS: Record<string, number> = { 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const ZH_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };

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
const isZhNumeral = (s: string) => s in ZH_DIGITS || s in ZH_UNITS;

/** A Chinese numeral run as a number (三十 30, 两百 200, 五十 50, 十二 12). */
function zhValue(run: string): number {
  let value = 0;
  let digit = 0;
  for (const ch of run) {
    if (ch in ZH_DIGITS) digit = ZH_DIGITS[ch]!;
    else {
      value += (digit || 1) * ZH_UNITS[ch]!;
      digit = 0;
    }
  }
  return value + digit;
}

/**
 * The numbers a text states, each with its unit (the word after it, bound words skipped; Chinese:
 * the characters after it, 个 skipped) and the name before it. Numbers in words are read as digits;
 * a time is given in seconds. "一" alone is "a", not a setting, and is left out.
 */
export const statedNumbers = perText((text: string): readonly Stated[] => {
  const found = [...text.matchAll(PIECE)];
  const pieces = found.map((m) => m[0]);
  // A number glued to letters is part of a name ("P1", "ES2020", "v2", "py-12"), not a value of its own.
  const glued = found.map(
    (m) => /^\d/.test(m[0]) && (/[A-Za-z_]/.test(text[m.index - 1] ?? "") || /[A-Za-z]-$/.test(text.slice(Math.max(0, m.index - 2), m.index))),
  );
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
    } else if (p.toLowerCase() in EN_NUMBERS) {
      // "one hundred and forty", "twenty-five thousand", "ninety".
      let total = 0;
      let current = 0;
      while (i < pieces.length) {
        const w = pieces[i]!.toLowerCase();
        if (w in EN_NUMBERS) current += EN_NUMBERS[w]!;
        else if (w === "hundred") current = (current || 1) * 100;
        else if (w === "thousand") {
          total += (current || 1) * 1000;
          current = 0;
        } else if (!(w === "and" && (pieces[i + 1]?.toLowerCase() ?? "") in EN_NUMBERS)) break;
        i++;
      }
      raw = total + current;
    } else if (isZhNumeral(p)) {
      // 第一个 is an ordinal, not a count.
      if (pieces[i - 1] === "第") {
        i++;
        continue;
      }
      let run = "";
      while (i < pieces.length && isZhNumeral(pieces[i]!)) run += pieces[i++];
      raw = zhValue(run);
    } else {
      i++;
      continue;
    }
    // The unit: the next word (bound words skipped), or the Han characters after the number.
    let j = i;
    while (j < pieces.length && BOUND_WORDS.has(pieces[j]!.toLowerCase())) j++;
    let unitWord = "";
    const next = pieces[j] ?? "";
    if (HAN.test(next)) {
      const k = next === ZH_CLASSIFIER ? j + 1 : j;
      const two = (pieces[k] ?? "") + (pieces[k + 1] ?? "");
      unitWord = two in UNITS ? two : (pieces[k] ?? "");
    } else if (next === "%" || /^[A-Za-z]+$/.test(next)) unitWord = next.toLowerCase();
    const known = UNITS[unitWord];
    // "one" / 一 alone ("one test file", 一条) is an article, not a setting; "one hour", 一人 are.
    if (raw !== undefined && raw <= 1 && !known) continue;
    // A word not known as a unit is one by itself ("rows", "changed"), apart from the known ones ("times" is no time).
    const unit = known ? known[0] : unitWord ? `~${unitWord.replace(/s$/, "")}` : "";
    const factor = known ? known[1] : 1;
    const value = literal !== undefined ? (factor === 1 ? literal : String(Number(literal.replace(/,/g, "")) * factor)) : String(raw! * factor);
    const prev = pieces[start - 1] ?? "";
    const before = /^[A-Za-z]{2,}$/.test(prev) && !LINK_WORDS.has(prev.toLowerCase()) ? prev.toLowerCase() : "";
    out.push({ value, unit, before });
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
        const now = changedOf(sn, so);
        const was = changedOf(so, sn).find((w) => now.some((v) => sameSetting(w, v)));
        if (!was) continue;
        const [a, b] = [subjectWordsOf(to), subjectWordsOf(tn)];
        let shared = 0;
        for (const t of a) if (b.has(t)) shared++;
        const overlap = shared / (Math.min(a.size, b.size) || 1);
        if (overlap < thresholds.minOverlap || ownNames(o, n) || commandsDiffer(to, tn)) continue;
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
