import { clausesOf, valuesOf, wordsWithoutValues } from "./claims";
import { isNegative, replacedObjects } from "./cues";
import { chineseChars } from "./features";

/**
 * The claim-level check (issue #38): a last look at a proposed merge or supersession, comparing
 * what each memory claims rather than how alike the words are. A memory's claim is read
 * deterministically from its text: the values it states (numbers, versions, paths, code), its
 * content words once the values are out, its polarity, and what it says was replaced.
 *
 * - A merge stands only when each claim is entailed by the other: the same polarity, the same
 *   values, neither saying something was replaced, neither adding a rule, step or list item to all
 *   the other says, and not one frame with another word in a slot ("starts only the [client]" /
 *   "starts only the [server]").
 * - A supersession stands only when the newer names what it replaces, the older states it and they
 *   share a word besides; or one setting changed: the same words around changed values of one kind,
 *   the same words with the opposite polarity, or one word swapped.
 *
 * Nothing here is fitted: the check adds no pair, it only withholds the ones a reviewer could not
 * accept from the words alone. Its small word counts were chosen by reading the proposals on the
 * sets that are tuning data (bench/consolidation/claim-study.ts), so the headline is a blind set
 * it never saw (docs/consolidation.md). Off by default (`consolidation.claimCheck`).
 */

export interface Claim {
  negative: boolean;
  values: ReadonlySet<string>;
  /** Content words without the values (for Chinese: its Han characters and the words of the rest). */
  words: ReadonlySet<string>;
  /** Tokens of what the text says was replaced. */
  replaced: readonly string[][];
  /** How many claims it makes: its clauses and the items of its lists. */
  claims: number;
}

const HAN = /[\u3400-\u9fff]/;

export function claimOf(text: string): Claim {
  const values = new Set(valuesOf(text));
  const words = HAN.test(text) ? chineseWordsWithoutValues(text, values) : wordsWithoutValues(text);
  return { negative: isNegative(text), values, words, replaced: replacedObjects(text).map((r) => r.tokens), claims: claimCount(text) };
}

function chineseWordsWithoutValues(text: string, values: ReadonlySet<string>): ReadonlySet<string> {
  let rest = text.toLowerCase();
  for (const v of values) rest = rest.split(v).join(" ");
  return chineseChars(rest);
}

/** Clauses, and in each the items of a list ("A, B and C", "A、B 和 C"). */
function claimCount(text: string): number {
  let n = 0;
  for (const clause of clausesOf(text)) n += clause.split(/\s(?:and|or)\s|[、和及与或]/).filter((x) => x.trim()).length;
  return n;
}

const onlyIn = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((x) => !b.has(x));
const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && onlyIn(a, b).length === 0;

/**
 * One frame with another word in its slot: most words shared, and each side has one or two words
 * the other lacks. A paraphrase rewords more than that, or only adds.
 */
function slotSwap(a: Claim, b: Claim): boolean {
  const onlyA = onlyIn(a.words, b.words).length;
  const onlyB = onlyIn(b.words, a.words).length;
  const shared = a.words.size - onlyA;
  return onlyA >= 1 && onlyB >= 1 && onlyA <= 2 && onlyB <= 2 && shared >= 2;
}

/** Whether a proposed merge of the two texts is one claim told twice. */
export function mergeHolds(aText: string, bText: string): boolean {
  const a = claimOf(aText);
  const b = claimOf(bText);
  if (a.negative !== b.negative) return false;
  if (!sameSet(a.values, b.values)) return false;
  if (a.replaced.length || b.replaced.length) return false;
  // One says all the other says and makes more claims: it adds a rule, a step or an item
  // ("run pnpm lint" / "run pnpm lint, pnpm build and pnpm test"; "en, de" / "en, de and fr").
  if (a.claims !== b.claims) {
    const [small, large] = a.claims < b.claims ? [a, b] : [b, a];
    if (onlyIn(small.words, large.words).length <= 1 && onlyIn(large.words, small.words).length >= 1) return false;
  }
  return !slotSwap(a, b);
}

/** Whether a proposed supersession (the newer replacing the older) names or changes exactly one setting. */
export function supersedeHolds(newerText: string, olderText: string): boolean {
  const n = claimOf(newerText);
  const o = claimOf(olderText);
  const olderTokens = new Set([...o.words, ...[...o.values].flatMap((v) => v.split(/[^\p{L}\p{N}]+/u))]);
  // An explicit replacement that names what the older states, and says something of the same subject
  // besides ("…built with pkijs; node-forge was removed" / "…built with node-forge"; not "…Drizzle;
  // Prisma was removed" / "create a migration with prisma migrate").
  const named = n.replaced.find((tokens) => tokens.length > 0 && tokens.every((t) => olderTokens.has(t)));
  if (named) {
    const shared = [...n.words].filter((w) => o.words.has(w) && !named.includes(w)).length;
    if (shared >= 1) return true;
  }
  const gone = onlyIn(o.values, n.values);
  const added = onlyIn(n.values, o.values);
  const wordsGone = onlyIn(o.words, n.words).length;
  const wordsAdded = onlyIn(n.words, o.words).length;
  // One setting's value changed (a version may be stated twice: "Node.js 20; .nvmrc pins 20.11.1"),
  // the words around it the same; the newer may add a short remark.
  // A path changed with another value is another subject's setting ("packages/server … 80%" /
  // "packages/client … 60%"), not one setting changed.
  const kinds = new Set(gone.map((v) => (v.includes("/") ? "path" : "other")));
  if (gone.length >= 1 && gone.length <= 3 && added.length >= 1 && added.length <= 3 && kinds.size === 1 && wordsGone <= 1 && wordsAdded <= 3) return true;
  // The same words, the opposite polarity.
  if (n.negative !== o.negative && sameSet(n.values, o.values) && wordsGone <= 1 && wordsAdded <= 2) return true;
  // One word of the older swapped for another, nothing else changed ("Use npm" -> "Use pnpm").
  return gone.length === 0 && added.length === 0 && wordsGone === 1 && wordsAdded >= 1 && wordsAdded <= 2;
}
