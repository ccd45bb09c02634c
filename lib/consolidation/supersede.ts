import { CHOICE_CATEGORIES, CHOICE_VERBS, isNumberToken, type Replaced } from "./cues";
import { namesOf, negativeOf, replacedOf, textOf, type Featured } from "./features";
import { substitutions } from "./align";
import { changedValue, changedValueWithAddition, excludes, firstClause, oppositePolarity, valuesOf } from "./claims";
import { countsOtherThings, spelledNumbers } from "./numbers";
import type { Slicer } from "./slicer";
import type { Candidate } from "./types";
import { headOf } from "../text-slice";
import { tokenize } from "../search/tokenizer";

/** Two memories of one placement and their token Jaccard (from `similarPairs`). */
export interface Pair {
  a: Featured;
  b: Featured;
  jaccard: number;
  /** Both Chinese: the Jaccard of their characters (`charsOf`). */
  charJaccard?: number;
}

/** At or above this Jaccard, opposite polarity on the same words is a contradiction. */
const CONTRADICTION_JACCARD = 0.5;
/** A replacement cue may point at this many older memories (the most similar first). */
const MAX_REPLACED = 2;
/**
 * A cue retires nothing when more memories than this name the replaced thing: chosen by
 * leave-one-set-out over the tuning stores (bench/consolidation/fit-cue.ts).
 */
export const CUE_MAX_HOLDERS = 1;

export const ordered = (p: Pair) => (p.a.memory.createdAt <= p.b.memory.createdAt ? { older: p.a, newer: p.b } : { older: p.b, newer: p.a });

/**
 * Whether the newer memory of a similar pair replaces the older without a cue word: it says the
 * opposite on the same words ("always X" / "never X"), or the same sentence with one choice
 * swapped ("use npm" -> "use pnpm"; a number in any category: "port 3000" -> "port 8080").
 */
export function supersedesBySimilarity(p: Pair): Candidate | undefined {
  const { older, newer } = ordered(p);
  if (older.memory.createdAt === newer.memory.createdAt) return undefined;
  const o = older.memory;
  const n = newer.memory;
  // A cue that names what the older says is the better evidence ("不再使用 Redis" also says no).
  const object = replacedOf(newer).find((obj) => obj.tokens.every((t) => older.tokens.has(t)));
  if (
    object &&
    !replacedOf(older).some((x) => x.key === object.key) &&
    !excludes(textOf(o), object.tokens) &&
    !onlyInFileNames(textOf(o), object.raw) &&
    !exceptionFor(newer, older)
  ) {
    return supersedeCandidate(newer, older, `replaces it: it says "${object.raw}" was replaced`, {
      rule: "cue",
      replaced: object.raw,
      jaccard: round(p.jaccard),
    });
  }
  if (p.jaccard >= CONTRADICTION_JACCARD && negativeOf(older) !== negativeOf(newer) && oppositePolarity(textOf(o), textOf(n))) {
    return supersedeCandidate(newer, older, `contradicts it: the same words with the opposite polarity (words ${round(p.jaccard)})`, {
      rule: "polarity",
      jaccard: round(p.jaccard),
    });
  }
  // The same setting with another value ("expires after 30 minutes" -> "now expires after 15 minutes").
  const changed = changedValue(textOf(o), textOf(n)) ?? changedValueWithAddition(textOf(o), textOf(n));
  if (changed && !opensWithValue(textOf(o), textOf(n), changed) && !pathOfAnotherSubject(changed)) {
    return supersedeCandidate(newer, older, `replaces it: the same words with ${quoteList(changed.was)} changed to ${quoteList(changed.now)}`, {
      rule: "value",
      replaced: changed.was.join(", "),
      by: changed.now.join(", "),
      jaccard: round(p.jaccard),
    });
  }
  // The same sentence with one slot changed (a name may be several tokens: "MySQL" -> my, sql, mysql).
  const runs = o.category === n.category ? substitutions(older.sequence, newer.sequence) : undefined;
  if (runs?.length === 1 && runs[0]![0].length <= 3 && runs[0]![1].length <= 3) {
    const [was, now] = runs[0]!;
    const numbers = was.every(isNumberToken) && now.every(isNumberToken);
    // A choice swapped ("use npm" -> "use pnpm"), not a subject ("keep the [logging] config here").
    // The swapped words must be what the verb chooses (right after it): "run [uv] …" is a choice,
    // "after finishing [work] run …" / "when you finish a [change], run …" is phrasing.
    // Not in a procedure: "run pnpm [lint] before committing" / "run pnpm [typecheck] …" are two steps.
    const choice = CHOICE_CATEGORIES.has(o.category) && o.category !== "procedure" && chosenBy(older.sequence, was);
    // A decision with another named thing in one slot, not its subject ("hashed with [SHA-256]" ->
    // "[BLAKE3]"): names are written as names (capitals, digits, code), so a swapped topic word is not one.
    const named =
      o.category === "decision" && older.sequence[0] !== was[0] && was.every((t) => namesOf(older).has(t)) && now.every((t) => namesOf(newer).has(t));
    if (numbers || choice || named) {
      const raw = (tokens: string[]) => tokens[tokens.length - 1];
      return supersedeCandidate(newer, older, `replaces it: the same ${o.category} with "${raw(was)}" changed to "${raw(now)}"`, {
        rule: "swap",
        replaced: was.join(" "),
        by: now.join(" "),
        jaccard: round(p.jaccard),
      });
    }
  }
  return undefined;
}

