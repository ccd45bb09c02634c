import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import type { Entity } from "../entities/parse";
import { entitiesOf, syncEntities, writeEntities } from "../entities/sync";
import { writeLater } from "../db/write-later";
import { logger } from "../logging/logger";
import { runAll, type Steps } from "../slices";
import { indexLexical, indexMemory, lexicalColumns } from "./rows";
import type { MemoryRow } from "../memories/dto";
import { fromRaw, MEMORY_COLUMNS, type RawMemoryRow } from "../memories/row";

/**
 * What is derived from a memory's text and tags: its lexical index row (`memory_fts`), its
 * embedding-queue entry, its parsed entities (`memory_entities`) and its tag rows (`memory_tags`,
 * which index the JSON `tags` column for filtering).
 *
 * A new memory's derived rows are written behind it, in batches. Every memory whose seq is above
 * the watermark (`embedding_meta.derived_seq`) is pending, and `catchUpDerived` writes the derived
 * rows of all pending memories in one transaction. In the create's own transaction they cost 11-12
 * pages more per commit (FTS5 writes a new segment, its structure and averages records, a docsize
 * row; the queue its row and key; a tag its row and two keys), about 13 us each on this machine,
 * plus FTS5's own work: about 300 us of an 850 us create. Written for up to PENDING_MAX memories
 * at once, they cost a fraction of that.
 *
 * Nothing reads a derived table without catching up first (a watermark read when nothing is
 * pending), and the near-duplicate check reads the memories table itself, so no reader sees a
 * memory without its index, unless another connection holds the write lock at that moment: a
 * reader does not wait for it (`catchUpForReader`), and the memories pending then are at most a
 * few milliseconds old. Pending memories are caught up by the create that reaches PENDING_MAX, by
 * a timer a few milliseconds after the last create, on a normal exit, and when the database is
 * opened again (after a crash). Catching up is idempotent: a memory indexed twice (a database an
 * older version wrote to after this one) keeps one set of rows.
 */
export const PENDING_MAX = 32;
const CATCH_UP_AFTER_MS = 10;
const KEY = "derived_seq";

/** Seq up to which every memory's derived rows are written. */
export function derivedWatermark(sqlite: Database.Database): number {
  const row = prepared(sqlite, `SELECT value FROM embedding_meta WHERE key = '${KEY}'`).get() as { value: string } | undefined;
  return row ? Number(row.value) : 0;
}

/**
 * Sets the watermark of a database that has none: a database written before derived rows were
 * deferred has every memory indexed. Called when the database is opened, after its migrations.
 */
export function initDerivedWatermark(sqlite: Database.Database) {
  sqlite.prepare(`INSERT OR IGNORE INTO embedding_meta(key, value) SELECT '${KEY}', coalesce(max(seq), 0) FROM memories`).run();
}

/** For bulk loaders (benchmarks, test seeds) that write the derived rows themselves: none is pending. */
export function markAllDerived(sqlite: Database.Database) {
  sqlite.prepare(`UPDATE embedding_meta SET value = (SELECT coalesce(max(seq), 0) FROM memories) WHERE key = '${KEY}'`).run();
}

/**
 * Writes the derived rows of every pending memory, in one transaction (a savepoint inside the
 * caller's). Returns how many memories it indexed; a read of two values when none is pending.
 */
export function catchUpDerived(sqlite: Database.Database, ahead?: AheadByText): number {
  if (maxSeq(sqlite) <= derivedWatermark(sqlite)) return 0;
  return sqlite
    .transaction(() => {
      // Read again inside the write transaction: another connection may have caught up meanwhile.
      const from = derivedWatermark(sqlite);
      const rows = prepared(sqlite, `SELECT ${MEMORY_COLUMNS} FROM memories WHERE seq > ? ORDER BY seq`).all(from) as RawMemoryRow[];
      for (const raw of rows) writeDerived(sqlite, fromRaw(raw), true, ahead);
      const to = Math.max(from, maxSeq(sqlite));
      prepared(sqlite, `UPDATE embedding_meta SET value = ? WHERE key = '${KEY}'`).run(String(to));
      return rows.length;
    })
    .immediate();
}

/**
 * `catchUpDerived` for readers (search, filters, stats): when another connection holds the write
 * lock, returns at once instead of waiting for it (up to the busy timeout, with the server's only
 * thread blocked); that connection, the next create or the timer catches up.
 */
export function catchUpForReader(sqlite: Database.Database): void {
  if (maxSeq(sqlite) <= derivedWatermark(sqlite)) return;
  if (sqlite.inTransaction) return void catchUpDerived(sqlite);
  const timeout = sqlite.pragma("busy_timeout", { simple: true }) as number;
  sqlite.pragma("busy_timeout = 0");
  try {
    catchUpDerived(sqlite);
  } catch (error) {
    if (!isBusy(error)) throw error;
  } finally {
    sqlite.pragma(`busy_timeout = ${timeout}`);
  }
}

const isBusy = (error: unknown) => String((error as { code?: unknown }).code ?? "").startsWith("SQLITE_BUSY");

/**
 * Replaces the derived rows of a memory whose text, title or tags changed, inside the verb's
 * transaction on this connection. Pending memories are caught up first, so none is indexed twice.
 */
export function syncDerived(sqlite: Database.Database, row: MemoryRow) {
  catchUpDerived(sqlite);
  writeDerived(sqlite, row, false);
}

