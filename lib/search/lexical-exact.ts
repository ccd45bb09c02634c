import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import { memoryConditions, type SearchFilters } from "./filters";
import type { Candidate } from "./hybrid";
import { filterBits } from "./lexical-filter-bits";
import { queuePostingsWarm, termPostings } from "./lexical-postings";
import { topByBm25 } from "./lexical-top";

/** A hit as lexical.ts's statements return it: the score, the raw title, the ranking columns. */
export type ScoredRow = Omit<Candidate, "pinned"> & { bm25: number; title: string | null; pinned: number };

/** A row of the ranking columns, in the statement's order (seq, title, pinned, category, created_at, access_count, project_id). */
type ColumnsRow = [number, string | null, number, Candidate["category"], number, number, string | null];

/** Past this many scored memories without k passing the filters, FTS5's own statements answer. */
export const EXACT_MAX_SCORED = 4096;

/**
 * The k best memories passing `filters` by bm25() over `terms`, scored outside FTS5 from postings
 * held in memory (lexical-postings.ts, lexical-top.ts): exact, where the FTS5 plan would budget.
 * The best 1.5k are scored and checked against the filters; when fewer than k pass, the best M are
 * scored again, M from the share that passed, and only the rows not checked yet are checked (a row
 * costs about as much as scoring a few hundred postings). Null when the memories' lengths are not
 * held (loaded after the search: queuePostingsWarm) or the postings cannot be trusted now, or the filters pass too few of the best (EXACT_MAX_SCORED): the caller runs
 * FTS5's statements.
 */
export function exactLexicalRows(sqlite: Database.Database, terms: readonly string[], filters: SearchFilters, k: number): ScoredRow[] | null {
  // The lengths only when held: their load goes after the search (queuePostingsWarm).
  const view = termPostings(sqlite, terms, { heldLengths: true });
  if (!view) {
    if (!sqlite.inTransaction) queuePostingsWarm(sqlite, terms);
    return null;
  }
  const cond = memoryConditions(filters);
  // Which of the scored pass the filters (seqs only), then the ranking columns of the k kept: a
  // join from json_each costs about half an `IN (SELECT value FROM json_each(?))` a row here.
  const passes = prepared(sqlite, `SELECT m.seq FROM json_each(?) j CROSS JOIN memories m ON m.seq = j.value WHERE ${cond.sql}`).pluck();
  // Raw rows, each made into its hit once below (k of them: 100 a search; an object per row and a
  // copy of it with the score was a fifth of a search's garbage).
  const columns = prepared(
    sqlite,
    "SELECT m.seq, m.title, m.pinned, m.category, m.created_at, m.access_count, m.project_id FROM json_each(?) j CROSS JOIN memories m ON m.seq = j.value",
  ).raw();
  let kept: { seq: number; bm25: number }[] = [];
  let read = 0;
  // A project, scope or category filter passes few of the best: the top k of the memories it passes.
  if (filters.projectId || filters.scopes?.length || filters.categories?.length) kept = topByBm25(view, k, filterBits(sqlite, cond));
  else
    for (let m = Math.ceil(1.5 * k); ; ) {
      // The same ranking each time (ties by seq): the first `read` are those already read.
      const top = topByBm25(view, m);
      const fresh = top.slice(read);
      const passed = new Set(passes.all(JSON.stringify(fresh.map((t) => t.seq)), ...cond.params) as number[]);
      for (const t of fresh) if (passed.has(t.seq) && kept.length < k) kept.push(t);
      read = top.length;
      // k passed, or every memory holding a term was scored: those passing are all there is.
      if (kept.length === k || top.length < m) break;
      if (m >= EXACT_MAX_SCORED) return null;
      // Enough for k at the share passing so far, and a quarter more; at least twice as many.
      const share = Math.max(kept.length, 1) / read;
      m = Math.min(EXACT_MAX_SCORED, Math.max(2 * m, Math.ceil((1.25 * k) / share)));
    }
  const bySeq = new Map<number, ColumnsRow>();
  for (const r of columns.all(JSON.stringify(kept.map((t) => t.seq))) as ColumnsRow[]) bySeq.set(r[0], r);
  const out: ScoredRow[] = [];
  for (const t of kept) {
    const r = bySeq.get(t.seq);
    // Deleted between the two reads: left out, as a statement run a moment later would.
    if (r) out.push({ seq: r[0], title: r[1], pinned: r[2], category: r[3], createdAt: r[4], accessCount: r[5], projectId: r[6], bm25: t.bm25 });
  }
  return out;
}
