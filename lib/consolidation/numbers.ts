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
