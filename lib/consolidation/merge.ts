import { isNumberToken } from "./cues";
import { clauseConflict, clausesOf, conflictingValues, firstClause } from "./claims";
import { perText } from "./per-text";
import { charsOf, chineseChars, jaccardOf, namesOf, negativeOf, textOf, type Featured } from "./features";
import { substitutions } from "./align";
import { clip, round, type Pair } from "./supersede";
import type { Slicer } from "./slicer";
import type { Candidate } from "./types";
import { tokenize } from "../search/tokenizer";
import { sentencesOf } from "./sentences";

/** A cluster larger than this is split off at this size (the rest is proposed at the next run). */
const MAX_CLUSTER = 12;
/** A sentence of another memory whose words are this much covered by the keeper adds nothing. */
const COVERED = 0.8;

/**
 * Words (as the tokenizer stems them) that phrase a claim and never name its subject, however many
 * kinds of memory they turn up in: "needs an account" / "can log in", "not" / "for example".
 */
const GENERIC_WORDS = new Set(
  (
    "not no never alway onli also just still now then need requir must should can could will would may might let make get set " +
    "send put keep take give go come see look find show tell ask say call live log hold held sit stay start stop end run use " +
    "work want try help add remov chang move open close check pick choos press click wait exampl such other same differ " +
    "first last next new old everi each all ani both either well much mani more most less least veri realli"
  ).split(" "),
);

/** Two Chinese texts are similar enough from this overlap of their characters (`charsOf`)... */
const CHAR_SAME = 0.4;
/** ... when each has at least this share of its characters in the other. */
const CHAR_COVERED = 0.6;
const CHAR_COVERED_ONE_CLAUSE = 0.7;

/** Its clauses and its topic (computed once per memory: a run compares each memory with many). */
const clausesOfF = (f: Featured) => (f.clauses ??= clausesOf(textOf(f.memory)));
const topicOfF = (f: Featured) => (f.topic ??= topicOf(textOf(f.memory)));

function setCovered(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let inside = 0;
  for (const t of a) if (b.has(t)) inside++;
  return a.size ? inside / a.size : 1;
}

/** One names the other's topic, and each has most of its characters in the other. */
function sameChineseClaim(a: Featured, b: Featured): boolean {
  const ca = charsOf(a);
  const cb = charsOf(b);
  if (!ca || !cb) return false;
  const [ta, tb] = [textOf(a.memory), textOf(b.memory)];
  if (!ta.includes(topicOfF(b)) && !tb.includes(topicOfF(a))) return false;
  // One short clause each: the subject they share is most of their characters.
  const needed = clausesOfF(a).length > 1 || clausesOfF(b).length > 1 ? CHAR_COVERED : CHAR_COVERED_ONE_CLAUSE;
  return Math.min(setCovered(ca, cb), setCovered(cb, ca)) >= needed;
}

/** What a Chinese text is about: its first two-character word that is not a phrasing word ("" when none). */
function topicOf(text: string): string {
  for (const run of text.match(/[\u3400-\u9fff]+/g) ?? []) {
    const word = run.replace(/^[的了在是把就到和与及或也都还又再被让给对从向于以而并且但时后前上下中里个这那其之]+/, "");
    for (let i = 0; i + 2 <= word.length; i += 2) {
      const w = word.slice(i, i + 2);
      if (!ZH_GENERIC_WORDS.has(w)) return w;
    }
  }
  return "\u0000";
}

/** Chinese words that phrase a rule ("use", "must", "uniformly", "within") and name no subject. */
const ZH_GENERIC_WORDS = new Set(
  "使用 统一 需要 必须 不要 禁止 可以 应该 一定 所有 每个 时候 之后 之前 以后 然后 直接 尽量 以内 一个 单个 多个 注意 默认 务必 记得 不然 否则 避免 不能 不得".split(
    " ",
  ),
);

/** Below plain word overlap `threshold`, a pair is the same claim when the words it shares carry this much of the weight (rare words weigh more). */
const WEIGHTED_SAME = 0.45;
/** ... and never below this plain overlap. */
const WEIGHTED_FLOOR = 0.5;

/**
 * Whether a similar pair is the same claim told twice rather than two facts in one frame: not the
 * same sentence with one name swapped ("API timeout is 30 s" / "DB timeout is 30 s"), each naming
 * a subject the other does not, two different numbers of one unit, or opposite polarity on the same
 * clause. Similar enough: plain word overlap ≥ `threshold`, or the words they share weigh
 * `WEIGHTED_SAME` of all (each word by how rare it is in its group: `weightOf`), or the vectors' cosine,
 * or (`named`) the same named things that no other memory of the placement names (names.ts).
 */
