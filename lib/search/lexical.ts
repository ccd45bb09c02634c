import type Database from "better-sqlite3";
import type { Ctx } from "../ctx";
import { indexedForReading } from "../indexing/before-read";
import { prepared } from "../db/prepared";
import { ensureTermCountTable } from "../db/virtual-tables";
import { memoryConditions, type SearchFilters } from "./filters";
import type { Candidate, QueryCoverage } from "./hybrid";
import { cachedTagRows, narrowFilter } from "./narrow-filters";
import { exactLexicalRows, type ScoredRow } from "./lexical-exact";
import { termPostings } from "./lexical-postings";
import { boostTitleMatches } from "./title-match";
import { queryTerms } from "./tokenizer";
import { connectionSlot } from "../db/connection-state";
import { COLUMN_WEIGHTS } from "./bm25-weights";

export { COLUMN_WEIGHTS } from "./bm25-weights";

export interface LexicalHit {
  seq: number;
  /** FTS5 bm25() (negative, lower is better), times the title-match boost (title-match.ts). */
  bm25: number;
  /**
   * What ranking needs of the memory (hybrid.ts), read by the same statement's join: the search
   * does not look the hits up again.
   */
  candidate: Candidate;
  /**
   * How much of the question the memory covers, weighted by rarity (only with `coverage: true`):
   * the idf of the query's terms the memory holds, and of all of them (terms in no memory apart).
   */
  coverage?: QueryCoverage;
  /** The same measured over the question's translation (bilingual.ts): the fusion keeps the better. */
  translatedCoverage?: QueryCoverage;
}

/** The row of the lexical statement: the hit, its raw title (title-match.ts) and the ranking columns. */
type LexicalRow = ScoredRow;

/**
 * A rowid bound FTS5 can seek with. better-sqlite3 binds a JavaScript number as a REAL, and FTS5
 * takes a rowid constraint's value only when it is an INTEGER (fts5GetRowidLimit): a REAL bound is
 * left to SQLite to check row by row, after FTS5 has walked every term's whole postings list from
 * the first rowid. Cast, FTS5 seeks in its rowid-ordered lists (issue 48: the newest window's and
 * the widening's statements at 100,000 memories, 3.4 -> 1.0 and 4.1 -> 1.5 ms of CPU, same rows).
 */
export const ROWID = "CAST(? AS INTEGER)";

/** An FTS5 query that ORs the query's terms (each quoted, so no term is read as syntax). */
export function ftsQuery(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"`).join(" OR ");
}

/**
 * Top `k` memories by BM25 over the tokenized title, tags and content; an OR of the query's terms,
 * never an exact phrase. Filters are part of the same statement. Those whose title names a query
 * term are then boosted (see title-match.ts) and the `k` re-sorted.
 *
 * Every term found in the store is scored (bm25() over all of them, as an exhaustive ranking
 * would), but on large stores only the plan's candidates are (see scanPlan). When they leave fewer
 * than `k` (few candidates, or filters that exclude them), the newest memories are scored too, in a
 * window that grows four times each step up to the whole store: a query with a word in the store
 * never comes back short of what the exhaustive ranking would return.
 */
