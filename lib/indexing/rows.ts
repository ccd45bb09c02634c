import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import type { MemoryRow } from "../memories/dto";
import { processSingleton } from "../process-singleton";
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
  // OR REPLACE: a fresh row may be indexed already (a database an older version wrote to).
  prepared(sqlite, "INSERT OR REPLACE INTO memory_fts(rowid, title, tags, content) VALUES (?, ?, ?, ?)").run(row.seq, ...lexicalColumns(row));
  // A newer enqueued_at tells a worker that is embedding the old text not to clear this entry.
  prepared(
    sqlite,
    `INSERT INTO embedding_queue(memory_id) VALUES (?) ON CONFLICT(memory_id) DO UPDATE
     SET attempts = 0, last_error = NULL, enqueued_at = max(excluded.enqueued_at, embedding_queue.enqueued_at + 1)`,
  ).run(row.id);
  notifyIndexed();
}

/** What the FTS columns (title, tags, content) hold for a memory: its text as the tokenizer sees it. */
export function lexicalColumns(row: Pick<MemoryRow, "title" | "tags" | "content">): [string, string, string] {
  return [tokenize(row.title ?? "").join(" "), tokenize(row.tags.join(" ")).join(" "), tokenizeRecent(row.content).join(" ")];
}

export function unindexMemory(sqlite: Database.Database, seq: number) {
  prepared(sqlite, "DELETE FROM memory_fts WHERE rowid = ?").run(seq);
}

/**
 * The embedding queue workers register here to be woken (after the writing transaction commits).
 * Process-wide: a write in one Next.js bundle wakes the worker boot started in another.
 */
const wakeup = processSingleton("embeddingQueueWakeup", () => ({ wakers: new Set<() => void>(), pending: false }));
export const queueWakers: Set<() => void> = wakeup.wakers;

function notifyIndexed() {
  if (wakeup.wakers.size === 0 || wakeup.pending) return;
  wakeup.pending = true;
  // setTimeout, not a microtask: the caller's transaction must commit first.
  setTimeout(() => {
    wakeup.pending = false;
    for (const wake of wakeup.wakers) wake();
  }, 5).unref?.();
}
