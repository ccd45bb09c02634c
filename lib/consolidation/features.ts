import { tokenize } from "../search/tokenizer";
import { isNegative, replacedObjects, type Replaced } from "./cues";
import { perText } from "./per-text";
import type { Slicer } from "./slicer";
import type { MemoryLite } from "./types";

/**
 * A memory with its content words (the search tokenizer: stems, CJK bigrams, code parts), in
 * order and distinct. What the detectors derive from its text is computed once and kept here:
 * a run compares each memory with many others, and re-tokenizing per pair was most of its time.
 */
export interface Featured {
  memory: MemoryLite;
  tokens: ReadonlySet<string>;
  sequence: string[];
  negative?: boolean;
  replaced?: Replaced[];
  names?: Set<string>;
  /** Chinese text only: its content characters and its other words (see `charsOf`). */
  chars?: ReadonlySet<string> | null;
  clauses?: readonly string[];
  topic?: string;
}

export const textOf = (m: Pick<MemoryLite, "title" | "content">) => (m.title ? `${m.title}. ${m.content}` : m.content);

export async function withTokens(memories: readonly MemoryLite[], slicer: Slicer): Promise<Featured[]> {
  const out: Featured[] = [];
  for (const memory of memories) {
    const sequence = tokenize(textOf(memory), "query");
    out.push({ memory, tokens: new Set(sequence), sequence });
    if (slicer.due()) await slicer.pause();
  }
  return out;
}

/**
 * Pairs of one group whose token sets may reach Jaccard `threshold`, by prefix filtering: with
 * each set's tokens ordered rarest first, two sets reaching the threshold share a token within
 * the first |x| - ceil(t·|x|) + 1 of each. Only those prefixes are indexed and probed, so common
 * words never produce the n² pairs of a plain inverted index. `onPair` gets each pair once
 * (earlier index first).
 */
export async function similarPairs(group: readonly Featured[], threshold: number, slicer: Slicer, onPair: (a: Featured, b: Featured) => void): Promise<void> {
  const df = new Map<string, number>();
  for (const f of group) {
    for (const t of f.tokens) df.set(t, (df.get(t) ?? 0) + 1);
    if (slicer.due()) await slicer.pause();
  }
  const index = new Map<string, number[]>();
  const seen = new Set<number>();
  for (let i = 0; i < group.length; i++) {
    const tokens = [...group[i]!.tokens].sort((x, y) => df.get(x)! - df.get(y)! || (x < y ? -1 : 1));
    const prefix = tokens.length - Math.ceil(threshold * tokens.length - 1e-9) + 1;
    seen.clear();
    for (let k = 0; k < Math.min(prefix, tokens.length); k++) {
      const list = index.get(tokens[k]!);
      if (list) {
        for (const j of list) {
          if (seen.has(j)) continue;
          if (slicer.due()) await slicer.pause();
          seen.add(j);
          onPair(group[j]!, group[i]!);
        }
        list.push(i);
      } else index.set(tokens[k]!, [i]);
    }
    if (slicer.due()) await slicer.pause();
  }
}

/** Whether its text says no (computed once per memory). */
export const negativeOf = (f: Featured): boolean => (f.negative ??= isNegative(textOf(f.memory)));

/** What its text says was replaced (computed once per memory). */
export const replacedOf = (f: Featured): Replaced[] => (f.replaced ??= replacedObjects(textOf(f.memory)));

export function jaccardOf(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

/** Items by key, pausing when the slice is used up (100,000 memories take ~20 ms at once). */
export async function groupBy<T>(items: readonly T[], key: (t: T) => string, slicer: Slicer): Promise<Map<string, T[]>> {
  const out = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = out.get(k);
    if (list) list.push(it);
    else out.set(k, [it]);
    if (slicer.due()) await slicer.pause();
  }
  return out;
}

/**
 * The tokens of the words its text writes as names: capitalised inside a sentence ("Stripe",
 * "Postgres"), or shaped like code or a value (`order_items`, `lib/x.ts`, `OrderItem`, `v2`).
 * Chinese has no capitals: every Chinese word may be a name.
 */
export const namesOf = (f: Featured): Set<string> => (f.names ??= nameTokens(textOf(f.memory)));

function nameTokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[\p{L}\p{N}_./@#-]+/gu)) {
    const word = m[0];
    const before = text.slice(0, m.index).trimEnd();
    const sentenceStart = before === "" || /[.!?:;。！？：；\n]$/.test(before);
    const capital = /^\p{Lu}/u.test(word) && !sentenceStart;
    const codeLike = /\d/.test(word) || /\w[_./@#-]\w/.test(word) || /\p{Ll}\p{Lu}/u.test(word) || /^\p{Lu}{2,}/u.test(word);
    // Chinese writes names without capitals: its words count as they did before (by their spread over categories).
    const cjk = /[\u3400-\u9fff]/.test(word);
    if (capital || codeLike || cjk) for (const t of tokenize(word, "query")) out.add(t);
  }
  return out;
}

/**
 * Characters that only join or frame a Chinese sentence (particles, prepositions, copulas,
 * conjunctions): a paraphrase swaps them freely ("否则" / "不然", "在…上" / "上的").
 */
const CJK_FUNCTION_CHARS = new Set("的了在是把就到和与及或也都还又再被让给对从向于以而并且但如果否则不然时后前上下中里个这那其之".split(""));

/**
 * For a text with Chinese in it: its Han characters (function characters aside) and the words of
 * the rest. A Chinese paraphrase reorders and rewords ("安卓推送在小米手机上需要…" / "小米手机上的安卓推送
 * 必须…"), so it shares few character bigrams but most characters. Undefined for other texts.
 */
export function charsOf(f: Featured): ReadonlySet<string> | undefined {
  if (f.chars === undefined) {
    const text = textOf(f.memory);
    f.chars = (text.match(/[\u3400-\u9fff]/g)?.length ?? 0) < 4 ? null : chineseChars(text);
  }
  return f.chars ?? undefined;
}

/** Han characters (function characters aside) and the words of the rest of a text. */
export const chineseChars = perText((text: string): ReadonlySet<string> => {
  const out = new Set<string>();
  for (const ch of text.match(/[\u3400-\u9fff]/g) ?? []) if (!CJK_FUNCTION_CHARS.has(ch)) out.add(ch);
  for (const t of tokenize(text.replace(/[\u3400-\u9fff]+/g, " "), "query")) out.add(t);
  return out;
});