export function lexicalSearch(
  ctx: Ctx,
  query: string | readonly string[],
  filters: SearchFilters,
  k: number,
  /**
   * `translatedTerms`: the question's translation (bilingual.ts), whose coverage is measured on its
   * own; `ownTerms`: then, the question's own terms (the coverage of `query` otherwise).
   */
  options: { coverage?: boolean; ownTerms?: readonly string[]; translatedTerms?: readonly string[] } = {},
): LexicalHit[] {
  const all = typeof query === "string" ? queryTerms(query) : query;
  if (all.length === 0) return [];
  indexedForReading(ctx.sqlite);
  const planned = scanPlan(ctx.sqlite, all.slice(0, 64), k);
  if (planned.terms.length === 0) return [];
  // Tag and pinned filters: every posting scored (see narrow-filters.ts).
  const narrow = narrowFilter(ctx.sqlite, filters, planned.maxSeq);
  const plan = narrow ? { ...planned, candidates: null, fromSeq: 1 } : planned;
  // The tag's rows from the connection's cache when it has them (no parameter), else a sub-query.
  const tagRows = narrow?.tagMatch ? cachedTagRows(ctx.sqlite, narrow.tagMatch) : null;
  const prefilter = !narrow?.tagMatch
    ? ""
    : tagRows
      ? ` AND +memory_fts.rowid IN (SELECT seq FROM ${tagRows})`
      : " AND +memory_fts.rowid IN (SELECT rowid FROM memory_fts WHERE memory_fts MATCH ?)";
  const cond = memoryConditions(filters);
  const { title, tags, content } = COLUMN_WEIGHTS;
  const head =
    `SELECT m.seq AS seq, bm25(memory_fts, ${title}, ${tags}, ${content}) AS bm25, m.title AS title, ` +
    "m.pinned AS pinned, m.category AS category, m.created_at AS createdAt, m.access_count AS accessCount, m.project_id AS projectId " +
    `FROM memory_fts CROSS JOIN memories m ON m.seq = memory_fts.rowid WHERE memory_fts MATCH ? AND `;
  const tail = ` AND ${cond.sql} ORDER BY bm25 LIMIT ?`;
  // `+rowid`: a condition SQLite checks per row; a bare rowid IN would restart the FTS5 query once
  // per candidate (and recompute every term's idf each time).
  const candidates = "+memory_fts.rowid IN (SELECT rowid FROM memory_fts WHERE memory_fts MATCH ?)";
  const match = ftsQuery(plan.terms);
  /** The FTS5 rows scored for a window starting at `fromSeq`: the window plus the plan's candidates. */
  const scored = (fromSeq: number): [string, unknown[]] => {
    if (narrow) return [`memory_fts.rowid >= ${ROWID}${prefilter}`, narrow.tagMatch && !tagRows ? [fromSeq, narrow.tagMatch] : [fromSeq]];
    if (plan.candidates === null || fromSeq <= 1) return [`memory_fts.rowid >= ${ROWID}`, [fromSeq]];
    if (fromSeq > plan.maxSeq) return [candidates, [plan.candidates]];
    return [`(+memory_fts.rowid >= ? OR ${candidates})`, [fromSeq, plan.candidates]];
  };
  const topFirst = Math.ceil(TOP_FIRST_FACTOR * k);
  const run = ([where, params]: [string, unknown[]]): LexicalRow[] => {
    if (mostPassFilters(filters) || (narrow?.tagMatch && onlyTagsNarrow(filters))) {
      const top = prepared(ctx.sqlite, topFirstSql(where, cond.sql)).all(...cond.params, match, ...params, topFirst) as (LexicalRow & {
        passes: number | null;
      })[];
      const passing = top.filter((r) => r.passes === 1);
      // Exact either way: the best `k` passing rows are among the best `topFirst` scored rows when
      // that many pass, and all scored rows were seen when fewer than `topFirst` came back.
      if (passing.length >= k || top.length < topFirst) return passing.slice(0, k);
    }
    return prepared(ctx.sqlite, head + where + tail).all(match, ...params, ...cond.params, k) as LexicalRow[];
  };
  // Where the plan would budget (candidates, a newest window), the exact top k scored outside FTS5
  // from postings in memory when they can be trusted (lexical-exact.ts); FTS5's statements otherwise.
  // A tag or pinned filter already scores every posting in FTS5 (exact as it is).
  const exact = !narrow && (planned.candidates !== null || planned.fromSeq > 1) ? exactLexicalRows(ctx.sqlite, planned.terms, filters, k) : null;
  let hits = exact ?? run(scored(plan.fromSeq));
  for (let width = plan.window, fromSeq = plan.fromSeq; !exact && hits.length < k && fromSeq > 1; width *= 4) {
    const wider = Math.max(1, plan.maxSeq - width + 1);
    // Fewer than k passed, so every passing row scored so far is in `hits` (a row's bm25() is the
    // same in any statement): only the seqs the window newly covers are scored, and the union
    // ranked is what the wider statement alone would return. Before, the wider statement scored
    // everything again, paying the OR merge of every term's postings a second time: the speed
    // bench's slowest 5% of lexical requests at 100,000 (issue 48).
    const seen = new Set(hits.map((h) => h.seq));
    const added = run(narrow ? scored(wider) : [`memory_fts.rowid >= ${ROWID} AND memory_fts.rowid < ${ROWID}`, [wider, Math.min(fromSeq, plan.maxSeq + 1)]]);
    hits = [...hits, ...added.filter((r) => !seen.has(r.seq))].sort((a, b) => a.bm25 - b.bm25).slice(0, k);
    fromSeq = wider;
  }
  const out: LexicalHit[] = boostTitleMatches(hits, all).map(({ seq, bm25, pinned, category, createdAt, accessCount, projectId }) => ({
    seq,
    bm25,
    candidate: { seq, pinned: pinned === 1, category, createdAt, accessCount, projectId },
  }));
  if (options.coverage && out.length) {
    // The translation shares its untranslated words with the question: each term is looked up once.
    const holders = new Map<string, readonly number[]>();
    for (const [h, c] of zip(out, coverageOf(ctx.sqlite, out, (options.ownTerms ?? all).slice(0, 64), holders))) h.coverage = c;
    if (options.translatedTerms?.length)
      for (const [h, c] of zip(out, coverageOf(ctx.sqlite, out, options.translatedTerms.slice(0, 64), holders))) h.translatedCoverage = c;
  }
  return out;
}

