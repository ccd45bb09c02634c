import type Database from "better-sqlite3";
import type { Steps } from "../slices";

/**
 * FTS5 keeps the lexical index as a set of segments (b-trees): every committed write adds one, and
 * its automerge folds four of a level into one of the next, so a store written over time holds
 * several (8 in the 100,000-memory bench store). Each query term is looked up in every segment, and
 * the OR merge, the candidates' sub-query and bm25()'s idf pass all walk them: the same store merged
 * into one segment answers a lexical search with 17-19% less CPU (issue 48: `searchMemories` 6.71 ->
 * 5.56 ms, interleaved in one process, load 16). Past LEXICAL_SEGMENTS_MAX, the server's sweep
 * merges them into one, in bounded steps (FTS5's `merge` command with a negative page count, which
 * works toward what `optimize` gives in one go).
 *
 * Merging rewrites the whole index (0.5 s of work at 100,000 memories), so the sweep does it at
 * most once per MERGE_EVERY_MS (lib/sessions/sweep.ts), not after every few writes.
 */
export const LEXICAL_SEGMENTS_MAX = 4;
/** The least time between two merges of a running server: one rewrite of the index an hour at most. */
export const MERGE_EVERY_MS = 60 * 60_000;
/** Pages FTS5 writes in one merge step: 10-45 ms at 100,000 memories under load, so a request gets a turn. */
export const MERGE_STEP_PAGES = 64;

/** How many segments `memory_fts` has (0 without the table). */
export function lexicalSegments(sqlite: Database.Database): number {
  try {
    return (sqlite.prepare("SELECT count(DISTINCT segid) AS n FROM memory_fts_idx").get() as { n: number }).n;
  } catch {
    return 0; // a foreign database without the lexical index
  }
}

/**
 * Merges the lexical index into one segment when it has more than `max`, one FTS5 `merge` step
 * (its own short write transaction) between two yields; returns the steps run. A step that
 * changed fewer than two rows found nothing left to merge (FTS5's documented test).
 */
export function* mergeLexicalIndexSteps(
  sqlite: Database.Database,
  max = LEXICAL_SEGMENTS_MAX,
  stopped = () => false,
  pages = MERGE_STEP_PAGES,
  /**
   * Called in each step's own transaction with FTS5's structure record before and after it: a merge
   * changes the record, not what the index holds, so what is kept keyed by the record can follow it
   * (the lexical postings held in memory, lib/search/lexical-postings.ts).
   */
  merged?: (before: Buffer, after: Buffer) => void,
): Steps<number> {
  if (lexicalSegments(sqlite) <= max) return 0;
  const merge = sqlite.prepare("INSERT INTO memory_fts(memory_fts, rank) VALUES ('merge', ?)");
  const changes = sqlite.prepare("SELECT total_changes() AS n").pluck();
  const structure = sqlite.prepare("SELECT block FROM memory_fts_data WHERE id = 10").pluck();
  const step = sqlite.transaction(() => {
    const from = structure.get() as Buffer | undefined;
    merge.run(-pages);
    const to = structure.get() as Buffer | undefined;
    if (merged && from && to) merged(from, to);
  });
  let steps = 0;
  for (;;) {
    const before = changes.get() as number;
    // IMMEDIATE: the step reads the structure record before it writes, and SQLite never waits
    // (busy_timeout) to turn a read transaction into a write one: a deferred step failed at once
    // with SQLITE_BUSY while another process wrote.
    step.immediate();
    steps++;
    if ((changes.get() as number) - before < 2) return steps;
    yield;
    if (stopped() || !sqlite.open) return steps;
  }
}