/**
 * Called by create inside its transaction, after the insert: catches up once PENDING_MAX memories
 * are pending, else leaves it to a timer (and to the next reader or create).
 */
export function deferDerived(sqlite: Database.Database, seq: number) {
  if (seq - derivedWatermark(sqlite) >= PENDING_MAX) catchUpDerived(sqlite);
  else scheduleCatchUp(sqlite);
}

/** A new memory's derived rows, computed ahead of its write: a bulk import tokenizes and parses thousands outside its transaction. */
export interface DerivedAhead {
  tags: string[];
  lexical: [string, string, string];
  entities: Entity[];
}

/** The derived rows of a memory about to be inserted (its stored, redacted title, tags and content). */
export function deriveAhead(row: Pick<MemoryRow, "title" | "tags" | "content">): DerivedAhead {
  return { tags: row.tags, lexical: lexicalColumns(row), entities: entitiesOf(row) };
}

/** A new memory as an insert returned it, with its derived rows computed ahead. */
export type InsertedAhead = { seq: number; id: string; derived: DerivedAhead };

/**
 * Inserts memories with derived rows computed ahead, inside the caller's transaction: pending
 * memories are caught up first, then `insert` writes the new rows and returns each one's seq and
 * derived rows, which are written as they are, and the watermark moves past them. Throws (the
 * caller's transaction rolls back) if `insert` left a memory of its own without derived rows.
 */
export function insertWithDerived(sqlite: Database.Database, insert: () => InsertedAhead[]) {
  runAll(insertWithDerivedSteps(sqlite, [insert]));
}

/**
 * `insertWithDerived` with the inserts in chunks, one a step (a sliced write, lib/db/sliced-write.ts):
 * each chunk's memories and their derived rows, then the check and the watermark at the end.
 */
export function* insertWithDerivedSteps(sqlite: Database.Database, chunks: Iterable<() => InsertedAhead[]>): Steps<void> {
  catchUpDerived(sqlite);
  const from = derivedWatermark(sqlite);
  const tag = prepared(sqlite, "INSERT OR IGNORE INTO memory_tags (memory_id, tag) VALUES (?, ?)");
  let count = 0;
  for (const insert of chunks) {
    yield;
    const inserted = insert();
    count += inserted.length;
    for (const { seq, id, derived } of inserted) {
      for (const t of derived.tags) tag.run(id, t);
      indexLexical(sqlite, seq, id, derived.lexical);
      writeEntities(sqlite, id, derived.entities);
    }
  }
  const pending = (prepared(sqlite, "SELECT count(*) AS n FROM memories WHERE seq > ?").get(from) as { n: number }).n;
  if (pending !== count) throw new Error(`derived rows: ${pending} memories pending, ${count} computed ahead`);
  prepared(sqlite, `UPDATE embedding_meta SET value = ? WHERE key = '${KEY}'`).run(String(Math.max(from, maxSeq(sqlite))));
}

/** Derived rows computed ahead, by the text they were computed from (`aheadKey`): a row whose text differs is computed anew. */
export type AheadByText = Map<string, DerivedAhead>;

export const aheadKey = (row: Pick<MemoryRow, "title" | "tags" | "content">) => JSON.stringify([row.title ?? "", row.tags, row.content]);

/** The derived rows of memories about to be inserted, one a step, for a batch's write (`catchUpDerived(sqlite, ahead)`). */
export function* deriveAheadSteps(rows: Pick<MemoryRow, "title" | "tags" | "content">[]): Steps<AheadByText> {
  const out: AheadByText = new Map();
  for (const row of rows) {
    out.set(aheadKey(row), deriveAhead(row));
    yield;
  }
  return out;
}

function writeDerived(sqlite: Database.Database, row: MemoryRow, fresh: boolean, ahead?: AheadByText) {
  if (!fresh) prepared(sqlite, "DELETE FROM memory_tags WHERE memory_id = ?").run(row.id);
  const tag = prepared(sqlite, "INSERT OR IGNORE INTO memory_tags (memory_id, tag) VALUES (?, ?)");
  for (const t of row.tags) tag.run(row.id, t);
  const done = fresh ? ahead?.get(aheadKey(row)) : undefined;
  if (done) {
    indexLexical(sqlite, row.seq, row.id, done.lexical);
    writeEntities(sqlite, row.id, done.entities);
    return;
  }
  indexMemory(sqlite, row, fresh);
  syncEntities(sqlite, row, fresh);
}

function maxSeq(sqlite: Database.Database): number {
  return (prepared(sqlite, "SELECT coalesce(max(seq), 0) AS n FROM memories").get() as { n: number }).n;
}

/** Also at a normal exit; after a crash, the next open catches up. */
function scheduleCatchUp(sqlite: Database.Database) {
  writeLater(sqlite, "derived", CATCH_UP_AFTER_MS, catchUpQuietly);
}

function catchUpQuietly(sqlite: Database.Database) {
  try {
    catchUpForReader(sqlite);
    if (maxSeq(sqlite) > derivedWatermark(sqlite)) scheduleCatchUp(sqlite); // busy: try again later
  } catch (error) {
    // Busy or closing: the next create, reader or open catches up.
    logger.warn("derived rows not written yet", { error: (error as Error).message });
  }
}
