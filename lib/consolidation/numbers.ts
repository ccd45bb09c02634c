import { trimEnd } from "../trim-end";
import { perText } from "./per-text";

/** English number words below a hundred (the tens and the units; "twenty-five" is read in two words). */
export const EN_NUMBERS: Record<string, number> = {
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
const ZH_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };
/** Whether a Han character is part of a Chinese numeral (万 included). */
export const isZhNumeral = (ch: string) => ch in ZH_DIGITS || ch in ZH_UNITS || ch === "万";

/**
 * English number words read from `words[at]` on (lower case, one word each): "one hundred and
 * forty" -> 140, "twenty five thousand" -> 25000. "and" joins only after hundred or thousand
 * ("between two and five" is two numbers). Undefined when `words[at]` is no number word; `next`
 * is the index after the last word read.
 */
export function readEnglishNumber(words: readonly string[], at: number): { value: number; next: number } | undefined {
  if (!(words[at]! in EN_NUMBERS)) return undefined;
  let total = 0;
  let current = 0;
  let i = at;
  while (i < words.length) {
    const w = words[i]!;
    if (w in EN_NUMBERS) current += EN_NUMBERS[w]!;
    else if (w === "hundred") current = (current || 1) * 100;
    else if (w === "thousand") {
      total += (current || 1) * 1000;
      current = 0;
    } else if (!(w === "and" && (words[i - 1] === "hundred" || words[i - 1] === "thousand") && (words[i + 1] ?? "") in EN_NUMBERS)) break;
    i++;
  }
  return { value: total + current, next: i };
}

/**
 * A Chinese numeral run as a number (三十 30, 两百 200, 十二 12, 十万 100000, 一万五千 15000):
 * 万 multiplies what comes before it. Undefined for what is no count: a run opening with 万
 * (万一 "in case") and 千万 ("by all means").
 */
export function zhNumber(run: string): number | undefined {
  if (run.startsWith("万") || run === "千万") return undefined;
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const ch of run) {
    if (ch in ZH_DIGITS) digit = ZH_DIGITS[ch]!;
    else if (ch === "万") {
      total += (section + digit || 1) * 10000;
      section = 0;
      digit = 0;
    } else {
      section += (digit || 1) * ZH_UNITS[ch]!;
      digit = 0;
    }
  }
  return total + section + digit;
}

/**
 * Numbers spelled in words, as digits: "one hundred and forty" -> 140, "sixty" -> 60, "三十" ->
 * 30, "两百" -> 200, 二十万 -> 200000. Words are read one by one (no pattern over the whole run).
 */
export const spelledNumbers = perText((text: string): readonly string[] => {
  const out: string[] = [];
  const words = text.toLowerCase().split(/[^a-z]+/);
  for (let i = 0; i < words.length; ) {
    const read = readEnglishNumber(words, i);
    if (!read) {
      i++;
      continue;
    }
    out.push(String(read.value));
    i = read.next;
  }
  for (const m of text.match(/[零一二两三四五六七八九十百千万]+/g) ?? []) {
    const value = zhNumber(m);
    // 一 alone is most often "one of", "a", not a setting.
    if (value !== undefined && value > 1) out.push(String(value));
  }
  return out;
});

/** Words that sit next to a number without saying what it counts ("more than five", "after 2", 是 3). */
const NEIGHBOUR_STOP = new Set(
  "a an the to of at after before for than every each by in on is are be was were and or from with up under over least most about within only just set 是 为 到 成 的 了 在 和 或 每 约".split(
    " ",
  ),
);
const SPELLED_ZH = /^[零一二两三四五六七八九十百千万]+$/;

/**
 * What each number of a text counts: the words right before and after it that say more than
 * "than" or "after" ("restarts more than [five] [times]" -> times, restarts is two words off; "满
 * 99 元" -> 满, 元). Digits and numbers spelled in one word ("ten", 三十) are read; a unit glued to
 * a number ("25s") is its neighbour. Keys are the numbers as digits.
 */
/** A word beside a number as it is compared ("minutes" -> "minute"), or undefined for one that says nothing (NEIGHBOUR_STOP, a number). */
function neighbourWord(w: string | undefined): string | undefined {
  const clean = w === undefined ? undefined : trimEnd(w, ".:");
  if (!clean || NEIGHBOUR_STOP.has(clean) || /^\d/.test(clean)) return undefined;
  return clean.length > 3 && clean.endsWith("s") ? clean.slice(0, -1) : clean;
}

export const numberNeighbours = perText((text: string): ReadonlyMap<string, ReadonlySet<string>> => {
  // "1,000" is one number: a comma is kept when a digit follows it.
  const words = text.toLowerCase().match(/[零一二两三四五六七八九十百千万]+|[\u3400-\u9fff]|[a-z0-9](?:[a-z0-9._:%-]|,\d)*/g) ?? [];
  const out = new Map<string, Set<string>>();
  const add = (n: string, w: string | undefined) => {
    const clean = neighbourWord(w);
    if (!clean) return;
    const set = out.get(n) ?? new Set<string>();
    set.add(clean);
    out.set(n, set);
  };
  words.forEach((w, i) => {
    let n: string | undefined;
    let unit: string | undefined;
    const digits = /^(\d+(?:[.,]\d+)*)([a-z%]*)/.exec(trimEnd(w, ".:"));
    if (digits) {
      n = digits[1]!.replace(/,/g, "");
      unit = digits[2] || undefined;
    } else if (w in EN_NUMBERS) n = String(EN_NUMBERS[w]);
    else if (SPELLED_ZH.test(w)) n = spelledNumbers(w)[0];
    if (n === undefined) return;
    if (!out.has(n)) out.set(n, new Set());
    add(n, unit);
    add(n, words[i - 1]);
    add(n, words[i + 1]);
  });
  return out;
});

/**
 * Whether two numbers count other things: each has a word beside it that says what it counts and
 * none of them is shared ("restarts more than five [times] in an hour" / "stays Pending for ten
 * [minutes]"; "misses two [pings]" / "every 25 [seconds]"). Unknown (false) when either number has
 * no such word.
 */
export function countsOtherThings(older: string, was: string, newer: string, now: string): boolean {
  const core = (v: string) => /\d+(?:[.,]\d+)*/.exec(v)?.[0]?.replace(/,/g, "");
  const [a, b] = [core(was), core(now)];
  if (!a || !b) return false;
  const na = numberNeighbours(older).get(a);
  const nb = numberNeighbours(newer).get(b);
  if (!na?.size || !nb?.size) return false;
  for (const w of na) if (nb.has(w)) return false;
  // The newer still names what the older's number counts ("every hour at minute 5" -> "every 6
  // hours, at minute 5"): its number may be that setting's, said otherwise.
  const said = new Set<string>();
  for (const w of newer.toLowerCase().match(/[a-z]+|[\u3400-\u9fff]/g) ?? []) {
    // Number words are numbers there, not words that say what one counts.
    const clean = w in EN_NUMBERS || isZhNumeral(w) ? undefined : neighbourWord(w);
    if (clean) said.add(clean);
  }
  return ![...na].some((w) => said.has(w));
}
