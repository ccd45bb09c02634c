import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import { memoryConditions, type SearchFilters } from "./filters";
import type { Candidate } from "./hybrid";
import { termPostings } from "./lexical-postings";
import { topByBm25 } from "./lexical-top";

/** A hit as lexical.ts's statements return it: the score, the raw title, the ranking columns. */
export type ScoredRow = Omit<Candidate, "pinned"> & { bm25: number; title: string | null; pinned: number };

/** Past this many scored memories without k passing the filters, FTS5's own statements answer. */
export const EXACT_MAX_SCORED = 4096;

/**
 * The k best memories passing `filters` by bm25() over `terms`, scored outside FTS5 from postings
 * held in memory (lexical-postings.ts, lexical-top.ts): exact, where the FTS5 plan would budget.
 * The best 1.5k are scored, their rows read with the filters as a column; fewer than k passing,
 * four times as many, and so on. Null when the postings cannot be trusted now, or the filters pass
 * too few of the best (EXACT_MAX_SCORED): the caller runs FTS5's statements.
 */
export function exactLexicalRows(sqlite: Database.Database, terms: readonly string[], filters: SearchFilters, k: number): ScoredRow[] | null {
  const view = termPostings(sqlite, terms);
  if (!view) return null;
  const cond = memoryConditions(filters);
  const rows = prepared(
    sqlite,
    "SELECT m.seq AS seq, m.title AS title, m.pinned AS pinned, m.category AS category, m.created_at AS createdAt, " +
      `m.access_count AS accessCount, m.project_id AS projectId, (${cond.sql}) AS passes FROM memories m ` +
      "WHERE m.seq IN (SELECT value FROM json_each(?))",
  );
  for (let m = Math.ceil(1.5 * k); m <= EXACT_MAX_SCORED * 4; m *= 4) {
    const top = topByBm25(view, Math.min(m, EXACT_MAX_SCORED));
    const found = new Map<number, Omit<ScoredRow, "bm25"> & { passes: number }>();
    for (const r of rows.all(...cond.params, JSON.stringify(top.map((t) => t.seq))) as (Omit<ScoredRow, "bm25"> & { passes: number })[]) found.set(r.seq, r);
    const passing: ScoredRow[] = [];
    for (const t of top) {
      const row = found.get(t.seq);
      if (row?.passes !== 1) continue;
      const { passes: _, ...rest } = row;
      passing.push({ ...rest, bm25: t.bm25 });
      if (passing.length === k) return passing;
    }
    // Every memory holding a term was scored: those passing are all there is.
    if (top.length < Math.min(m, EXACT_MAX_SCORED)) return passing;
    if (m >= EXACT_MAX_SCORED) break;
  }
  return null;
}
