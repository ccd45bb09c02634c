import porter2 from "wink-porter2-stemmer";
import { eng, zho } from "stopword";

/**
 * The tokenizer shared by indexing and querying, so both sides agree on every term.
 *
 * - Unicode NFKC, case folding.
 * - English: Porter2 (Snowball English) stemming (`wink-porter2-stemmer`) and stopwords
 *   (`stopword`'s list plus question words, which carry no topic in a query). Irregular forms,
 *   informal short forms (`kids`, `mom`, `pic`) and number words (`four` -> `4`) are mapped to one
 *   term first; contractions lose their clitic (`didn't` -> `did`, `Caroline's` -> `Caroline`).
 * - CJK (Han, kana, Hangul): overlapping bigrams. Indexing also emits single characters so that a
 *   one-character query finds them; a query emits single characters only for one-character runs.
 * - Code: `camelCase`, `PascalCase`, `snake_case`, `kebab-case`, dotted names, paths, `file.ts:42`
 *   and `TypeError` are split into their parts, and the whole identifier is kept as one more term
 *   (parts joined without separators, because FTS5's unicode61 re-splits on punctuation), so an
 *   exact identifier outranks a loose match of its parts.
 *
 * Every emitted term is made of letters and digits only.
 */
export type TokenizeMode = "index" | "query";

const EXTRA_STOPWORDS = [
  "what",
  "when",
  "where",
  "which",
  "who",
  "whom",
  "whose",
  "why",
  "how",
  "does",
  "did",
  "doing",
  "done",
  "has",
  "had",
  "have",
  "having",
  "is",
  "was",
  "were",
  "be",
  "been",
  "a",
  "i",
  "me",
  "my",
  "we",
  "our",
  "you",
  "your",
  "it",
  "its",
  "they",
  "them",
  "their",
  "this",
  "that",
  "these",
  "those",
  "there",
  "here",
  "of",
  "to",
  "in",
  "on",
  "or",
  "if",
  "so",
  "than",
  "too",
  "very",
  "just",
  "into",
  "about",
  "s",
  "t",
  "don",
  "will",
  "would",
  "should",
  "during",
  "she",
  "hers",
  "herself",
  "itself",
  "myself",
  "yourself",
  "yourselves",
  "ourselves",
  "themselves",
  "us",
  "ours",
  "yours",
  "theirs",
];

/**
 * Question scaffolding: in a query, "what kind of X" asks about X, not about kinds; "what did Y
 * say about X" asks about X. Removed from queries only (an indexed text keeps these words, so a
 * memory about a `type` or a `kind` is still found by a query that names them outside the frame).
 */
const QUESTION_FRAMES = [
  /\b(?:what|which)\s+(?:\w+\s+)?(?:kinds?|types?|sorts?)\s+of\b/giu,
  /\b(?:say|said|says|tell|told|tells|mention|mentioned|mentions|discuss|discussed)\s+(?:about|to)\b/giu,
];
const STOPWORDS = new Set<string>([...eng, ...EXTRA_STOPWORDS, ...zho.filter((w) => [...w].length === 1)]);

/** Han, Hiragana, Katakana, Hangul (with their extensions and compatibility blocks). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;

/**
 * A "word" in the broad sense: letters/digits joined by code punctuation (`_ . - / : # $ @`),
 * e.g. `lib/search/sync.ts:42`, `get_user-name`, `React.useState`. CJK runs are cut out first.
 */
