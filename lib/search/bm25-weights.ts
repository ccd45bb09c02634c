/**
 * BM25 column weights of `memory_fts(title, tags, content)`: title and tags above content. One
 * place, because the scoring outside FTS5 (lexical-postings.ts) must compute exactly the
 * `bm25(memory_fts, title, tags, content)` the statements ask for (lexical.ts, exhaustive.ts).
 */
export const COLUMN_WEIGHTS = { title: 3, tags: 2, content: 1 };
