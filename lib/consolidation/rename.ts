import { trimEnd } from "../trim-end";
import { negativeOf, textOf, type Featured } from "./features";
import { commandsDiffer, namedThingsOf } from "./names";
import { headShared } from "./reworded-value";
import { ordered, type Pair, round, supersedeCandidate } from "./supersede";
import type { Candidate } from "./types";

/**
 * A renamed option, method, key or tool in an otherwise unchanged sentence, with no cue word:
 * "Icons inside flex rows get [flex-shrink-0] so they keep their size" -> "… [shrink-0] …";
 * "定时器在 [beforeDestroy] 钩子里清除" -> "… [beforeUnmount] …"; "Run one test file with npx jest
 * [--testPathPattern] parser" -> "… [--testPathPatterns] …". Upgrade guides rename things this
 * way, and a memory written after the upgrade repeats the old sentence with the new name.
 *
 * The evidence a reviewer needs: the two texts are the same characters before and after one
 * short stretch (a few words), that stretch names a thing on each side (written as code: a dot,
 * dash, underscore, colon, parentheses, camelCase or a digit; in a text with Chinese, any Latin
 * word), the stretch is not the sentence's subject (at least two words or Han characters come
 * before it), neither text names the other's thing, and the frame is not one written for several
 * subjects (at most two memories of the placement share it: "packages/web is linted with …",
 * "packages/api …" is a frame, and starts with its slot anyway). The same frame around a list
 * with items added or dropped ("Supported locales are en, de and nl" -> "… en, de, nl and fr") is
 * a changed value too. A rename also needs evidence of one (`renameEvidence`) and no two
 * commands of one program ("npm run test:unit" / "npm run test:e2e"). Chosen on the tuning stores
 * (bench/consolidation/errors.ts, rename-study.ts); no number here was fitted by search.
 */

/** At most this many words (white space apart) and characters in each changed stretch. */
const MAX_WORDS = 4;
const MAX_CHARS = 48;
/** The unchanged text around the stretch covers at least this share of the longer text (the stretch weighing `STRETCH_WEIGHT` at most). */
const MIN_KEPT = 0.5;
/** The most characters a changed stretch weighs in that share. */
const STRETCH_WEIGHT = 8;
/** More memories than this sharing the frame make it a frame for several subjects, not a setting. */
const MAX_FRAME = 2;