/** BM25's idf of a term found in `df` of `n` memories (never negative). */
export const idf = (df: number, n: number) => Math.log(1 + (Math.max(n, df) - df + 0.5) / (df + 0.5));

/**
 * Which of the query's terms each hit holds, weighted by idf: one FTS5 lookup per term, limited to
 * the hits (a posting-list scan of that term, which the ranked query has just read too). BM25
 * relative to the best hit cannot tell a memory matching one common word of a long question from
 * one matching all of it; this can (issue 42).
 */
function coverageOf(
  sqlite: Database.Database,
  hits: readonly LexicalHit[],
  terms: readonly string[],
  /** term -> the hits holding it, shared by the calls over the same hits. */
  holders: Map<string, readonly number[]>,
): (QueryCoverage | undefined)[] {
  const withDf = documentFrequencies(sqlite, [...new Set(terms)]);
  if (!withDf) return [];
  const n = Math.max(1, storeSize(sqlite));
  const seqs = JSON.stringify(hits.map((h) => h.seq));
  const matched = new Map<number, number>();
  let present = 0;
  let absent = 0;
  const lookup = prepared(sqlite, "SELECT rowid AS seq FROM memory_fts WHERE memory_fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))");
  // The postings the ranking held in memory, when it held them all (lexical-postings.ts): a search
  // in each instead of FTS5 walking each term's whole list.
  const found = withDf.filter((t) => t.df > 0).map((t) => t.term);
  const view = termPostings(sqlite, found, { heldOnly: true });
  const held = new Map(view ? found.map((t, i) => [t, view.terms[i].seqs] as const) : []);
  const holdersIn = (list: Int32Array) => hits.map((h) => h.seq).filter((seq) => list[bisect(list, seq)] === seq);
  for (const { term, df } of withDf) {
    const weight = idf(df, n);
    if (df === 0) {
      absent += idf(1, n);
      continue;
    }
    present += weight;
    let holding = holders.get(term);
    if (!holding) {
      const inMemory = held.get(term);
      holding = inMemory ? holdersIn(inMemory) : (lookup.all(`"${term}"`, seqs) as { seq: number }[]).map((r) => r.seq);
      holders.set(term, holding);
    }
    for (const seq of holding) matched.set(seq, (matched.get(seq) ?? 0) + weight);
  }
  return hits.map((h) => ({ matched: matched.get(h.seq) ?? 0, present, absent }));
}

