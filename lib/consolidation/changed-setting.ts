import { CHANGE_WORDS, valuesOf, wordsWithoutValues } from "./claims";
import { chineseChars, namesOf, textOf, type Featured } from "./features";
import { spelledNumbers } from "./numbers";
import type { Slicer } from "./slicer";
import { exceptionFor, RETIRES, replacesAnotherThing, supersedeCandidate, withoutReason } from "./supersede";
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

/**
 * Words that say a value or choice changed (literal alternatives: linear); "for now" says it
 * stays, "now that" gives a reason, "on changed files" / "the changed lines" name what changed.
 */
const CHANGED =
  /(?<!\bfor )\bnow\b(?! that\b)|\bany ?more\b|(?<!\b(?:on|the|only|all|any|of|for|in) )\b(?:moved|switched|changed|raised|lowered|increased|decreased|reduced|bumped|upgraded|extended|shortened)\b|现在|目前|扩大到|缩小到|提高到|提升到|降低到|降到|延长到|缩短到|增加到|减少到|换成|换用|已改/i;

const marked = (text: string) => CHANGED.test(text) || RETIRES.test(text);
/** Said outside a clause of reason ("pinned to 14.25.0 because 15.x changed the types" changed nothing). */
const saysChanged = (text: string) => marked(withoutReason(text));

const HAN = /[\u3400-\u9fff]/;
/** Characters that say "changed" or spell a number, left out of the Chinese overlap. */
const ZH_SKIP = new Set("改为成用调整提高升扩大缩小降低延长短增加减少换现在目前已不再一二两三四五六七八九十百千万".split(""));

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
  const newer = group.filter((f) => saysChanged(textOf(f.memory)));
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
    const retires = RETIRES.test(withoutReason(tn));
    const shared = new Map<number, number>();
    for (const t of sn) for (const i of byWord.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    let best: { o: Featured; overlap: number } | undefined;
    // In the placement's order, so a tie goes to the same older every run.
    for (const [i, count] of [...shared].sort((x, y) => x[0] - y[0])) {
      if (slicer.due()) await slicer.pause();
      const o = group[i]!;
      if (o === n || o.memory.createdAt >= n.memory.createdAt || o.memory.category !== n.memory.category) continue;
      if (HAN.test(textOf(o.memory)) !== zh) continue;
      // It says what it replaced and the older does not name it, or it changes a case the older does not name.
      if (replacesAnotherThing(n, o) || exceptionFor(n, o)) continue;
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
