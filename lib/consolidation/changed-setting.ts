import { CHANGE_WORDS, valuesOf, wordsWithoutValues } from "./claims";
import { chineseChars, namesOf, textOf, type Featured } from "./features";
import { perText } from "./per-text";
import type { Slicer } from "./slicer";
import { RETIRES, supersedeCandidate } from "./supersede";
import type { Candidate } from "./types";

/**
 * A setting changed in other words (issue #38): the newer memory says something changed ("now",
 * "moved to", 改为, 提高到, 扩大到…), the older does not, both are of one category, each states a
 * value the other does not (a number, also one spelled out: "sixty", 三十; a path; a name), and
 * they share most of their other words (Chinese: characters). The pairs the similarity rules
 * never bring up: "The engine's default search depth is 8 plies" -> "The engine now searches 12
 * plies deep by default"; "每次练习的题目数量是 20 道" -> "每次练习改为出三十道题".
 * The overlap thresholds were chosen by leave-one-set-out on the tuning sets
 * (bench/consolidation/fit-changed-setting.ts).
 */
export const CHANGED_SETTING_OVERLAP = { en: 0.4, zh: 0.5 };

/** Words that say a value or choice changed (literal alternatives: linear); "for now" says it stays. */
const CHANGED =
  /(?<!\bfor )\bnow\b|\bany ?more\b|\b(?:moved|switched|changed|raised|lowered|increased|decreased|reduced|bumped|upgraded|extended|shortened)\b|现在|目前|扩大到|缩小到|提高到|提升到|降低到|降到|延长到|缩短到|增加到|减少到|换成|换用|已改/i;

const marked = (text: string) => CHANGED.test(text) || RETIRES.test(text);

const HAN = /[\u3400-\u9fff]/;
/** Characters that say "changed" or spell a number, left out of the Chinese overlap. */
const ZH_SKIP = new Set("改为成用调整提高升扩大缩小降低延长短增加减少换现在目前已不再一二两三四五六七八九十百千万".split(""));

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

/** What a memory states: its values, its numbers spelled out, its Latin names (every Chinese word would be one). */
function statedOf(f: Featured): Set<string> {
  const text = textOf(f.memory);
  const out = new Set<string>([...valuesOf(text), ...spelledNumbers(text)]);
  for (const t of namesOf(f)) if (!HAN.test(t)) out.add(t);
  return out;
}

/** The words a memory says its subject with: values and "changed" words aside (Chinese: its characters). */
function subjectOf(f: Featured): Set<string> {
  const text = textOf(f.memory);
  if (HAN.test(text)) return new Set([...chineseChars(text)].filter((c) => !ZH_SKIP.has(c) && !/\d/.test(c)));
  return new Set([...wordsWithoutValues(text)].filter((t) => !CHANGE_WORDS.has(t)));
}

/**
 * For each memory of the group that says something changed, the older memory of its category
 * that shares most of its subject and states another value; proposed as superseded when the
 * overlap reaches the threshold of its language. `decided` skips pairs another rule decided.
 */
export async function supersedesByChangedSetting(
  group: readonly Featured[],
  decided: (a: string, b: string) => boolean,
  slicer: Slicer,
  out: Candidate[],
  thresholds: { en: number; zh: number } = CHANGED_SETTING_OVERLAP,
): Promise<void> {
  const newer = group.filter((f) => marked(textOf(f.memory)));
  if (newer.length === 0) return;
  // The memories that may have been changed (no change word), by subject word: a memory that
  // says it changed looks only at those sharing a word with it, not at its whole placement.
  const subjects = new Map<Featured, Set<string>>();
  const byWord = new Map<string, number[]>();
  group.forEach((f, i) => {
    const s = subjectOf(f);
    subjects.set(f, s);
    if (marked(textOf(f.memory))) return;
    for (const t of s) {
      const list = byWord.get(t);
      if (list) list.push(i);
      else byWord.set(t, [i]);
    }
  });
  for (const n of newer) {
    if (slicer.due()) await slicer.pause();
    const tn = textOf(n.memory);
    const zh = HAN.test(tn);
    const sn = subjects.get(n)!;
    const vn = statedOf(n);
    const retires = RETIRES.test(tn);
    const shared = new Map<number, number>();
    for (const t of sn) for (const i of byWord.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    let best: { o: Featured; overlap: number } | undefined;
    // In the placement's order, so a tie goes to the same older every run.
    for (const [i, count] of [...shared].sort((x, y) => x[0] - y[0])) {
      if (slicer.due()) await slicer.pause();
      const o = group[i]!;
      if (o === n || o.memory.createdAt >= n.memory.createdAt || o.memory.category !== n.memory.category) continue;
      if (HAN.test(textOf(o.memory)) !== zh) continue;
      const overlap = count / (Math.min(sn.size, subjects.get(o)!.size) || 1);
      if (overlap < (zh ? thresholds.zh : thresholds.en) || (best && best.overlap >= overlap)) continue;
      const vo = statedOf(o);
      const newOnly = [...vn].some((v) => !vo.has(v));
      const oldOnly = [...vo].some((v) => !vn.has(v));
      if (newOnly && (oldOnly || retires)) best = { o, overlap };
    }
    if (!best || decided(n.memory.id, best.o.memory.id)) continue;
    out.push(
      supersedeCandidate(n, best.o, "changes it: the same setting with another value, and it says it changed", {
        rule: "changed-setting",
        overlap: Math.round(best.overlap * 1000) / 1000,
      }),
    );
  }
}
