import { jaccard } from "../search/jaccard";
import { tokenize } from "../search/tokenizer";

/** A memory an earlier run wrote: its id, its key and its text. */
export interface Keyed {
  id: string;
  key: string;
  content: string;
}

/** Words a changed line must still share with its earlier text to count as the same line. */
const SAME_LINE_JACCARD = 0.3;
/** `AGENTS.md#Rules#3` -> `AGENTS.md#Rules`: prose is keyed by its position in a section. */
const sectionOf = (key: string) => (/#\d+$/.test(key) ? key.replace(/#\d+$/, "") : undefined);

/**
 * The earlier memory a changed proposal replaces: the one of the same key; for prose (keyed by
 * position, which shifts when a line is inserted above) else the unclaimed one of the same section
 * that shares the most words with it.
 */
export function sameLine<E extends Keyed>(
  p: { key: string; content: string },
  byKey: Map<string, E>,
  earlier: readonly E[],
  claimed: Set<string>,
): E | undefined {
  const previous = byKey.get(p.key);
  const section = sectionOf(p.key);
  let found: E | undefined;
  if (previous && !claimed.has(previous.id) && (!section || similarity(previous.content, p.content) >= SAME_LINE_JACCARD)) found = previous;
  else if (section) {
    let best = SAME_LINE_JACCARD;
    const words = new Set(tokenize(p.content));
    for (const e of earlier) {
      if (claimed.has(e.id) || sectionOf(e.key) !== section) continue;
      const score = jaccard(words, new Set(tokenize(e.content)));
      if (score >= best) [best, found] = [score, e];
    }
  } else if (previous && !claimed.has(previous.id)) found = previous;
  if (found) claimed.add(found.id);
  return found;
}

const similarity = (a: string, b: string) => jaccard(new Set(tokenize(a)), new Set(tokenize(b)));