/**
 * A word (no spaces) written as a name: code (an underscore, slash or dot inside), a digit, or a
 * capital. Three separate tests: one anchored alternation of `\S*` runs backtracks polynomially.
 */
const isNameWord = (word: string) => /\w[_./]\w/.test(word) || /\d/.test(word) || /^\p{Lu}/u.test(word);

/** The word without the punctuation that ends it, trimmed by a loop (`/[.,;:]+$/` is quadratic). */
function withoutTrailingPunctuation(word: string): string {
  let end = word.length;
  while (end > 0 && ".,;:".includes(word[end - 1]!)) end--;
  return word.slice(0, end);
}

/**
 * A decision that names another thing in the same slot, said in other words (a pair its vectors
 * found: each the other's nearest neighbour): the first clause opens with the same words up to
 * its first name ("Navigation uses [Navigator 1.0] with named routes…" -> "Navigation uses
 * [go_router]; …"), and neither names the other's thing. The opening must have two words at
 * least, so it holds a subject and a verb.
 */
export function supersedesBySlot(p: Pair): Candidate | undefined {
  const { older, newer } = ordered(p);
  const o = older.memory;
  const n = newer.memory;
  if (o.createdAt === n.createdAt || o.category !== "decision" || n.category !== "decision") return undefined;
  const slot = (text: string) => {
    const words = (text.split(/[;:,，。；：]/)[0] ?? "").trim().split(/\s+/);
    const at = words.findIndex((w, i) => i > 0 && isNameWord(w));
    return at < 2 ? undefined : { head: words.slice(0, at).join(" ").toLowerCase(), name: withoutTrailingPunctuation(words[at]!) };
  };
  const [was, now] = [slot(textOf(o)), slot(textOf(n))];
  if (!was || !now || was.head !== now.head || was.name.toLowerCase() === now.name.toLowerCase()) return undefined;
  if (textOf(n).toLowerCase().includes(was.name.toLowerCase()) || textOf(o).toLowerCase().includes(now.name.toLowerCase())) return undefined;
  return supersedeCandidate(newer, older, `replaces it: the same decision ("${was.head} …") with "${was.name}" changed to "${now.name}"`, {
    rule: "slot",
    replaced: was.name,
    by: now.name,
    jaccard: round(p.jaccard),
  });
}

/**
 * Memories that say what they replaced ("switched from REST to tRPC", "不再使用 Redis"), matched
 * to the older memories of their group that mention it and share another word with them (or
 * state a choice: a decision, convention, preference...).
 */
