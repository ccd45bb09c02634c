import type { SearchResult } from "../contracts/search";
import { countTokens } from "../token-count";
import { tokenize } from "./tokenizer";
import { headOf } from "../text-slice";

const SNIPPET_CHARS = 240;

/**
 * word -> its terms, a memo of a pure function across searches: the same memories come back search
 * after search, and tokenizing each of their words was most of a snippet's cost (about 4% of a
 * lexical search's CPU at 100,000 memories). Emptied when it grows past WORDS_MAX.
 */
const wordTermsMemo = new Map<string, readonly string[]>();
const WORDS_MAX = 50_000;

function wordTerms(word: string): readonly string[] {
  let terms = wordTermsMemo.get(word);
  if (terms === undefined) {
    terms = tokenize(word, "query");
    if (wordTermsMemo.size >= WORDS_MAX) wordTermsMemo.clear();
    wordTermsMemo.set(word, terms);
  }
  return terms;
}
const RESERVE = 16;

/**
 * The window of the content (about SNIPPET_CHARS) with the most query terms, cut at word
 * boundaries, with an ellipsis where it was cut. Short content is returned whole.
 */
export function snippet(content: string, terms: ReadonlySet<string>, size = SNIPPET_CHARS): string {
  const text = content.replace(/\s+/g, " ").trim();
  if (text.length <= size) return text;
  const scanned = text.slice(0, 20_000);
  // Positions of words whose terms are in the query. A word is tokenized (stemmed) once per
  // snippet: prose repeats its words, and stemming was most of a search's snippet time.
  const hits: number[] = [];
  const matches = new Map<string, boolean>();
  for (const m of scanned.matchAll(/\S+/g)) {
    let match = matches.get(m[0]);
    if (match === undefined) {
      match = wordTerms(m[0]).some((t) => terms.has(t));
      matches.set(m[0], match);
    }
    if (match) hits.push(m.index);
  }
  let start = 0;
  if (hits.length) {
    let bestCount = 0;
    for (let i = 0, j = 0; i < hits.length; i++) {
      while (hits[i] - hits[j] > size * 0.8) j++;
      if (i - j + 1 > bestCount) {
        bestCount = i - j + 1;
        start = Math.max(0, hits[j] - Math.floor(size * 0.15));
      }
    }
  }
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space - start < 20 ? space + 1 : start;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + size / 2) end = space;
  }
  return (start > 0 ? "…" : "") + text.slice(start, end) + (end < text.length ? "…" : "");
}

/**
 * A compact text block of the results for a model's context: one line each, best first, as many
 * as fit `tokenBudget` (a line that does not fit whole is shortened to its snippet, then dropped).
 */
export function formatResults(query: string, results: SearchResult[], tokenBudget: number): string {
  if (results.length === 0) return `No memories match "${clip(query, 80)}".`;
  const header = `Memories matching "${clip(query, 80)}" (${results.length}):`;
  let used = countTokens(header) + 1;
  if (used > tokenBudget) return "";
  const lines = [header];
  let shown = 0;
  for (const [i, r] of results.entries()) {
    const where = r.scope === "global" ? "global" : r.scope;
    const meta = `[${r.category}${r.pinned ? ", pinned" : ""}, ${where}, ${r.age}${r.age === "just now" ? "" : " ago"}]`;
    const title = r.title ? `${r.title}: ` : "";
    const prefix = `${i + 1}. ${meta} `;
    const replaced = r.supersededBy?.length ? ` (superseded by ${r.supersededBy.join(", ")})` : "";
    const full = `${title}${clip(r.content.replace(/\s+/g, " "), 600)} (id ${r.id})${replaced}`;
    const short = `${title}${r.snippet} (id ${r.id})${replaced}`;
    let line: string | null = null;
    // Keep room for the "more not shown" note unless this is the last result.
    const room = tokenBudget - (i === results.length - 1 ? 0 : RESERVE);
    // The prefix (rank, age) changes from search to search, the memory's text does not: counted
    // apart, a long text's count comes from the cache (lib/token-count.ts). The sum errs high, if at
    // all: the space between them is a token of its own instead of joining the next word.
    const prefixCost = prefixTokens(prefix);
    for (const body of [full, short]) {
      const cost = prefixCost + countTokens(body) + 1;
      if (used + cost <= room) {
        line = prefix + body;
        used += cost;
        break;
      }
    }
    if (!line) break;
    lines.push(line);
    shown++;
  }
  if (shown < results.length) {
    const more = `(${results.length - shown} more not shown: token budget ${tokenBudget})`;
    if (used + countTokens(more) <= tokenBudget) lines.push(more);
  }
  return lines.join("\n");
}

/**
 * prefix -> its token count, a memo of a pure function: a line's prefix (rank, category, scope,
 * age) takes few values, and counting it again at every search cost more than the rest of a line
 * (whose text count is cached by lib/token-count.ts). Emptied when it grows past PREFIXES_MAX.
 */
const prefixCounts = new Map<string, number>();
const PREFIXES_MAX = 10_000;

function prefixTokens(prefix: string): number {
  let n = prefixCounts.get(prefix);
  if (n === undefined) {
    n = countTokens(prefix);
    if (prefixCounts.size >= PREFIXES_MAX) prefixCounts.clear();
    prefixCounts.set(prefix, n);
  }
  return n;
}

const clip = (s: string, n: number) => (s.length <= n ? s : `${headOf(s, n - 1)}…`);
