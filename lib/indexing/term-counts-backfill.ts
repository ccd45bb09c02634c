import type Database from "better-sqlite3";
import { readMeta, writeMeta } from "../embeddings/meta";
import { runAll, type Steps } from "../slices";
import { lexicalColumns, writeTermCounts } from "./rows";

/** Set once every memory stored before `memory_terms` existed has its row (the table is new in migration 0014). */
const KEY = "term_counts_backfilled";
/** Seqs looked at between two steps: a few milliseconds of tokenizing, so a request gets a turn. */
export const TERM_COUNTS_STEP = 250;

/** Writes the missing term-count rows at once (tests, CLI); the server runs the steps sliced. */
export function backfillTermCounts(sqlite: Database.Database): number {
  return runAll(backfillTermCountsSteps(sqlite));
}

/**
 * Writes `memory_terms` rows for the memories that have none (a store written before the table),
 * one seq range a step, each in its own short transaction. Until a memory has its row, lexical search
 * scores the queries that reach it with FTS5's bm25() (lib/search/lexical.ts), so answers are the
 * same during the backfill, only slower. Stopped (shutdown): the next start resumes from the start.
 */
export function* backfillTermCountsSteps(sqlite: Database.Database, step = TERM_COUNTS_STEP, stopped = () => false): Steps<number> {
  if (readMeta(sqlite)[KEY] === "1") return 0;
  const missing = sqlite.prepare(
    "SELECT m.seq AS seq, m.title AS title, m.tags AS tags, m.content AS content FROM memories m " +
      "WHERE m.seq > ? AND m.seq <= ? AND NOT EXISTS (SELECT 1 FROM memory_terms t WHERE t.seq = m.seq)",
  );
  const maxSeq = () => (sqlite.prepare("SELECT coalesce(max(seq), 0) AS n FROM memories").get() as { n: number }).n;
  let written = 0;
  for (let after = 0; after < maxSeq(); after += step) {
    sqlite
      .transaction(() => {
        const rows = missing.all(after, after + step) as { seq: number; title: string | null; tags: string; content: string }[];
        for (const r of rows) writeTermCounts(sqlite, r.seq, lexicalColumns({ title: r.title, tags: JSON.parse(r.tags) as string[], content: r.content }));
        written += rows.length;
      })
      .immediate();
    yield;
    if (stopped() || !sqlite.open) return written;
  }
  // Memories stored meanwhile got their rows when indexed (rows.ts).
  writeMeta(sqlite, { [KEY]: 1 });
  return written;
}
