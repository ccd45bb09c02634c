import { sql } from "drizzle-orm";
import type { Db } from "../db/open";
import type { MemoryRow } from "../memories/dto";
import { tokenize } from "./tokenizer";

type Writer = Pick<Db, "run">;

/**
 * Keeps the lexical index and the embedding queue in step with a memory's text. Called by every
 * memory verb inside its own transaction, so the index never disagrees with the table. (The vector
 * table's filter columns follow status/category/scope changes through triggers; see
 * lib/embeddings/vector-table.ts.)
 */
export function indexMemory(tx: Writer, row: Pick<MemoryRow, "seq" | "id" | "title" | "tags" | "content">) {
  tx.run(sql`DELETE FROM memory_fts WHERE rowid = ${row.seq}`);
  tx.run(
    sql`INSERT INTO memory_fts(rowid, title, tags, content) VALUES (${row.seq}, ${tokenize(row.title ?? "").join(" ")}, ${tokenize(row.tags.join(" ")).join(" ")}, ${tokenize(row.content).join(" ")})`,
  );
  // A newer enqueued_at tells a worker that is embedding the old text not to clear this entry.
  tx.run(
    sql`INSERT INTO embedding_queue(memory_id) VALUES (${row.id}) ON CONFLICT(memory_id) DO UPDATE SET attempts = 0, last_error = NULL, enqueued_at = max(excluded.enqueued_at, embedding_queue.enqueued_at + 1)`,
  );
  notifyIndexed();
}

export function unindexMemory(tx: Writer, seq: number) {
  tx.run(sql`DELETE FROM memory_fts WHERE rowid = ${seq}`);
}

/** The embedding queue registers here to be woken (after the writing transaction commits). */
const g = globalThis as typeof globalThis & { __recollectQueueWakers?: Set<() => void> };
export const queueWakers: Set<() => void> = (g.__recollectQueueWakers ??= new Set());

let wakePending = false;

function notifyIndexed() {
  if (queueWakers.size === 0 || wakePending) return;
  wakePending = true;
  // setTimeout, not a microtask: the caller's transaction must commit first.
  setTimeout(() => {
    wakePending = false;
    for (const wake of queueWakers) wake();
  }, 5).unref?.();
}
