import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import type { MemoryRow } from "../memories/dto";
import { connectionSlot } from "../db/connection-state";
import { tokenize, tokenizeRecent } from "../search/tokenizer";

/**
 * Keeps the lexical index and the embedding queue in step with a memory's text. Called by every
 * memory verb inside its own transaction, on its connection, so the index never disagrees with
 * the table. (The vector table's filter columns follow status/category/scope changes through
 * triggers; see lib/db/triggers.ts.) `fresh`: the row was just inserted, so it has no index entry
 * to replace.
 */
export function indexMemory(sqlite: Database.Database, row: Pick<MemoryRow, "seq" | "id" | "title" | "tags" | "content">, fresh = false) {
  if (!fresh) prepared(sqlite, "DELETE FROM memory_fts WHERE rowid = ?").run(row.seq);
  indexLexical(sqlite, row.seq, row.id, lexicalColumns(row));
}

/** `indexMemory` of a fresh row whose lexical columns were computed ahead (`lexicalColumns`). */
export function indexLexical(sqlite: Database.Database, seq: number, id: string, columns: [string, string, string]) {
  // OR REPLACE: a fresh row may be indexed already (a database an older version wrote to).
  prepared(sqlite, "INSERT OR REPLACE INTO memory_fts(rowid, title, tags, content) VALUES (?, ?, ?, ?)").run(seq, ...columns);
  // A newer enqueued_at tells a worker that is embedding the old text not to clear this entry.
  prepared(
    sqlite,
    `INSERT INTO embedding_queue(memory_id) VALUES (?) ON CONFLICT(memory_id) DO UPDATE
     SET attempts = 0, last_error = NULL, enqueued_at = max(excluded.enqueued_at, embedding_queue.enqueued_at + 1)`,
  ).run(id);
  notifyIndexed(sqlite);
}

/** What the FTS columns (title, tags, content) hold for a memory: its text as the tokenizer sees it. */
export function lexicalColumns(row: Pick<MemoryRow, "title" | "tags" | "content">): [string, string, string] {
  return [tokenize(row.title ?? "").join(" "), tokenize(row.tags.join(" ")).join(" "), tokenizeRecent(row.content).join(" ")];
}

export function unindexMemory(sqlite: Database.Database, seq: number) {
  prepared(sqlite, "DELETE FROM memory_fts WHERE rowid = ?").run(seq);
}

/**
 * The embedding queue workers of a connection register here to be woken (after the writing
 * transaction commits). A connection slot, itself process-wide: a write in one Next.js bundle
 * wakes the worker boot started in another on the same connection.
 */
const wakeups = connectionSlot<{ wakers: Set<() => void>; pending: boolean }>("embeddingQueueWakeup");

function wakeupOf(sqlite: Database.Database) {
  let wakeup = wakeups.get(sqlite);
  if (!wakeup) wakeups.set(sqlite, (wakeup = { wakers: new Set(), pending: false }));
  return wakeup;
}

/** `wake` is called after writes on this connection have queued memories to embed. */
export function addQueueWaker(sqlite: Database.Database, wake: () => void): void {
  wakeupOf(sqlite).wakers.add(wake);
}

export function removeQueueWaker(sqlite: Database.Database, wake: () => void): void {
  wakeups.get(sqlite)?.wakers.delete(wake);
}

/** Wakes this connection's embedding queue workers (also after another connection queued memories: a sliced write). */
export function notifyIndexed(sqlite: Database.Database) {
  const wakeup = wakeups.get(sqlite);
  if (!wakeup || wakeup.wakers.size === 0 || wakeup.pending) return;
  wakeup.pending = true;
  // setTimeout, not a microtask: the caller's transaction must commit first.
  setTimeout(() => {
    wakeup.pending = false;
    for (const wake of wakeup.wakers) wake();
  }, 5).unref?.();
}
