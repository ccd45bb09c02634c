import type Database from "better-sqlite3";
import type { Ctx } from "../context";
import { catchUpForReader } from "../memories/derived";
import { memoryConditions, prepared, type SearchFilters } from "./filters";
import { boostTitleMatches } from "./title-match";
import { queryTerms } from "./tokenizer";

/** BM25 column weights of `memory_fts(title, tags, content)`: title and tags above content. */
export const COLUMN_WEIGHTS = { title: 3, tags: 2, content: 1 };

export interface LexicalHit {
  seq: number;
  /** FTS5 bm25() (negative, lower is better), times the title-match boost (title-match.ts). */
  bm25: number;
}

/** An FTS5 query that ORs the query's terms (each quoted, so no term is read as syntax). */
export function ftsQuery(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"`).join(" OR ");
}

/**
 * Top `k` memories by BM25 over the tokenized title, tags and content; an OR of the query's terms,
 * never an exact phrase. Filters are part of the same statement. Those whose title names a query
 * term are then boosted (see title-match.ts) and the `k` re-sorted.
 */
export function lexicalSearch(ctx: Ctx, query: string | readonly string[], filters: SearchFilters, k: number): LexicalHit[] {
  const all = typeof query === "string" ? queryTerms(query) : query;
  if (all.length === 0) return [];
  catchUpForReader(ctx.sqlite);
  const plan = scanPlan(ctx.sqlite, all.slice(0, 64));
  const cond = memoryConditions(filters);
  const { title, tags, content } = COLUMN_WEIGHTS;
  const sql =
    `SELECT m.seq AS seq, bm25(memory_fts, ${title}, ${tags}, ${content}) AS bm25, m.title AS title ` +
    `FROM memory_fts CROSS JOIN memories m ON m.seq = memory_fts.rowid ` +
    `WHERE memory_fts MATCH ? AND memory_fts.rowid >= ? AND ${cond.sql} ORDER BY bm25 LIMIT ?`;
  const run = (fromSeq: number) => prepared(ctx.sqlite, sql).all(ftsQuery(plan.terms), fromSeq, ...cond.params, k) as (LexicalHit & { title: string | null })[];
  let hits = run(plan.fromSeq);
  // The window was sized for the whole store; the filters (another project's recent memories,
  // archived ones) may leave too few in it: widen it, four times each step, up to the whole store.
  for (let fromSeq = plan.fromSeq; hits.length < k && fromSeq > 1; ) {
    fromSeq = Math.max(1, plan.maxSeq - (plan.maxSeq - fromSeq + 1) * 4);
    hits = run(fromSeq);
  }
  return boostTitleMatches(hits, all).map(({ seq, bm25 }) => ({ seq, bm25 }));
}

/**
 * FTS5 scores every document that matches any term, so a query made of common words costs as much
 * as the words have postings. Past POSTINGS_BUDGET, the commonest terms are left out (their BM25
 * idf is small anyway), rarest first, always keeping the rarest one. Small collections never prune.
 * FTS5 computes bm25() and joins the memory for every matching row (1-3 us each on this machine):
 * with 1,000 (and SCAN_CAP) a lexical search at 100,000 memories takes p50 2.0 / p95 3.1-3.5 ms in
 * process; with 1,500 and no cap it took 2.4-2.8 / 4.6-5.6 ms. LoCoMo recall is the same.
 */
export const POSTINGS_BUDGET = 1000;
const DF_TTL_MS = 5 * 60_000;

interface DfCache {
  /** `docs`: the store's size (max seq) when looked up: a store that has grown by a quarter since is re-asked. */
  terms: Map<string, { df: number; at: number; docs: number }>;
  lookup: Database.Statement;
  size: Database.Statement;
  /** max(seq) at the last lookup. */
  docs: number;
}
const dfCaches = new WeakMap<Database.Database, DfCache>();

/**
 * How many memories contain each term (cached per connection for a short while); undefined if
 * unknown.
 */
function documentFrequencies(sqlite: Database.Database, terms: readonly string[]): { term: string; df: number }[] | undefined {
  let cache = dfCaches.get(sqlite);
  if (!cache) {
    // A per-connection temp table: nothing is added to the database file.
    sqlite.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.memory_fts_vocab USING fts5vocab(main, memory_fts, row)");
    cache = {
      terms: new Map(),
      lookup: sqlite.prepare("SELECT doc FROM temp.memory_fts_vocab WHERE term = ?"),
      size: sqlite.prepare("SELECT coalesce(max(seq), 0) AS n FROM memories"),
      docs: 0,
    };
    dfCaches.set(sqlite, cache);
  }
  const now = Date.now();
  const { lookup } = cache;
  try {
    const docs = (cache.docs = (cache.size.get() as { n: number }).n);
    return terms.map((term) => {
      let hit = cache.terms.get(term);
      if (!hit || now - hit.at > DF_TTL_MS || docs > hit.docs * 1.25 + 100) {
        hit = { df: (lookup.get(term) as { doc: number } | undefined)?.doc ?? 0, at: now, docs };
        if (cache.terms.size > 20_000) cache.terms.clear();
        cache.terms.set(term, hit);
      }
      return { term, df: hit.df };
    });
  } catch {
    // The temp vocabulary table went away (e.g. created in a transaction that rolled back).
    dfCaches.delete(sqlite);
    return undefined;
  }
}

/**
 * Past SCAN_CAP postings (a query made only of words that thousands of memories hold, where BM25
 * ranks by little more than text length), only the newest memories are scored, about SCAN_CAP
 * postings' worth, found by seeking in FTS5's rowid-ordered lists: the tail of such queries at
 * 100,000 memories fell from 8-12 ms to the time of an ordinary query. Recency breaks the tie
 * that BM25 cannot. No LoCoMo conversation comes near the cap.
 */
export const SCAN_CAP = 1000;

export interface ScanPlan {
  terms: string[];
  /** The smallest seq scored (1: the whole store). */
  fromSeq: number;
  /** The store's largest seq when planned. */
  maxSeq: number;
}

export function scanPlan(sqlite: Database.Database, terms: readonly string[]): ScanPlan {
  const whole = { terms: [...terms], fromSeq: 1, maxSeq: storeSize(sqlite) };
  const withDf = documentFrequencies(sqlite, terms);
  if (!withDf) return whole;
  const total = withDf.reduce((s, t) => s + t.df, 0);
  if (total <= POSTINGS_BUDGET) return whole;
  const kept: string[] = [];
  let sum = 0;
  for (const t of [...withDf].sort((a, b) => a.df - b.df)) {
    if (kept.length > 0 && sum + t.df > POSTINGS_BUDGET) break;
    kept.push(t.term);
    sum += t.df;
  }
  const maxSeq = storeSize(sqlite);
  if (sum <= SCAN_CAP) return { terms: kept, fromSeq: 1, maxSeq };
  // Postings are assumed spread evenly over seqs; the estimate only has to be about right.
  return { terms: kept, fromSeq: Math.max(1, Math.floor(maxSeq - (maxSeq * SCAN_CAP) / sum)), maxSeq };
}

/** max(seq) of the memories as of the last `documentFrequencies` call on this connection. */
function storeSize(sqlite: Database.Database): number {
  return dfCaches.get(sqlite)?.docs ?? 0;
}
