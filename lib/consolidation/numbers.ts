import { trimEnd } from "../trim-end";
import { perText } from "./per-text";

const EN_UNITS: Record<string, number> = {
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
const ZH_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const ZH_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/**
 * Numbers spelled in words, as digits: "one hundred and forty" -> 140, "sixty" -> 60, "三十" ->
 * 30, "两百" -> 200. Words are read one by one (no pattern over the whole run).
 */
export const spelledNumbers = perText((text: string): readonly string[] => {
  const out: string[] = [];
  let total = -1;
  let current = 0;
  const flush = () => {
    if (total >= 0) out.push(String(total + current));
    total = -1;
    current = 0;
  };
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    if (word in EN_UNITS) {
      if (total < 0) total = 0;
      current += EN_UNITS[word]!;
    } else if (word === "hundred" && total >= 0) current = (current || 1) * 100;
    else if (word === "thousand" && total >= 0) {
      total += (current || 1) * 1000;
      current = 0;
    } else if (word !== "and" || total < 0) flush();
  }
  flush();
  for (const m of text.match(/[一二两三四五六七八九十百千]+/g) ?? []) {
    let value = 0;
    let digit = 0;
    for (const ch of m) {
      if (ch in ZH_DIGITS) digit = ZH_DIGITS[ch]!;
      else {
        value += (digit || 1) * ZH_UNITS[ch]!;
        digit = 0;
      }
    }
    value += digit;
    // 一 alone is most often "one of", "a", not a setting.
    if (value > 1) out.push(String(value));
  }
  return out;
});

/** Words that sit next to a number without saying what it counts ("more than five", "after 2", 是 3). */
const NEIGHBOUR_STOP = new Set(
  "a an the to of at after before for than every each by in on is are be was were and or from with up under over least most about within only just set 是 为 到 成 的 了 在 和 或 每 约".split(
    " ",
  ),
);
const SPELLED_ZH = /^[一二两三四五六七八九十百千]+$/;

/**
 * What each number of a text counts: the words right before and after it that say more than
 * "than" or "after" ("restarts more than [five] [times]" -> times, restarts is two words off; "满
 * 99 元" -> 满, 元). Digits and numbers spelled in one word ("ten", 三十) are read; a unit glued to
 * a number ("25s") is its neighbour. Keys are the numbers as digits.
 */
export const numberNeighbours = perText((text: string): ReadonlyMap<string, ReadonlySet<string>> => {
  const words = text.toLowerCase().match(/[一二两三四五六七八九十百千]+|[\u3400-\u9fff]|[a-z0-9][a-z0-9._:%-]*/g) ?? [];
  const out = new Map<string, Set<string>>();
  const add = (n: string, w: string | undefined) => {
    const clean = w === undefined ? undefined : trimEnd(w, ".:");
    if (!clean || NEIGHBOUR_STOP.has(clean) || /^\d/.test(clean)) return;
    const set = out.get(n) ?? new Set<string>();
    set.add(clean.length > 3 && clean.endsWith("s") ? clean.slice(0, -1) : clean);
    out.set(n, set);
  };
  words.forEach((w, i) => {
    let n: string | undefined;
    let unit: string | undefined;
    const digits = /^(\d+(?:[.,]\d+)*)([a-z%]*)/.exec(trimEnd(w, ".:"));
    if (digits) {
      n = digits[1]!.replace(/,/g, "");
      unit = digits[2] || undefined;
    } else if (w in EN_UNITS) n = String(EN_UNITS[w]);
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
  const said = new Set(
    [
      ...numberNeighbours(
        `0 ${
          newer
            .toLowerCase()
            .match(/[a-z]+|[\u3400-\u9fff]/g)
            ?.join(" 0 ") ?? ""
        }`,
      ).values(),
    ].flatMap((s) => [...s]),
  );
  return ![...na].some((w) => said.has(w));
}
