import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import { weightedFrequency } from "./term-counts";

/**
 * FTS5's bm25() computed in JS over the memories' stored term counts (term-counts.ts), for the
 * candidates lexical search has already picked. FTS5's own bm25() reads every query term's whole
 * postings list for its idf at every statement (and the OR merge of all terms to find the rows to
 * score): at 100,000 memories, two fifths of a lexical search's CPU. Here the idf comes from the
 * cached document frequencies and the store's size and average length from FTS5's averages record,
 * so a score is the same number bm25() gives (same formula, k1 = 1.2, b = 0.75), up to a document
 * frequency at most a few minutes old (lexical.ts DF_TTL_MS).
 */
const K1 = 1.2;
const B = 0.75;

export interface Bm25Stats {
  /** Rows in the FTS5 index. */
  rows: number;
  /** Average tokens a row, all columns together. */
  avgLength: number;
}

/**
 * FTS5's averages record (id 1 of `memory_fts_data`): the row count, then each column's total
 * tokens, as SQLite varints. Null when absent (an empty index).
 */
export function bm25Stats(sqlite: Database.Database): Bm25Stats | null {
  const block = prepared(sqlite, "SELECT block FROM memory_fts_data WHERE id = 1").pluck().get() as Buffer | undefined;
  if (!block || block.length === 0) return null;
  let at = 0;
  const next = () => {
    let v = 0;
    for (let i = 0; i < 8; i++) {
      const byte = block[at++];
      v = v * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return v;
    }
    return v * 256 + block[at++];
  };
  const rows = next();
  let tokens = 0;
  while (at < block.length) tokens += next();
  return rows > 0 ? { rows, avgLength: tokens / rows } : null;
}

/** bm25()'s idf: never below 1e-6 (a term in more than half the rows). */
export const fts5Idf = (df: number, rows: number) => {
  const idf = Math.log((rows - df + 0.5) / (df + 0.5));
  return idf <= 0 ? 1e-6 : idf;
};

/**
 * bm25() of one memory (negative, lower is better, as FTS5 returns it) over `terms` (one per FTS5
 * phrase of the OR query, in any order) with their `idfs`.
 */
export function bm25Of(
  counts: { length: number; terms: string },
  terms: readonly string[],
  idfs: readonly number[],
  weights: readonly [number, number, number],
  stats: Bm25Stats,
): number {
  const norm = K1 * (1 - B + (B * counts.length) / stats.avgLength);
  let score = 0;
  for (let i = 0; i < terms.length; i++) {
    const f = weightedFrequency(counts.terms, terms[i], weights);
    if (f > 0) score += (idfs[i] * (f * (K1 + 1))) / (f + norm);
  }
  return -score;
}
