/**
 * A memory's term counts as stored in `memory_terms` (written with its FTS5 row, lib/indexing/rows.ts),
 * so that lexical search scores candidates with BM25 in JS (bm25.ts) instead of FTS5's bm25(),
 * which re-reads every query term's whole postings for its idf at every query.
 *
 * `terms`: tab-separated entries, each `term` (once in the content, the common case) or
 * `term:title,tags,content` (its counts per column), with a tab at both ends so that a lookup
 * is one `indexOf`. `length`: the tokens of all three columns (FTS5's document length for bm25()).
 */
export interface TermCounts {
  length: number;
  terms: string;
}

/** From the three FTS columns as written (space-joined terms, lib/indexing/rows.ts `lexicalColumns`). */
export function encodeTermCounts(columns: readonly [string, string, string]): TermCounts {
  const counts = new Map<string, [number, number, number]>();
  let length = 0;
  columns.forEach((text, column) => {
    for (const term of text.split(" ")) {
      if (!term) continue;
      length++;
      let c = counts.get(term);
      if (!c) counts.set(term, (c = [0, 0, 0]));
      c[column]++;
    }
  });
  let terms = "\t";
  for (const [term, [title, tags, content]] of counts)
    terms += title === 0 && tags === 0 && content === 1 ? `${term}\t` : `${term}:${title},${tags},${content}\t`;
  return { length, terms };
}

/** How often `term` occurs in the memory, each column's count times its weight (bm25()'s weighted frequency). */
export function weightedFrequency(terms: string, term: string, weights: readonly [number, number, number]): number {
  const needle = `\t${term}`;
  for (let at = terms.indexOf(needle); at >= 0; at = terms.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const next = terms.charCodeAt(end);
    if (next === 9 /* tab */) return weights[2];
    if (next !== 58 /* : */) continue; // a longer term with this prefix
    const stop = terms.indexOf("\t", end);
    const [title, tags, content] = terms
      .slice(end + 1, stop)
      .split(",")
      .map(Number);
    return title * weights[0] + tags * weights[1] + content * weights[2];
  }
  return 0;
}