export function sameFact(...args: Parameters<typeof sameFactRefusal>): boolean {
  return sameFactRefusal(...args) === undefined;
}

/** `sameFact`'s verdict with the guard that refuses the pair (undefined: the same fact); bench/consolidation/paraphrase-study.ts prints it. */
export function sameFactRefusal(
  p: Pair,
  threshold: number,
  cosine: number | null,
  cosineThreshold: number,
  isName: (t: string) => boolean = () => false,
  weightOf?: (t: string) => number,
  byMeaning = false,
  named = false,
  polarity = true,
): string | undefined {
  // Similar by their characters only when one names what the other is about (its first word)
  // and each has most of its characters in the other: "采集服务上线前…" / "通知服务上线前…" share a frame,
  // "网关服务完成了年度安全审计" / "网关服务上周完成了灰度发布" a subject, not a claim.
  const byChars = p.charJaccard !== undefined && p.charJaccard >= CHAR_SAME && sameChineseClaim(p.a, p.b);
  // Not similar by any measure: nothing else to check (most pairs of a large store end here).
  if (!named && p.jaccard < threshold && !byChars && (cosine === null || cosine < cosineThreshold) && (weightOf === undefined || p.jaccard < WEIGHTED_FLOOR))
    return "not similar";
  const onlyA = [...p.a.tokens].filter((t) => !p.b.tokens.has(t));
  const onlyB = [...p.b.tokens].filter((t) => !p.a.tokens.has(t));
  const namesA = namesOf(p.a);
  const namesB = namesOf(p.b);
  // One name or number swapped is another subject or another value ("not" / "instead", "log in" /
  // "available" are phrasing); one word added is a detail.
  if (onlyA.length === 1 && onlyB.length === 1) {
    const [wa, wb] = [onlyA[0]!, onlyB[0]!];
    // The same words in the same order around them: a slot ("the [balance sheet] report" / "the [trial balance] report").
    // Two phrasing words are wording, not a slot ("after finishing [work]" / "when you finish a [change]").
    const phrasing = GENERIC_WORDS.has(wa) && GENERIC_WORDS.has(wb);
    if (namesA.has(wa) || namesB.has(wb) || (!phrasing && restOf(p.a.sequence, wa) === restOf(p.b.sequence, wb))) return "one word swapped";
  }
  // Each names something the other does not ("Drain the billing queue..." / "Drain the ingest
  // queue..."): one frame, two subjects. A subject word counts when it is written as a name (a
  // capital, code, a value): "need" / "log" turn up in every kind of memory but name nothing.
  // A pair found by its vectors (each the other's nearest neighbour) is a paraphrase in other
  // words: only the words written as names count ("Staff > Therapists" / "Clinic > Rooms").
  // Chinese has no capitals: by meaning, only its Latin names count (its words are the paraphrase).
  const subjectA = byMeaning ? (t: string) => namesA.has(t) && !HAN_TOKEN.test(t) : (t: string) => isSubject(t, namesA, isName);
  const subjectB = byMeaning ? (t: string) => namesB.has(t) && !HAN_TOKEN.test(t) : (t: string) => isSubject(t, namesB, isName);
  if (onlyA.some(subjectA) && onlyB.some(subjectB)) return "each adds a subject";
  // The same sentence with another number (and at most one more word changed) is another value.
  const words = onlyA.filter((t) => !isNumberToken(t)).length + onlyB.filter((t) => !isNumberToken(t)).length;
  if (onlyA.some(isNumberToken) && onlyB.some(isNumberToken) && words <= 1) return "other number";
  // So is another number of the same unit, whatever else was added ("timeout is 10 seconds" /
  // "timeout is 40 seconds for batch calls"); "a Postgres 16 container" / "takes 4 minutes" are two facts.
  if (sameUnitOtherNumber(p.a, p.b, p.a.tokens, p.b.tokens)) return "other number of a unit";
  // Similar enough, before the clause guards below (they segment and tokenize both texts; most
  // candidate pairs of a large store are not similar enough and end here).
  const similar =
    named ||
    p.jaccard >= threshold ||
    byChars ||
    (cosine !== null && cosine >= cosineThreshold) ||
    // By weight, only when not both add a subject word, written as a name or not ("Drain the
    // [billing] queue..." / "Restarting the [ingest] worker..." share their rare phrasing).
    (weightOf !== undefined &&
      p.jaccard >= WEIGHTED_FLOOR &&
      !(onlyA.some(isName) && onlyB.some(isName)) &&
      weightedOverlap(p.a.tokens, p.b.tokens, weightOf) >= WEIGHTED_SAME);
  if (!similar) return "not similar";
  // Opposite polarity on the same clause; an added clause with a "never" is an added rule. Only
  // when the texts differ in polarity as wholes: a paraphrase may move its "never" to another
  // clause ("…-<5 digits>, never reused, even for…" / "(…-<5 digits>) is never reused, not even…").
  const [ta, tb] = [textOf(p.a.memory), textOf(p.b.memory)];
  if (polarity && negativeOf(p.a) !== negativeOf(p.b) && clauseConflict(ta, tb)) return "polarity";
  // Another value on each side ("至少一人评审" / "至少两人评审", "docs/onboarding_2022.md" / "docs/onboarding.md").
  if (conflictingValues(ta, tb)) return "other value";
  // An added rule ("..., and never log the raw payload") is reviewed on its own, not folded in.
  // (By meaning, a prohibition that is the first clause is the claim itself, reworded: "Never
  // edit a migration that is on main" / "Migrations merged to main are immutable".)
  if (addsProhibition(ta, tb, byMeaning) || addsProhibition(tb, ta, byMeaning)) return "adds a prohibition";
  // An added clause that states a rule ("…, and only between 2 and 4 am") is reviewed on its own.
  if (addsRule(ta, tb) || addsRule(tb, ta)) return "adds a rule";
  // One says it adds to another rule ("Commits must ALSO be signed…, in addition to the sign-off"):
  // a further rule on the subject, not the same claim again.
  if (ADDS_TO.test(ta) !== ADDS_TO.test(tb)) return "adds to a rule";
  // The first clauses are one sentence with another predicate or object in a slot ("The phone
  // [plays a short sound] when the rest timer ends, unless…" / "The phone [vibrates] when…").
  if (swappedFirstClause(p.a, p.b)) return "swapped first clause";
  // Each has a clause the other does not say at all ("…; review the diff afterwards" / "… and
  // fix what it reports before committing"): two claims on one topic, not one told twice.
  // (English only: Chinese tokens are character bigrams, a reworded clause shares few of them.)
  if (!HAN_TOKEN.test(ta) && !HAN_TOKEN.test(tb) && hasNewClause(ta, tb) && hasNewClause(tb, ta)) return "a new clause each";
  // Two Chinese texts that each have a step the other lacks are two procedures in one frame
  // ("进入回调日志…点击重试" / "进入退款记录…点击人工退款").
  if (p.charJaccard !== undefined && hasUnmatchedClause(ta, tb) && hasUnmatchedClause(tb, ta)) return "a step each (zh)";
  // One sentence with other words in its slots is another subject or value, unless every swapped
  // word is phrasing ("after finishing [work] run …" / "when you finish a [change], run …").
  const runs = substitutions(p.a.sequence, p.b.sequence);
  return !runs?.length || runs.every(([x, y]) => [...x, ...y].every((t) => GENERIC_WORDS.has(t))) ? undefined : "slots substituted";
}