const HAN = /[\u3400-\u9fff]/;
/** A character inside a word: not white space, not Han, not sentence punctuation. */
const WORD_CHAR = /[^\s\u3400-\u9fff，。；：、（）！？,;!?]/;
/** A Latin word written as code (three separate tests keep each linear). */
const codeShaped = (w: string) => /[A-Za-z0-9][-_.:@$=/][A-Za-z0-9]/.test(w) || /[a-z][A-Z]/.test(w) || /[A-Za-z]\(|\{\}/.test(w);
/** The Han characters of two changed stretches are shared at least this much (Jaccard). */
const MIN_HAN_SHARED = 0.5;
/** Words that only link a name into the sentence. */
const PHRASING = new Set("with through via using by the a an = in on of for to from as is are".split(" "));
const NEGATION = /\b(?:not|never|no)\b|不|别|禁止/i;

/** The words of a stretch (white space apart, trailing punctuation off). */
const wordsOf = (s: string) =>
  s
    .split(/[\s，。；：、（）！？]+/)
    .flatMap((w) => w.match(/[\u3400-\u9fff]+|[^\u3400-\u9fff]+/g) ?? [])
    .map((w) => trimEnd(w, ".,;:!?"))
    .filter((w) => w.length > 0);

/** The Han characters of a text. */
const hanOf = (s: string) => new Set(s.match(/[\u3400-\u9fff]/g) ?? []);

/** The common prefix and suffix lengths of two texts, both ending at word boundaries. */
function frameOf(a: string, b: string): { pre: number; suf: number } {
  const max = Math.min(a.length, b.length);
  let pre = 0;
  while (pre < max && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < max - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  // Not inside a word: "flex-shrink-0" / "shrink-0" differ as whole words.
  const inside = (s: string, i: number) => i > 0 && i < s.length && WORD_CHAR.test(s[i - 1]!) && WORD_CHAR.test(s[i]!);
  while (pre > 0 && (inside(a, pre) || inside(b, pre))) pre--;
  while (suf > 0 && (inside(a, a.length - suf) || inside(b, b.length - suf))) suf--;
  return { pre, suf };
}

export function supersedesByRename(p: Pair, group: readonly Featured[]): Candidate | undefined {
  const { older, newer } = ordered(p);
  const o = older.memory;
  const n = newer.memory;
  if (o.createdAt === n.createdAt || o.category !== n.category) return undefined;
  const [to, tn] = [textOf(o), textOf(n)];
  const { pre, suf } = frameOf(to, tn);
  // The sentence's last full stop is not part of the name ("nl." / "nl").
  const was = unpunctuated(to.slice(pre, to.length - suf).trim());
  const now = unpunctuated(tn.slice(pre, tn.length - suf).trim());
  // A long name in a short sentence counts as one short word ("定时器在 [beforeDestroy] 钩子里清除").
  const stretch = Math.max(was.length, now.length);
  if (pre + suf < MIN_KEPT * (Math.max(to.length, tn.length) - stretch + Math.min(stretch, STRETCH_WEIGHT))) return undefined;
  if (was.length > MAX_CHARS || now.length > MAX_CHARS || (!was && !now)) return undefined;
  const [ww, wn] = [wordsOf(was), wordsOf(now)];
  if (ww.length > MAX_WORDS || wn.length > MAX_WORDS) return undefined;
  // Not the subject: two words (or two Han characters) at least come before the stretch.
  const head = to.slice(0, pre);
  if (wordsOf(head).length < 2 && (head.match(/[\u3400-\u9fff]/g)?.length ?? 0) < 2) return undefined;
  // A value changed (a number, a port) is the value rules' case; a negation is the polarity rule's.
  if (was.replace(/\d/g, "") === now.replace(/\d/g, "") || NEGATION.test(was) || NEGATION.test(now)) return undefined;
  if (negativeOf(older) !== negativeOf(newer)) return undefined;
  if (!frameIsOwn(to, pre, suf, group)) return undefined;
  // Two commands of one program are two procedures, not one renamed ("npm run test:unit" / "… test:e2e").
  if (commandsDiffer(to, tn)) return undefined;
  // A list with items added or dropped ("locales are en, de and nl" -> "en, de, nl and fr"); in
  // Chinese the stretch is widened to the list's separators (中文和英文 -> 中文、英文和日文 adds 日文, not 日).
  const wide = HAN.test(to) || HAN.test(tn) ? hanItems(to, tn, pre, suf) : undefined;
  const [lw, ln] = wide
    ? [unpunctuated(to.slice(wide.pre, to.length - wide.suf).trim()), unpunctuated(tn.slice(wide.pre, tn.length - wide.suf).trim())]
    : [was, now];
  const list = listChange(lw, ln);
  if (list)
    return supersedeCandidate(newer, older, `replaces it: the same list with ${list}`, {
      rule: "list",
      replaced: lw,
      by: ln,
      jaccard: round(p.jaccard),
    });
  if (ww.length === 0 || wn.length === 0) return undefined;
  // A named thing on each side.
  const chinese = HAN.test(to) && HAN.test(tn);
  const names = (ws: string[]) => ws.filter((w) => /[A-Za-z]/.test(w) && (chinese || codeShaped(w) || namedThingsOf(w).size > 0));
  const [nw, nn] = [names(ww), names(wn)];
  if (nw.length === 0 || nn.length === 0) return undefined;
  // The names change, not what they are said of: "py-24 [on desktop]" / "py-12 [on mobile]" each
  // add a word of their own (not phrasing, not in the other's stretch), two claims in one frame.
  // (A fact is never a rename: see `renameEvidence`.)
  const own = (ws: string[], ns: string[], other: string) =>
    ws.some((w) => !HAN.test(w) && !ns.includes(w) && !PHRASING.has(w.toLowerCase()) && !other.toLowerCase().includes(w.toLowerCase()));
  const [ownW, ownN] = [own(ww, nw, now), own(wn, nn, was)];
  if (ownW && ownN) return undefined;
  // Chinese around the names is the same wording, not a paraphrase ("使用 zap，字段名用小写" / "用 zap 输出，字段名一律使用…").
  const [hw, hn] = [hanOf(was), hanOf(now)];
  if (hw.size > 0 && hn.size > 0 && [...hw].filter((c) => hn.has(c)).length < MIN_HAN_SHARED * new Set([...hw, ...hn]).size) return undefined;
  // Neither names the other's thing (then it compares them: "X, not Y", the cue rules' case).
  const wordsO = new Set(wordsOf(to).map((w) => w.toLowerCase()));
  const wordsN = new Set(wordsOf(tn).map((w) => w.toLowerCase()));
  if (nw.some((w) => wordsN.has(w.toLowerCase())) || nn.some((w) => wordsO.has(w.toLowerCase()))) return undefined;
  if (!renameEvidence(o.category, to, tn, pre, suf, nw, nn)) return undefined;
  return supersedeCandidate(newer, older, `replaces it: the same sentence with "${was}" renamed to "${now}"`, {
    rule: "rename",
    replaced: was,
    by: now,
    jaccard: round(p.jaccard),
  });
}

/** A stretch without the sentence punctuation it ends with. */
const unpunctuated = (s: string) => trimEnd(s, ".。!！?？;；,，:：");

/** A list's separators in Chinese (a boundary next to one is not inside an item). */
const HAN_JOINER = "和及与、，；";
/** Each boundary moved out of a run of Han characters to the nearest separator (or the text's end). */
function hanItems(a: string, b: string, pre: number, suf: number): { pre: number; suf: number } {
  const hanPair = (s: string, i: number) =>
    i > 0 && i < s.length && HAN.test(s[i - 1]!) && HAN.test(s[i]!) && !HAN_JOINER.includes(s[i - 1]!) && !HAN_JOINER.includes(s[i]!);
  while (pre > 0 && (hanPair(a, pre) || hanPair(b, pre))) pre--;
  while (suf > 0 && (hanPair(a, a.length - suf) || hanPair(b, b.length - suf))) suf--;
  return { pre, suf };
}

/** Words that choose or switch a tool, option or name: the frame is a choice, not a fact about one subject. */
const CHOICE =
  /\b(?:use|uses|using|used|with|through|via|get|gets|run|runs|prefer|switch|switched|migrate|migrated|upgrade|upgraded|rename|renamed|replace|replaced)\b|(?<![应作费信利])用|采用|改为|改成|改用|写成|换成|升级/i;
/** The parts of a name: split at `-_.:/` and camelCase, lower case, three characters or more, not only digits. */
const partsOf = (names: string[]) =>
  new Set(
    names
      .flatMap((n) => n.replace(/([a-z])([A-Z])/g, "$1 $2").split(/[\s\-_.:/()=]+/))
      .map((x) => x.toLowerCase())
      .filter((x) => x.length >= 3 && !/^\d+$/.test(x)),
  );
/**
 * Evidence that the stretch is a rename, not another subject in a shared frame ("DATABASE_URL" /
 * "REDIS_URL must be set", "stores its data in MongoDB" / "in S3"): a memory that states a choice
 * (not a fact or a constraint), whose two names share a part ("flex-shrink-0" / "shrink-0",
 * "beforeDestroy" / "beforeUnmount") or whose sentence chooses a tool with a word ("with",
 * "through", 用, 改用). Chosen on the tuning stores (bench/consolidation/rename-study.ts). The
 * choice word is looked for in the shared frame and in the newer text's own words only: the newer
 * memory is the one that states today's choice; the older one's changed words name what it replaced.
 */
function renameEvidence(category: string, to: string, tn: string, pre: number, suf: number, nw: string[], nn: string[]): boolean {
  if (category === "fact" || category === "constraint") return false;
  const pw = partsOf(nw);
  if ([...partsOf(nn)].some((x) => pw.has(x))) return true;
  return CHOICE.test(to.slice(0, pre)) || CHOICE.test(to.slice(to.length - suf)) || CHOICE.test(tn.slice(pre, tn.length - suf));
}

/**
 * Not a frame for several subjects: at most `MAX_FRAME` memories of the placement share it, or
 * every one of them names a thing with one part in common (a name renamed twice, A -> B -> C:
 * "flex-shrink-0" / "shrink-0" / "shrink-none"; "shadow-sm" / "ring-inset" / "outline-dashed" are three).
 */
function frameIsOwn(text: string, pre: number, suf: number, group: readonly Featured[]): boolean {
  const [start, end] = [text.slice(0, pre), text.slice(text.length - suf)];
  let sharing = 0;
  let common: Set<string> | undefined;
  for (const f of group) {
    const t = textOf(f.memory);
    if (t.length < start.length + end.length || !t.startsWith(start) || !t.endsWith(end)) continue;
    sharing++;
    const parts = partsOf(wordsOf(t.slice(start.length, t.length - end.length)).filter((w) => /[A-Za-z]/.test(w) && !PHRASING.has(w.toLowerCase())));
    common = common ? new Set([...common].filter((x) => parts.has(x))) : parts;
  }
  return sharing <= MAX_FRAME || (common?.size ?? 0) > 0;
}

/** What joins the items of a list. */
const JOINER = /,|，|、|和|及|\band\b|\bor\b/;
const ADDED_ITEM = /^(?:和|及|、|and\b|or\b)/;
/** A list item is a short name: at most this many characters, of which this many Han. */
const MAX_ITEM = 24;
const MAX_ITEM_HAN = 6;
const STARTS_JOINED = /^(?:,|，|、|和|及|and\b|or\b)/;

/**
 * Two stretches that are the same list with items added or dropped: one starts with a joiner or
 * they share an item, each item is a short name (three words at most), and the items differ.
 */
function listChange(was: string, now: string): string | undefined {
  if (!JOINER.test(was) && !JOINER.test(now)) return undefined;
  const items = (s: string) =>
    s
      .split(JOINER)
      .map((x) => x.trim())
      .filter((x) => x.length > 0);
  // An item added at the end is joined by a word ("prod [and staging]"); a comma alone adds a clause.
  if ((!was && !ADDED_ITEM.test(now)) || (!now && !ADDED_ITEM.test(was))) return undefined;
  const [a, b] = [items(was), items(now)];
  if ([...a, ...b].some((x) => wordsOf(x).length > 3 || x.length > MAX_ITEM || (x.match(/[\u3400-\u9fff]/g)?.length ?? 0) > MAX_ITEM_HAN)) return undefined;
  const shared = a.filter((x) => b.includes(x));
  if (shared.length === 0 && !STARTS_JOINED.test(was) && !STARTS_JOINED.test(now)) return undefined;
  const added = b.filter((x) => !a.includes(x));
  const dropped = a.filter((x) => !b.includes(x));
  if (added.length === 0 && dropped.length === 0) return undefined;
  return [added.length ? `${added.map((x) => `"${x}"`).join(", ")} added` : "", dropped.length ? `${dropped.map((x) => `"${x}"`).join(", ")} dropped` : ""]
    .filter(Boolean)
    .join(" and ");
}

/**
 * Name parts too common to tie two names together ("src/billing/index.ts" / "src/search/index.ts"),
 * also the verbs names open with: "useQuery" / "useMutation", "handleNotFound" / "handleForbidden"
 * are two things, not one renamed.
 */
const COMMON_PARTS = new Set(
  [
    "src lib app apps index main test tests spec dist build config tools packages package json yaml yml com org www http https",
    "use get set has handle create update delete remove add fetch load save read write make init render with",
  ]
    .join(" ")
    .split(" "),
);
/** The categories a rename said in other words is looked for in. */
const RENAMED_IN_WORDS = new Set(["decision", "convention", "preference", "directive"]);
/** A path's last part (its file name); other names whole. */
const baseName = (w: string) => (w.includes("/") ? (w.split("/").filter(Boolean).pop() ?? w) : w);
/** A word written as code, also a decorator or a key with its "=" ("@validator", "backref="). */
const codeWord = (w: string) => codeShaped(w) || /^@[A-Za-z]/.test(w) || /[A-Za-z]=$/.test(w);

/**
 * A renamed option or API said with other words around it (fifteenth pass), for a pair already
 * judged one subject (each other's nearest neighbours, or a merge): each names a thing written as
 * code that the other text does not contain, and two of those names share a part ("outline-none" /
 * "outline-hidden", "@validator" / "@field_validator", "toBeCalled()" / "toHaveBeenCalled()"). A
 * memory that states a choice (a decision, convention, preference or directive), each opening with a
 * subject word of the other, neither saying no, not two commands of one program.
 */
export function supersedesByRenameInWords(p: Pair): Candidate | undefined {
  const { older, newer } = ordered(p);
  const o = older.memory;
  const n = newer.memory;
  // A choice, not a fact or a constraint ("packages/client" / "packages/server must …"), nor a
  // procedure (two procedures of one frame name their own things: "read the [order-worker] logs").
  if (o.createdAt === n.createdAt || o.category !== n.category || !RENAMED_IN_WORDS.has(o.category)) return undefined;
  const [to, tn] = [textOf(o), textOf(n)];
  // Neither says no: "用 crypto/rand，不用 math/rand" / "不要再调用 rand.Seed" are the cue rules' case.
  if (negativeOf(older) || negativeOf(newer) || commandsDiffer(to, tn)) return undefined;
  // One subject: each opens with a subject word of the other ("[Parser] tests run with … quill-parser" /
  // "[Storage] tests … quill-storage", "[The frontend] uses 2-space" / "[The backend] … 4-space").
  if (!headShared(older, newer) || !headShared(newer, older)) return undefined;
  const own = (text: string, other: string) =>
    wordsOf(text)
      .map((w) => trimEnd(w, ".,;:!?"))
      .filter((w) => /[A-Za-z]/.test(w) && codeWord(w) && !other.toLowerCase().includes(w.toLowerCase()));
  const [ownO, ownN] = [own(to, tn), own(tn, to)];
  if (ownO.length === 0 || ownN.length === 0) return undefined;
  // A path is compared by its file name: "examples/complete/main.tf" / "…/outputs.tf" are two files.
  const partsO = new Set([...partsOf(ownO.map(baseName))].filter((x) => !COMMON_PARTS.has(x)));
  const shared = [...partsOf(ownN.map(baseName))].find((x) => partsO.has(x) && !COMMON_PARTS.has(x));
  if (!shared) return undefined;
  const was = ownO.find((w) => partsOf([baseName(w)]).has(shared))!;
  const now = ownN.find((w) => partsOf([baseName(w)]).has(shared))!;
  return supersedeCandidate(newer, older, `replaces it: "${was}" renamed to "${now}", said in other words`, {
    rule: "rename-reworded",
    replaced: was,
    by: now,
    jaccard: round(p.jaccard),
  });
}