export async function supersedesByCue(
  group: readonly Featured[],
  slicer: Slicer,
  out: Candidate[],
  skip: ReadonlySet<string>,
  maxHolders = CUE_MAX_HOLDERS,
): Promise<void> {
  const cued: { f: Featured; objects: Replaced[] }[] = [];
  for (const f of group) {
    const objects = replacedOf(f);
    if (objects.length) cued.push({ f, objects });
    if (slicer.due()) await slicer.pause();
  }
  if (cued.length === 0) return;
  const byToken = new Map<string, Featured[]>();
  for (const f of group) {
    for (const t of f.tokens) {
      const list = byToken.get(t);
      if (list) list.push(f);
      else byToken.set(t, [f]);
    }
    if (slicer.due()) await slicer.pause();
  }
  for (const { f: newer, objects } of cued) {
    const found = new Map<string, { older: Featured; object: Replaced; shared: string[]; score: number; holders: number }>();
    for (const object of objects) {
      const rarest = object.tokens.map((t) => byToken.get(t) ?? []).sort((x, y) => x.length - y.length)[0] ?? [];
      // How many other memories name the replaced thing: a common phrase ("使用", "the latest") is no thing.
      const holders = rarest.filter((o) => o !== newer && object.tokens.every((t) => o.tokens.has(t))).length;
      for (const older of rarest) {
        if (slicer.due()) await slicer.pause();
        if (older === newer || older.memory.createdAt >= newer.memory.createdAt) continue;
        if (!object.tokens.every((t) => older.tokens.has(t))) continue;
        // An older memory that says the same replacement is its duplicate, not what it replaced.
        if (replacedOf(older).some((o) => o.key === object.key)) continue;
        // So is one that already says no to it ("FlashList, not FlatList" / "FlashList instead of FlatList").
        if (excludes(textOf(older.memory), object.tokens)) continue;
        if (onlyInFileNames(textOf(older.memory), object.raw)) continue;
        // "On Safari, use … instead of hls.js": an exception for a case the older does not name.
        if (exceptionFor(newer, older)) continue;
        const shared = [...older.tokens].filter((t) => newer.tokens.has(t) && !object.tokens.includes(t));
        if (shared.length === 0 && !CHOICE_CATEGORIES.has(older.memory.category)) continue;
        const score = shared.length / (older.tokens.size || 1);
        const prev = found.get(older.memory.id);
        if (!prev || prev.score < score) found.set(older.memory.id, { older, object, shared, score, holders });
      }
    }
    const best = [...found.values()].sort((x, y) => y.score - x.score || y.older.memory.createdAt - x.older.memory.createdAt).slice(0, MAX_REPLACED);
    for (const b of best) {
      if (skip.has(`${newer.memory.id}|${b.older.memory.id}`) || b.holders > maxHolders) continue;
      out.push(
        supersedeCandidate(newer, b.older, `replaces it: it says "${b.object.raw}" was replaced`, {
          rule: "cue",
          replaced: b.object.raw,
          sharedWords: b.shared.slice(0, 10),
          holders: b.holders,
        }),
      );
    }
    if (slicer.due()) await slicer.pause();
  }
}

/**
 * Whether a text names the replaced thing only inside file names or paths: "不再使用 Tauri" does
 * not retire "同步 package.json 和 tauri.conf.json 中的版本号" (the word is part of a file's name).
 */
