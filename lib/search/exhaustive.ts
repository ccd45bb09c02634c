import type Database from "better-sqlite3";
import { memoryConditions, type SearchFilters } from "./filters";
import { COLUMN_WEIGHTS, ftsQuery } from "./lexical";

/**
 * The reference lexicalSearch is held to (tests, bench/search): every posting of every term scored
 * by the same bm25() and column weights under the same filters, no budget, no window. Too slow for
 * the hot path at scale; exact by construction.
 */
export function exhaustiveRanking(sqlite: Database.Database, terms: readonly string[], filters: SearchFilters, k: number): { seq: number; bm25: number }[] {
  const cond = memoryConditions(filters);
  const { title, tags, content } = COLUMN_WEIGHTS;
  return sqlite
    .prepare(
      `SELECT m.seq AS seq, bm25(memory_fts, ${title}, ${tags}, ${content}) AS bm25 FROM memory_fts CROSS JOIN memories m ON m.seq = memory_fts.rowid ` +
        `WHERE memory_fts MATCH ? AND ${cond.sql} ORDER BY bm25 LIMIT ?`,
    )
    .all(ftsQuery(terms), ...cond.params, k) as { seq: number; bm25: number }[];
}