const WORD = /[\p{L}\p{N}\p{M}]+(?:[_.\-/:#$@\\]+[\p{L}\p{N}\p{M}]+)*/gu;
/** Splits an identifier into camel-case humps: `HTTPServerError2` -> HTTP, Server, Error, 2. */
const HUMP = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{L}\p{M}]+/gu;

/**
 * Contractions: the clitic goes (`'s`, `'m`, `'re`, `'ve`, `'ll`, `'d`, `n't`), so `won't` is not
 * the past of `win` and `hadn't` leaves no `hadn` term. Straight and typographic apostrophes.
 */
const NEGATED_MODAL = /\b(won|can|shan)['\u2019]t\b/giu;
const NEGATION = /(\p{L})n['\u2019]t\b/giu;
const CLITIC = /(\p{L})['\u2019](?:s|m|re|ve|ll|d)\b/giu;
const MODAL_BASE: Record<string, string> = { won: "will", can: "can", shan: "shall" };

function dropClitics(text: string): string {
  if (!/['\u2019]/.test(text)) return text;
  return text
    .replace(NEGATED_MODAL, (_, base: string) => MODAL_BASE[base.toLowerCase()] ?? base)
    .replace(NEGATION, "$1")
    .replace(CLITIC, "$1");
}

/**
 * Words a stemmer cannot relate to their base, mapped before stemming: irregular forms (`drew` /
 * `draw`, `went` / `go`), so a question and an answer in different tenses meet; informal short
 * forms (`kids`, `mom`, `pic`); number words, so "four years" meets "4 years".
 */
// A Map, not an object: a plain object answers "constructor" with Object's own constructor.
const BASE_FORMS = new Map<string, string>(
  (
    "arose:arise awoke:awake bore:bear beaten:beat became:become began:begin begun:begin bent:bend bet:bet bit:bite bitten:bite " +
    "bled:bleed blew:blow blown:blow broke:break broken:break bred:breed brought:bring built:build burnt:burn bought:buy " +
    "caught:catch chose:choose chosen:choose clung:cling came:come crept:creep dealt:deal dug:dig dove:dive drew:draw drawn:draw " +
    "dreamt:dream drank:drink drunk:drink drove:drive driven:drive ate:eat eaten:eat fell:fall fallen:fall fed:feed felt:feel " +
    "fought:fight found:find fled:flee flew:fly flown:fly forbade:forbid forgot:forget forgotten:forget forgave:forgive " +
    "forgiven:forgive froze:freeze frozen:freeze got:get gotten:get gave:give given:give went:go gone:go grew:grow " +
    "grown:grow hung:hang heard:hear hid:hide hidden:hide held:hold hurt:hurt kept:keep knelt:kneel knew:know known:know " +
    "led:lead leapt:leap learnt:learn left:leave lent:lend lit:light lost:lose made:make meant:mean " +
    "met:meet paid:pay proved:prove quit:quit rode:ride ridden:ride rang:ring rung:ring rose:rise risen:rise ran:run said:say " +
    "saw:see seen:see sought:seek sold:sell sent:send shook:shake shaken:shake shone:shine shot:shoot showed:show shown:show " +
    "shrank:shrink shut:shut sang:sing sung:sing sank:sink sunk:sink sat:sit slept:sleep slid:slide spoke:speak spoken:speak " +
    "sped:speed spent:spend spun:spin split:split spread:spread sprang:spring stood:stand stole:steal stolen:steal stuck:stick " +
    "stung:sting stank:stink strove:strive struck:strike swore:swear sworn:swear swept:sweep swam:swim swum:swim swung:swing " +
    "took:take taken:take taught:teach tore:tear torn:tear told:tell thought:think threw:throw thrown:throw understood:understand " +
    "woke:wake woken:wake wore:wear worn:wear wove:weave woven:weave wept:weep won:win wrote:write written:write " +
    "children:child men:man women:woman people:person mice:mouse feet:foot teeth:tooth geese:goose better:good best:good " +
    "kid:child kids:child kiddo:child kiddos:child mom:mother moms:mother mum:mother mommy:mother dad:father dads:father daddy:father " +
    "fam:family pic:photo pics:photo picture:photo pictures:photo photograph:photo photographs:photo " +
    "fave:favorite fav:favorite faves:favorite favs:favorite biz:business bday:birthday convo:conversation convos:conversation " +
    "vid:video vids:video hubby:husband bro:brother sis:sister grandma:grandmother granny:grandmother grandpa:grandfather " +
    "zero:0 one:1 two:2 three:3 four:4 five:5 six:6 seven:7 eight:8 nine:9 ten:10 eleven:11 twelve:12 thirteen:13 " +
    "fourteen:14 fifteen:15 sixteen:16 seventeen:17 eighteen:18 nineteen:19 twenty:20 thirty:30 forty:40 fifty:50 " +
    "sixty:60 seventy:70 eighty:80 ninety:90 hundred:100"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

const stemCache = new Map<string, string>();
/**
 * Longer runs of letters are not English words (hashes, keys, a word repeated without spaces):
 * left as they are, and not cached. The stemmer's own patterns are quadratic in a word's length,
 * so one 50,000-letter word stalled the server for seconds at every store and every start.
 */
const MAX_STEM_CHARS = 40;

/** Lowercased, stopword-filtered, stemmed term, or null for a stopword. */
function term(word: string): string | null {
  const lower = word.toLowerCase();
  if (lower.length > MAX_STEM_CHARS) return lower;
  if (STOPWORDS.has(lower)) return null;
  let stemmed = stemCache.get(lower);
  if (stemmed === undefined) {
    // The stemmer is for English words; leave digits and non-Latin scripts alone.
    const base = BASE_FORMS.get(lower) ?? lower;
    stemmed = /^[a-z]+$/.test(base) && base.length > 2 ? porter2(base) : base;
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(lower, stemmed);
  }
  return stemmed;
}

function pushWord(out: string[], word: string) {
  const pieces = word.split(/[_.\-/:#$@\\]+/).filter(Boolean);
  const parts: string[] = [];
  for (const piece of pieces) {
    const humps = piece.match(HUMP) ?? [piece];
    for (const h of humps) parts.push(h);
  }
  if (parts.length === 1) {
    const t = term(parts[0]);
    if (t) out.push(t);
    return;
  }
  for (const p of parts) {
    const t = term(p);
    if (t) out.push(t);
  }
  // The whole identifier as one term (not stemmed word by word: it names one thing).
  const whole = parts.join("").toLowerCase();
  if (whole.length > 1) out.push(whole);
  // `file.ts:42` also names `file.ts`; `lib/search/sync.ts` also names `sync.ts`.
  const noLine = word.replace(/:\d+(?::\d+)?$/, "");
  const base = noLine.slice(Math.max(noLine.lastIndexOf("/"), noLine.lastIndexOf("\\")) + 1);
  for (const alias of new Set([noLine, base])) {
    if (alias === word) continue;
    const compact = compound(alias);
    if (compact.length > 1 && compact !== whole && /[_.\-:]/.test(alias)) out.push(compact);
  }
}

const compound = (word: string) =>
  word
    .split(/[_.\-/:#$@\\]+/)
    .filter(Boolean)
    .flatMap((p) => p.match(HUMP) ?? [p])
    .join("")
    .toLowerCase();

function pushCjk(out: string[], run: string, mode: TokenizeMode) {
  const chars = [...run];
  if (chars.length === 1) {
    if (!STOPWORDS.has(chars[0]) || mode === "query") out.push(chars[0]);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  if (mode === "index") for (const c of chars) if (!STOPWORDS.has(c)) out.push(c);
}

export function tokenize(text: string, mode: TokenizeMode = "index"): string[] {
  if (!text) return [];
  let normalized = dropClitics(text.normalize("NFKC"));
  if (mode === "query") for (const frame of QUESTION_FRAMES) normalized = normalized.replace(frame, " ");
  const out: string[] = [];
  // Split CJK runs from the rest, keeping order.
  let last = 0;
  for (const m of normalized.matchAll(CJK_RUN)) {
    if (m.index > last) pushLatin(out, normalized.slice(last, m.index));
    pushCjk(out, m[0].toLowerCase(), mode);
    last = m.index + m[0].length;
  }
  if (last < normalized.length) pushLatin(out, normalized.slice(last));
  return out;
}

function pushLatin(out: string[], text: string) {
  for (const m of text.matchAll(WORD)) {
    // Trailing dots/colons belong to the sentence, not the word (matched words never end in them).
    pushWord(out, m[0]);
  }
}

const recent = new Map<string, readonly string[]>();
const RECENT_TEXTS = 256;

/**
 * `tokenize` (index mode) with a small cache of the last texts: a new memory's text is tokenized
 * by the near-duplicate check, then again when the near-duplicate index reads it at the next check
 * and when its index row is written a moment later.
 */
export function tokenizeRecent(text: string): readonly string[] {
  let tokens = recent.get(text);
  if (!tokens) {
    tokens = tokenize(text);
    if (recent.size >= RECENT_TEXTS) recent.delete(recent.keys().next().value as string);
    recent.set(text, tokens);
  }
  return tokens;
}

/** Distinct query terms, in first-seen order. */
export function queryTerms(text: string): string[] {
  return [...new Set(tokenize(text, "query"))];
}

export const hasCjk = (text: string) => CJK.test(text);