export function onlyInFileNames(text: string, raw: string): boolean {
  const name = raw.toLowerCase();
  if (!name || /\s/.test(name)) return false;
  const words = text
    .toLowerCase()
    .split(/[\s\u3400-\u9fff，。；：、,;()（）"'`]+/)
    .filter((w) => w.includes(name));
  return words.length > 0 && words.every((w) => w !== name && /\w[./]\w/.test(w) && !/\w[./]\w/.test(name));
}

/** Whether a run of words stands right after a verb of choosing (or one word after it: "use [the] X"). */
function chosenBy(sequence: readonly string[], run: readonly string[]): boolean {
  for (let i = 0; i + run.length <= sequence.length; i++) {
    if (!run.every((t, k) => sequence[i + k] === t)) continue;
    if (CHOICE_VERBS.has(sequence[i - 1] ?? "") || CHOICE_VERBS.has(sequence[i - 2] ?? "")) return true;
  }
  return false;
}

export function supersedeCandidate(newer: Featured, older: Featured, why: string, evidence: Record<string, unknown>): Candidate {
  return {
    kind: "supersede",
    projectId: newer.memory.projectId ?? older.memory.projectId,
    memoryIds: [newer.memory.id, older.memory.id],
    reason: `The newer memory ${why}.`,
    evidence: {
      ...evidence,
      newer: { id: newer.memory.id, createdAt: new Date(newer.memory.createdAt).toISOString(), text: clip(textOf(newer.memory)) },
      older: { id: older.memory.id, createdAt: new Date(older.memory.createdAt).toISOString(), text: clip(textOf(older.memory)) },
    },
  };
}

export const clip = (s: string, n = 300) => (s.length > n ? `${headOf(s, n)}…` : s);
export const round = (x: number) => Math.round(x * 1000) / 1000;

const quoteList = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

/**
 * Words that retire what an earlier memory said ("Fly.io is no longer used", "3.10 support was
 * dropped", "replacing ghcr.io/…", "不再使用", "改用", "已升级到", "… are stored as .ogg files now" but not "for now",
 * "bootstrap 脚本已删除", "蒲公英渠道已经停用", "flake8 已经不用了"): without naming the old thing in
 * a fixed slot, so they are only trusted on a pair already judged the same subject and claim.
 * Not "instead of": a rule is often worded with it ("write a new migration instead of changing
 * one"); a replacement it names is the cue rule's (supersedesBySimilarity).
 * Literal alternatives only, single spaces (linear).
 */
export const RETIRES =
  /\bno longer\b|\b(?:is|are|was|were|been) (?:now )?(?:removed|dropped|replaced|retired|deprecated|renamed|gone)\b|\breplacing\b|\b(?:renamed|switched|migrated|moved) from\b|(?<!\bfor )\bnow\b(?! that\b)|不再|改为|改用|改成|替换|取代|迁移到|升级到|调整为|已(?:经)?(?:删除|移除|停用|废弃|弃用)|(?:删除|移除)了|不用了/i;

/** A value with a number in it (digits, or a Chinese numeral before its measure word). */
const NUMERIC = /\d|^[一二两三四五六七八九十百千万]+/;

/**
 * A pair the merge rules judged one subject and one claim (`sameFact`) whose newer memory says
 * the older is retired (`RETIRES`, the older not saying it too), or states another number in its
 * first clause, where the older stated its own: a changed setting, not the same claim told twice
 * ("times out after 2 seconds" -> "… after 5 seconds; 2 seconds was too short"; "Use Python
 * 3.10" -> "Python 3.12 is required; 3.10 support was dropped").
 */
export function supersedesByChange(p: Pair): Candidate | undefined {
  const { older, newer } = ordered(p);
  if (older.memory.createdAt === newer.memory.createdAt) return undefined;
  const [to, tn] = [textOf(older.memory), textOf(newer.memory)];
  // Said outside a clause of reason, and not of another thing it names ("tailwind.config.js is gone").
  if (RETIRES.test(withoutReason(tn)) && !RETIRES.test(to) && !replacesAnotherThing(newer, older)) {
    return supersedeCandidate(newer, older, "retires it: the same subject, and it says the earlier choice no longer holds", {
      rule: "retired",
      jaccard: round(p.jaccard),
    });
  }
  if (older.memory.category !== newer.memory.category) return undefined;
  const changed = changedNumbers(to, tn);
  if (!changed || changed.otherThings) return undefined;
  const { was, now } = changed;
  return supersedeCandidate(newer, older, `replaces it: the same claim with ${quoteList(was)} changed to ${quoteList(now)}`, {
    rule: "changed",
    replaced: was.join(", "),
    by: now.join(", "),
    jaccard: round(p.jaccard),
  });
}

/**
 * The numbers of the older the newer's first clause no longer states, and those it states instead
 * (spelled out too: "包邮门槛降到七十九元" after "满 99 元包邮"); `otherThings` when every changed
 * number counts another thing than the older's ("five [times]" / "ten [minutes]").
 */
function changedNumbers(to: string, tn: string): { was: string[]; now: string[]; otherThings: boolean } | undefined {
  const first = firstClause(tn);
  if (!first) return undefined;
  const vo = [...valuesOf(to).filter((v) => NUMERIC.test(v)), ...spelledNumbers(to)];
  // A value the clause cut ("比例是 8:1:1" read as 8) is not one of the newer's.
  const whole = new Set([...valuesOf(tn), ...spelledNumbers(tn)]);
  const vn = [...valuesOf(first).filter((v) => NUMERIC.test(v)), ...spelledNumbers(first)].filter((v) => whole.has(v));
  const was = vo.filter((v) => !vn.includes(v));
  const now = vn.filter((v) => !vo.includes(v));
  if (was.length === 0 || now.length === 0) return undefined;
  return { was, now, otherThings: was.every((w) => now.every((x) => countsOtherThings(to, w, tn, x))) };
}

/**
 * A pair the merge rules judged one subject and claim that the supersession guards read as two
 * claims, so neither a supersession nor a merge: its numbers count other things ("a pod restarts
 * more than five times" / "stays Pending for ten minutes"), or the newer retires a named thing the
 * older never says ("Styling uses Tailwind CSS" / "… Tailwind CSS 4 …; tailwind.config.js is gone").
 */
export function twoClaims(p: Pair): boolean {
  const { older, newer } = ordered(p);
  const [to, tn] = [textOf(older.memory), textOf(newer.memory)];
  if (RETIRES.test(withoutReason(tn)) && !RETIRES.test(to) && replacesAnotherThing(newer, older)) return true;
  return older.memory.category === newer.memory.category && !!changedNumbers(to, tn)?.otherThings;
}

/**
 * A similar pair the merge rules refused (each names something the other does not) whose newer
 * memory retires something (`RETIRES`) and still names everything the older names, in English:
 * "The ROS 2 distribution is Humble" -> "… is Jazzy; Humble is no longer used". The older's names
 * all being in the newer is what ties the retirement to it.
 */
export function supersedesByRetirement(p: Pair): Candidate | undefined {
  const { older, newer } = ordered(p);
  if (older.memory.createdAt === newer.memory.createdAt || older.memory.category !== newer.memory.category) return undefined;
  const [to, tn] = [textOf(older.memory), textOf(newer.memory)];
  if (HAN.test(to) || !RETIRES.test(withoutReason(tn)) || RETIRES.test(to)) return undefined;
  const named = [...namesOf(older)].filter((t) => !isNumberToken(t));
  if (named.length === 0 || !named.every((t) => newer.tokens.has(t))) return undefined;
  return supersedeCandidate(newer, older, "retires it: it names what the older names and says it no longer holds", {
    rule: "retired-named",
    jaccard: round(p.jaccard),
  });
}

const HAN = /[\u3400-\u9fff]/;

/**
 * The text before a clause of reason: "pinned to 14.25.0 because 15.x [changed] the types",
 * "reports an override whose base method [was renamed]" say why or which, not that something
 * changed. Cut by index (no pattern over the rest).
 */
export function withoutReason(text: string): string {
  const m = /\b(?:because|since|whose)\b|因为|由于/i.exec(text);
  if (!m) return text;
  // A reason that opens the sentence ends at its comma: "Since the 3.0 upgrade, builds now use esbuild".
  if (m.index === 0) {
    const comma = text.search(/[,，]/);
    return comma > -1 ? withoutReason(text.slice(comma + 1)) : text;
  }
  return text.slice(0, m.index);
}

/**
 * Whether the newer says what it replaced, names it (written as a name), and the older does not
 * say it: "End-to-end tests no longer use [Detox]" changes the end-to-end tests, not "Component
 * tests use Jest"; "依赖改用 pnpm，不再使用 [Yarn]" not "依赖装在仓库根目录"; "[tailwind.config.js] is
 * gone" retires a file "Styling uses Tailwind CSS" never named. The change is about another thing.
 * A cue whose object is no name ("3.8 不再支持", "the 72 column limit was dropped") says nothing of
 * which thing.
 */
export function replacesAnotherThing(newer: Featured, older: Featured): boolean {
  const objects = replacedOf(newer);
  if (objects.some((o) => o.tokens.every((t) => older.tokens.has(t)))) return false;
  // Written as a name (a capital, a digit or code), not a holder word ("the 72 column [limit] was dropped").
  return objects.some((o) => /^[A-Z]|\d|\w[_./@]\w/.test(o.raw));
}

/** Chinese words of comparison that make a clause ending in 时 a condition ("超过一万个时"). */
const ZH_COMPARE = ["超过", "大于", "小于", "多于", "少于", "低于", "高于", "不足", "达到", "如果", "当"];

/** What "For …," gives as a purpose rather than a case ("For consistency across repos, …"). */
const PURPOSE =
  /^(?:the\s+sake\s+of\s+)?(?:consistency|simplicity|speed|performance|security|safety|clarity|readability|maintainability|reliability|reproducibility|portability|compatibility|now|example|this\s+reason|that\s+reason)\b/i;

/**
 * The newer opens with a condition whose words the older does not say ("[On Safari], use the
 * native video element … instead of hls.js"; "[车辆点位超过一万个时]改用 WebGL 图层渲染"): an
 * exception for a case the older did not name, not a replacement of it. Anchored at the start,
 * bounded: linear.
 */
export function exceptionFor(newer: Featured, older: Featured): boolean {
  const text = textOf(newer.memory);
  // An opening word of condition, then what comes before the first comma (by index: linear).
  // "Once …," dates a change and "For consistency …," gives a purpose: neither names a case.
  const opening = /^(?:on|in|for|when|if|unless)\s/i.exec(text);
  const comma = opening ? text.slice(0, 64).search(/[,;:，。]/) : -1;
  let condition = opening && text[comma] === "," ? text.slice(opening[0].length, comma) : undefined;
  if (condition && /^for$/i.test(opening![0].trim()) && PURPOSE.test(condition)) condition = undefined;
  if (!condition) {
    // 时 that ends a clause of comparison ("…超过一万个时"), not 时间, 定时, 小时.
    const at = /时(?![间长区效候刻])|的时候|的话/.exec(text.slice(0, 32));
    const head = at ? text.slice(0, at.index) : "";
    if (head && !/[，。；,;]/.test(head) && ZH_COMPARE.some((w) => head.includes(w))) condition = head;
  }
  if (!condition) return false;
  const words = tokenize(condition, "query").filter((t) => !isNumberToken(t));
  return words.length > 0 && words.some((t) => !older.tokens.has(t));
}

/**
 * The one changed value is what each sentence opens with, its subject: "[json2csv] takes a
 * callback as its last argument" / "[csv2json] takes a callback …" speak of two things. A setting's
 * value follows the words that name the setting.
 */
export function opensWithValue(older: string, newer: string, changed: { was: readonly string[]; now: readonly string[] }): boolean {
  if (changed.was.length !== 1 || changed.now.length !== 1) return false;
  return older.trim().toLowerCase().startsWith(changed.was[0]!) && newer.trim().toLowerCase().startsWith(changed.now[0]!);
}

/**
 * A path changed to one of other words (not another version: v2 / v3 and digits aside) together
 * with a number: the path is the subject, the number its setting ("Line coverage of
 * [packages/server] must stay above [80%]" / "… [packages/client] … [60%]" are two packages' limits).
 */
export function pathOfAnotherSubject(changed: { was: readonly string[]; now: readonly string[] }): boolean {
  const words = (v: string) => v.replace(/\bv\d+/g, "").replace(/[^a-z]/g, "");
  const paths = (values: readonly string[]) => values.filter((v) => v.includes("/"));
  const number = (values: readonly string[]) => values.some((v) => !v.includes("/") && /\d/.test(v));
  const other = paths(changed.was).some((a) => paths(changed.now).some((b) => words(a) !== words(b)));
  return other && number(changed.was) && number(changed.now);
}
