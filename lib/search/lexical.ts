import type { Ctx } from "../context";
import { memoryConditions, prepared, type SearchFilters } from "./filters";
import { queryTerms } from "./tokenizer";

/** BM25 column weights of `memory_fts(title, tags, content)`: title and tags above content. */
export const COLUMN_WEIGHTS = { title: 3, tags: 2, content: 1 };

export interface LexicalHit {
  seq: number;
  /** FTS5 bm25(): negative, lower is better. */
  bm25: number;
}

/** An FTS5 query that ORs the query's terms (each quoted, so no term is read as syntax). */
export function ftsQuery(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"`).join(" OR ");
}

/**
 * Top `k` memories by BM25 over the tokenized title, tags and content; an OR of the query's terms,
 * never an exact phrase. Filters are part of the same statement.
 */
export function lexicalSearch(ctx: Ctx, query: string | readonly string[], filters: SearchFilters, k: number): LexicalHit[] {
  const terms = typeof query === "string" ? queryTerms(query) : query;
  if (terms.length === 0) return [];
  const cond = memoryConditions(filters);
  const { title, tags, content } = COLUMN_WEIGHTS;
  const sql =
    `SELECT m.seq AS seq, bm25(memory_fts, ${title}, ${tags}, ${content}) AS bm25 ` +
    `FROM memory_fts CROSS JOIN memories m ON m.seq = memory_fts.rowid ` +
    `WHERE memory_fts MATCH ? AND ${cond.sql} ORDER BY bm25 LIMIT ?`;
  return prepared(ctx.sqlite, sql).all(ftsQuery(terms.slice(0, 64)), ...cond.params, k) as LexicalHit[];
}