const HAN_TOKEN = /[\u3400-\u9fff]/;

/**
 * Which evidence brought a merge pair up (its proposal's `evidence.pairs[].path`): the words
 * (`words`: overlap at the threshold; `weighted`: the rare words shared), the Han characters
 * (`chinese`), the same named things (`named`), the words with the vectors' cosine (`cosine`),
 * the vectors alone (`vectors`: mutual nearest neighbours), a near duplicate flagged on write (`on-write`).
 */
export type MergePath = "words" | "weighted" | "chinese" | "named" | "cosine" | "vectors" | "on-write";

/** The first measure by which sameFact found a pair similar (its order of tests; `weighted` last). */
export function similarBy(p: Pair, threshold: number, cosine: number | null, cosineThreshold: number, named = false): MergePath {
  if (named) return "named";
  if (p.jaccard >= threshold) return "words";
  if (p.charJaccard !== undefined && p.charJaccard >= CHAR_SAME && sameChineseClaim(p.a, p.b)) return "chinese";
  if (cosine !== null && cosine >= cosineThreshold) return "cosine";
  return "weighted";
}

/** Words that say a rule is added to another one (literal alternatives: linear). */
const ADDS_TO = /\balso\b|\bin addition\b|\bas well\b|另外|此外|还要|还需|也要|也需/i;