/** The first index of `list` (ascending) whose value is at least `seq`. */
function bisect(list: Int32Array, seq: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const zip = <A, B>(a: readonly A[], b: readonly B[]): [A, B][] => a.slice(0, b.length).map((x, i) => [x, b[i]]);

/**
 * With filters that pass most memories (none but status and session), the statement scores the
 * FTS5 rows alone, keeps the best TOP_FIRST_FACTOR * k, and joins `memories` (filters, title,
 * ranking columns) for those only, instead of for every scored row (~540 at 100,000 memories, about
 * 1 us each). When fewer than k of them pass, the full statement (filters inside the join) runs.
 * Measured at 100,000 (CPU, interleaved A/B, identical results): -15% at k = 10, -9% at k = 100.
 * With a project filter (about a third of the memories pass) it saved nothing and cost more at
 * k = 100 (fallbacks), so project, scope and category filters keep the full statement.
 */
export const TOP_FIRST_FACTOR = 1.5;

const mostPassFilters = (f: SearchFilters) => !f.projectId && !f.scopes?.length && !f.categories?.length && !f.tags?.length && f.pinned === undefined;
/**
 * A tag filter alone: the FTS5 prefilter (narrow-filters.ts) already keeps only the rows that may
 * carry the tags, so nearly every scored row passes and the top-first statement applies as well.
 */
const onlyTagsNarrow = (f: SearchFilters) => !f.projectId && !f.scopes?.length && !f.categories?.length && f.pinned === undefined;

/**
 * The top-first statement: FTS5 scores and limits first, the join marks which rows pass the
 * filters. Its parameters: the filters' (they come first in the text), the MATCH, `where`'s, the limit.
 */
function topFirstSql(where: string, conditions: string): string {
  const { title, tags, content } = COLUMN_WEIGHTS;
  return (
    "SELECT f.seq AS seq, f.bm25 AS bm25, m.title AS title, m.pinned AS pinned, m.category AS category, m.created_at AS createdAt, " +
    `m.access_count AS accessCount, m.project_id AS projectId, (m.seq IS NOT NULL AND ${conditions}) AS passes ` +
    `FROM (SELECT memory_fts.rowid AS seq, bm25(memory_fts, ${title}, ${tags}, ${content}) AS bm25 FROM memory_fts ` +
    `WHERE memory_fts MATCH ? AND ${where} ORDER BY bm25 LIMIT ?) f LEFT JOIN memories m ON m.seq = f.seq ORDER BY f.bm25`
  );
}

/**
 * FTS5 computes bm25() and joins the memory for every row the MATCH lets through (1-3 us each on
 * this machine), so a query made of common words costs as much as the words have postings: 7-15 ms
 * at 100,000 memories. Past POSTINGS_BUDGET postings in all, only candidates are scored (see
 * scanPlan): the memories holding one of the rarest terms (up to POSTINGS_BUDGET postings of them)
 * and those holding two of the commoner ones (up to PAIR_BUDGET, estimated). A memory holding one
 * common term and nothing else rarely makes a top 10 that others share two terms for; the newest
 * window (lexicalSearch) still covers them when the candidates are short. Small collections never
 * prune.
 */
export const POSTINGS_BUDGET = 1000;
/** Estimated memories holding two of the commoner terms that are scored (independence estimate). */
export const PAIR_BUDGET = 300;
const DF_TTL_MS = 5 * 60_000;

interface DfCache {
  /** `docs`: the store's size (max seq) when looked up: a store that has grown by a quarter since is re-asked. */
  terms: Map<string, { df: number; at: number; docs: number }>;
  /**
   * Terms in no memory, valid while FTS5's structure record (`absentAt`) is unchanged: every
   * committed write to the index rewrites it, so a word stored a moment ago is never missed.
   */
  absent: Set<string>;
  absentAt: Buffer | null;
  lookup: Database.Statement;
  size: Database.Statement;
  structure: Database.Statement;
  /** max(seq) at the last lookup. */
  docs: number;
}
/** Bounds the absent terms remembered (a query brings at most 64). */
const ABSENT_MAX = 5_000;
const dfCaches = connectionSlot<DfCache>("lexicalTermCounts");

/**
 * How many memories contain each term (cached per connection for a short while; a term in no
 * memory only until the lexical index changes, so a word just stored is found at once); undefined
 * if unknown.
 *
 * Remembering absent terms matters since query translation (bilingual.ts): an English question's
 * software words bring their Chinese renderings, absent from an English store, and each lookup of an
 * absent term seeks every FTS5 segment (about 1.3 ms a translated question at 100,000 memories).
 */
function documentFrequencies(sqlite: Database.Database, terms: readonly string[]): { term: string; df: number }[] | undefined {
  let cache = dfCaches.get(sqlite);
  if (!cache) {
    const termCounts = ensureTermCountTable(sqlite);
    cache = {
      terms: new Map(),
      absent: new Set(),
      absentAt: null,
      lookup: sqlite.prepare(`SELECT doc FROM ${termCounts} WHERE term = ?`),
      size: sqlite.prepare("SELECT coalesce(max(seq), 0) AS n FROM memories"),
      // FTS5's structure record (id 10 of the %_data shadow table).
      structure: sqlite.prepare("SELECT block FROM memory_fts_data WHERE id = 10").pluck(),
      docs: 0,
    };
    dfCaches.set(sqlite, cache);
  }
  const now = Date.now();
  const { lookup } = cache;
  try {
    const docs = (cache.docs = (cache.size.get() as { n: number }).n);
    // Read once, when a term is not in the cache of found terms. Inside a transaction a write may
    // still sit in FTS5's pending buffer (not in the structure record yet): absent terms are not
    // trusted there.
    let absentValid: boolean | undefined;
    const absentCacheValid = () => {
      if (absentValid !== undefined) return absentValid;
      const structure = sqlite.inTransaction ? null : ((cache.structure.get() as Buffer | undefined) ?? null);
      absentValid = structure !== null && cache.absentAt !== null && structure.equals(cache.absentAt);
      if (!absentValid) {
        cache.absent.clear();
        cache.absentAt = structure;
      }
      return absentValid;
    };
    return terms.map((term) => {
      let hit = cache.terms.get(term);
      if (!hit || now - hit.at > DF_TTL_MS || docs > hit.docs * 1.25 + 100) {
        if (absentCacheValid() && cache.absent.has(term)) return { term, df: 0 };
        hit = { df: (lookup.get(term) as { doc: number } | undefined)?.doc ?? 0, at: now, docs };
        if (cache.terms.size > 20_000) cache.terms.clear();
        if (hit.df > 0) cache.terms.set(term, hit);
        else {
          cache.terms.delete(term);
          if (cache.absentAt !== null && cache.absent.size < ABSENT_MAX) cache.absent.add(term);
        }
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
 * When there are no candidates to score (a query of common words only, none two of them share
 * often enough to fit the pair budget), the newest memories are scored first, about SCAN_CAP
 * postings' worth, found by seeking in FTS5's rowid-ordered lists; lexicalSearch widens the window
 * until the limit is filled.
 */
export const SCAN_CAP = 1000;

export interface ScanPlan {
  /** The query's terms found in the store, rarest first: bm25() is computed over all of them. */
  terms: string[];
  /** An FTS5 expression (no scores) of the memories scored across the whole store; null: none beyond the window. */
  candidates: string | null;
  /** The smallest seq scored whatever the candidates (1: the whole store; maxSeq + 1: none). */
  fromSeq: number;
  /** How many of the newest seqs the first widening step scores (lexicalSearch multiplies it by four each step). */
  window: number;
  /** The store's largest seq when planned. */
  maxSeq: number;
}

export function scanPlan(sqlite: Database.Database, terms: readonly string[], k = 10): ScanPlan {
  const withDf = documentFrequencies(sqlite, terms);
  const maxSeq = storeSize(sqlite);
  if (!withDf) return { terms: [...terms], candidates: null, fromSeq: 1, window: maxSeq, maxSeq };
  // A word in no memory adds nothing to any score: it never takes a place in the budget.
  const found = withDf.filter((t) => t.df > 0).sort((a, b) => a.df - b.df);
  const all = found.map((t) => t.term);
  const total = found.reduce((s, t) => s + t.df, 0);
  if (total <= POSTINGS_BUDGET) return { terms: all, candidates: null, fromSeq: 1, window: maxSeq, maxSeq };
  let rare = 0;
  let sum = 0;
  while (rare < found.length && sum + found[rare].df <= POSTINGS_BUDGET) sum += found[rare++].df;
  const common = found.slice(rare);
  // Pairs of common terms, the most selective first, while their estimated memories fit the budget.
  const pairs: { a: number; b: number; est: number }[] = [];
  for (let a = 0; a < common.length; a++)
    for (let b = a + 1; b < common.length; b++) pairs.push({ a, b, est: (common[a].df * common[b].df) / Math.max(1, maxSeq) });
  pairs.sort((x, y) => x.est - y.est);
  const partners = new Map<number, number[]>();
  let estimated = 0;
  for (const p of pairs) {
    if (estimated + p.est > PAIR_BUDGET) break;
    estimated += p.est;
    (partners.get(p.a) ?? partners.set(p.a, []).get(p.a)!).push(p.b);
  }
  const parts = all.slice(0, rare).map((t) => `"${t}"`);
  for (const [a, bs] of partners) parts.push(`("${common[a].term}" AND (${ftsQuery(bs.map((b) => common[b].term))}))`);
  const commonTotal = total - sum;
  // Postings are assumed spread evenly over seqs; the estimate only has to be about right.
  const window = Math.max(1, Math.ceil((maxSeq * SCAN_CAP) / commonTotal));
  if (parts.length === 0) return { terms: all, candidates: null, fromSeq: Math.max(1, maxSeq - window + 1), window: window * 4, maxSeq };
  // Every statement pays for the common terms' postings (idf, merging): the first one also scores
  // the newest memories, about 2k of them, so that it usually fills the limit on its own.
  const newest = Math.min(window, Math.ceil((maxSeq * 2 * k) / commonTotal));
  return { terms: all, candidates: parts.join(" OR "), fromSeq: Math.max(1, maxSeq - newest + 1), window: newest * 4, maxSeq };
}

/** max(seq) of the memories as of the last `documentFrequencies` call on this connection. */
function storeSize(sqlite: Database.Database): number {
  return dfCaches.get(sqlite)?.docs ?? 0;
}
