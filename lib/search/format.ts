import type { SearchResult } from "../contracts/search";
import { countTokens } from "../token-count";
import { tokenize } from "./tokenizer";
import { headOf } from "../text-slice";

const SNIPPET_CHARS = 240;
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
      match = tokenize(m[0], "query").some((t) => terms.has(t));
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
    const prefixCost = countTokens(prefix);
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

const clip = (s: string, n: number) => (s.length <= n ? s : `${headOf(s, n - 1)}…`);