/** The words of a sequence in order, one word left out. */
const restOf = (seq: readonly string[], w: string) => seq.filter((t) => t !== w).join(" ");

/** A subject word: written as a name (`names`) or not a phrasing word, and found in memories of two categories or more (`isName`). */
function isSubject(t: string, names: ReadonlySet<string>, isName: (t: string) => boolean): boolean {
  return isName(t) && !ZH_GENERIC_WORDS.has(t) && (names.has(t) || !GENERIC_WORDS.has(t));
}

/** A clause with less than this share of its words in the other text says something the other does not. */
const NEW_CLAUSE = 0.7;

/** A clause that forbids: "never …", "do not …", "不要…", "禁止…" at its start. */
const PROHIBITION = /^\s*(?:and\s+|but\s+|also\s+)?(?:never|do\s+not|don['’]t|must\s+not|不要|禁止|别|切勿|不得|不能|严禁)/i;

/** A text's words as a set, kept per text (each memory is in many pairs). */
const wordSet = perText((text: string): ReadonlySet<string> => new Set(tokenize(text, "query")));

/** The share of a clause's words (or characters, for Chinese) found in the other text. */
function coveredBy(clause: string, other: ReadonlySet<string>, chinese: boolean): number {
  const words = chinese ? chineseChars(clause) : wordSet(clause);
  if (words.size === 0) return 1;
  let inside = 0;
  for (const w of words) if (other.has(w)) inside++;
  return inside / words.size;
}

/** Whether `a` has a clause forbidding something that `b` does not say at all, while `b` forbids nothing. */
function addsProhibition(a: string, b: string, addedOnly = false): boolean {
  const clausesB = clausesOf(b);
  if (clausesB.some((c) => PROHIBITION.test(c))) return false;
  const chinese = /[\u3400-\u9fff]/.test(b);
  const wordsB = chinese ? chineseChars(b) : wordSet(b);
  return clausesOf(a).some((c, i) => (!addedOnly || i > 0) && PROHIBITION.test(c) && coveredBy(c.replace(PROHIBITION, " "), wordsB, chinese) < NEW_CLAUSE);
}

/**
 * A clause that states a rule of its own: it opens with an absolute ("never", "always", "only",
 * "do not") or says "must", "should", "is required", "必须", "只能"… Imperative verbs are not
 * enough (a procedure's steps are imperatives, and two wordings of one procedure each word a step
 * differently), nor a "never" inside a statement ("the analysts never see them").
 */
const RULE_CLAUSE =
  /^\s*(?:and\s+|but\s+|also\s+)?(?:always|never|only|do\s+not|don['’]t)\s|\b(?:must|should|needs?\s+to|has\s+to|have\s+to|(?:is|are)\s+required)\s|必须|只能|不要|禁止|务必|一律|应该|不得/i;
/** An added rule has less than this share of its words (characters, for Chinese) in the other text. */
const NEW_RULE = 0.4;

/** Whether `a` has, after its first clause, a clause stating a rule that `b` does not say at all. */
function addsRule(a: string, b: string): boolean {
  const chinese = /[\u3400-\u9fff]/.test(b);
  const wordsB = chinese ? chineseChars(b) : wordSet(b);
  return clausesOf(a).some((c, i) => i > 0 && RULE_CLAUSE.test(c) && coveredBy(c, wordsB, chinese) < NEW_RULE);
}

/**
 * Whether the first clauses of two English texts are one sentence with one run swapped that is not
 * phrasing, most of the longer in common ("The phone [plays a short sound] when the rest timer
 * ends, unless…" / "The phone [vibrates] when the rest timer ends"): another predicate or object.
 * Not for Chinese: its tokens are character bigrams, a reworded phrase swaps several of them.
 */
function swappedFirstClause(a: Featured, b: Featured): boolean {
  const [fa, fb] = [firstClause(textOf(a.memory)), firstClause(textOf(b.memory))];
  if (!fa || !fb || HAN_TOKEN.test(fa) || HAN_TOKEN.test(fb)) return false;
  const [x, y] = [tokenize(fa, "query"), tokenize(fb, "query")];
  const runs = substitutions(x, y);
  if (runs?.length !== 1) return false;
  const [ra, rb] = runs[0]!;
  const common = x.length - ra.length;
  return common * 2 >= Math.max(x.length, y.length) && [...ra, ...rb].some((t) => !GENERIC_WORDS.has(t) && !isNumberToken(t));
}

/** A clause with less than this share of its words in the other text says something new (English). */
const NEW_WORDS = 0.4;

/**
 * Whether `a` has several clauses and one with less than NEW_WORDS of its words in `b` (English
 * texts). A text of one clause is its claim: a paraphrase may reword all of it.
 */
function hasNewClause(a: string, b: string): boolean {
  const clauses = clausesOf(a);
  if (clauses.length < 2) return false;
  const wordsB = wordSet(b);
  return clauses.some((c) => wordSet(c).size >= 2 && coveredBy(c, wordsB, false) < NEW_WORDS);
}

/** Whether a clause of `a` has less than half of its characters in `b` (Chinese texts). */
function hasUnmatchedClause(a: string, b: string): boolean {
  const charsB = chineseChars(b);
  return clausesOf(a).some((c) => coveredBy(c, charsB, true) < 0.5);
}

/** The weight of the shared words over the weight of all (weighted Jaccard). */
export function weightedOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>, weightOf: (t: string) => number): number {
  let shared = 0;
  let all = 0;
  for (const t of a) {
    const w = weightOf(t);
    all += w;
    if (b.has(t)) shared += w;
  }
  for (const t of b) if (!a.has(t)) all += weightOf(t);
  return all > 0 ? shared / all : 0;
}

/** Each word's weight in a group: ln((n + 1) / documents with it), so a word in every memory weighs nearly nothing. */
export function rarityWeights(group: readonly Featured[]): (t: string) => number {
  const df = new Map<string, number>();
  for (const f of group) for (const t of f.tokens) df.set(t, (df.get(t) ?? 0) + 1);
  const n = group.length + 1;
  return (t) => Math.log(n / (df.get(t) ?? 1));
}

/** Whether each names a number the other lacks, followed by the same word (its unit). */
function sameUnitOtherNumber(a: Featured, b: Featured, inA: ReadonlySet<string>, inB: ReadonlySet<string>): boolean {
  const unitsOf = (f: Featured, other: ReadonlySet<string>) => {
    const units = new Set<string>();
    f.sequence.forEach((t, i) => {
      const next = f.sequence[i + 1];
      if (next && isNumberToken(t) && !other.has(t)) units.add(next);
    });
    return units;
  };
  const unitsA = unitsOf(a, inB);
  if (unitsA.size === 0) return false;
  for (const u of unitsOf(b, inA)) if (unitsA.has(u)) return true;
  return false;
}

/**
 * Words that name a subject in this group: they occur in memories of at least two categories
 * (a service, a tool or a table turns up in facts, decisions, gotchas...), while the words of a
 * phrasing ("otherwise", "unless", "nightly") stay within the kind of statement they belong to.
 */
export async function subjectWords(group: readonly Featured[], slicer: Slicer): Promise<(t: string) => boolean> {
  // A word's first category, or "" once it has been seen in a second one.
  const firstKind = new Map<string, string>();
  for (const f of group) {
    const kind = f.memory.category;
    for (const t of f.tokens) {
      const first = firstKind.get(t);
      if (first === undefined) firstKind.set(t, kind);
      else if (first !== "" && first !== kind) firstKind.set(t, "");
    }
    if (slicer.due()) await slicer.pause();
  }
  return (t) => firstKind.get(t) === "";
}

/** Clusters of same-fact pairs (union-find), each proposed as one merge with a wording that keeps every distinct fact. */
export async function mergeClusters(
  pairs: readonly Pair[],
  scores: Map<Pair, { cosine: number | null; path?: MergePath }>,
  slicer: Slicer,
): Promise<Candidate[]> {
  const parent = new Map<Featured, Featured>();
  const find = (x: Featured): Featured => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  for (const p of pairs) {
    if (!parent.has(p.a)) parent.set(p.a, p.a);
    if (!parent.has(p.b)) parent.set(p.b, p.b);
    const ra = find(p.a);
    const rb = find(p.b);
    if (ra !== rb) parent.set(ra, rb);
    if (slicer.due()) await slicer.pause();
  }
  const clusters = new Map<Featured, Featured[]>();
  for (const f of parent.keys()) {
    const r = find(f);
    const list = clusters.get(r);
    if (list) list.push(f);
    else clusters.set(r, [f]);
    if (slicer.due()) await slicer.pause();
  }
  const evidenceOf = new Map<Featured, Pair[]>();
  for (const p of pairs) {
    const r = find(p.a);
    const list = evidenceOf.get(r);
    if (list) list.push(p);
    else evidenceOf.set(r, [p]);
    if (slicer.due()) await slicer.pause();
  }
  const out: Candidate[] = [];
  for (const [root, members] of clusters) {
    // The keeper: pinned first, then the most recently updated (its wording is the latest).
    const sorted = members.sort((x, y) => Number(y.memory.pinned) - Number(x.memory.pinned) || y.memory.updatedAt - x.memory.updatedAt).slice(0, MAX_CLUSTER);
    const keeper = sorted[0]!;
    const exact = sorted.every((m) => m.tokens.size === keeper.tokens.size && jaccardOf(m.tokens, keeper.tokens) === 1);
    const evidence = (evidenceOf.get(root) ?? []).slice(0, 20).map((p) => ({
      a: p.a.memory.id,
      b: p.b.memory.id,
      words: round(p.jaccard),
      cosine: scores.get(p)?.cosine ?? null,
      ...(scores.get(p)?.path ? { path: scores.get(p)?.path } : {}),
    }));
    out.push({
      kind: "merge",
      projectId: keeper.memory.projectId,
      memoryIds: sorted.map((m) => m.memory.id),
      reason: exact
        ? `${sorted.length} memories say the same thing in the same words.`
        : `${sorted.length} memories of the same ${keeper.memory.scope} say the same thing (word overlap ${Math.min(...evidence.map((e) => e.words))}–${Math.max(...evidence.map((e) => e.words))}${cosineRange(evidence)}).`,
      evidence: { pairs: evidence, texts: sorted.map((m) => ({ id: m.memory.id, text: clip(textOf(m.memory)) })) },
      suggestion: mergedWording(sorted),
      safe: exact,
    });
    if (slicer.due()) await slicer.pause();
  }
  return out;
}

const cosineRange = (evidence: readonly { cosine: number | null }[]) => {
  const c = evidence.map((e) => e.cosine).filter((x): x is number => x !== null);
  return c.length ? `, meaning: cosine ${Math.min(...c)}–${Math.max(...c)}` : "";
};

/**
 * The keeper's text whole, then each whole sentence of the others that says something it does
 * not (sentencesOf: never cut inside a code span, a path, a URL, a number or an identifier).
 * Nothing is inserted into a sentence: pieces are joined by a space (a newline when the text so
 * far does not end a sentence; nothing after CJK punctuation).
 */
export function mergedWording(members: readonly Featured[]): string {
  // Started from each memory in turn: the union that keeps the most of all their words wins, the
  // shortest of those; when one memory already says all the others do, it is that text, whole.
  const all = new Set(members.flatMap((m) => [...m.tokens]));
  let best = { text: "", kept: -1 };
  for (const base of members) {
    const text = unionFrom(base, members);
    const words = new Set(tokenize(text, "query"));
    let kept = 0;
    for (const w of all) if (words.has(w)) kept++;
    if (kept > best.kept || (kept === best.kept && text.length < best.text.length)) best = { text, kept };
  }
  return best.text;
}

function unionFrom(keeper: Featured, members: readonly Featured[]): string {
  let text = keeper.memory.content.trim();
  let covered = new Set(keeper.tokens);
  for (const m of members) {
    if (m === keeper) continue;
    for (const sentence of sentencesOf(m.memory.content)) {
      const words = new Set(tokenize(sentence, "query"));
      if (words.size === 0) continue;
      let inside = 0;
      let newNumber = false;
      for (const w of words) {
        if (covered.has(w)) inside++;
        else if (isNumberToken(w)) newNumber = true;
      }
      // A new number is a new fact even in an otherwise repeated sentence.
      if (inside / words.size >= COVERED && !newNumber) continue;
      text = joinSentence(text, sentence);
      covered = new Set([...covered, ...words]);
    }
  }
  return text;
}

/** `text` then `sentence`, with only white space between them. */
export function joinSentence(text: string, sentence: string): string {
  if (!text) return sentence;
  if (/[。！？]$/.test(text)) return `${text}${sentence}`;
  return /[.!?]["')\]]*$/.test(text) ? `${text} ${sentence}` : `${text}\n${sentence}`;
}
