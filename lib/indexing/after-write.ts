import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import type { MemoryRow } from "../memories/dto";
import { type AheadByText, catchUpDerived, deferDerived, syncDerived } from "./derived";

export { type AheadByText, deriveAheadSteps } from "./derived";
import { catchUpNearDuplicatesInSlices } from "./near-duplicate-warm";
import type { NearDuplicateIndex } from "./near-duplicate-index";
import { notifyIndexed, unindexMemory } from "./rows";

/**
 * What a memory verb tells the indexes after it wrote, inside its own transaction on its
 * connection: the one entry of lib/memories into lib/indexing (rule
 * `memories-index-through-after-write`). The lexical rows, the embedding queue, tags and entities
 * follow here; the near-duplicate index follows the change log and the vector index its table's
 * triggers, so a verb has nothing more to call.
 *
 * - `created`: the row was inserted; its index rows are written behind it, in batches (derived.ts).
 * - `changed`: its text, title or tags changed; its index rows are replaced now.
 * - `removing`: it is about to be deleted; its index rows and queue entry go first.
 * - `batch`: a batch of creates ends; every pending memory is indexed now, so the batch's caller
 *   can search what it stored (with `ahead`: rows computed before the transaction, `deriveAheadSteps`).
 */
export type MemoryWrite =
  | { kind: "created"; seq: number }
  | { kind: "changed"; row: MemoryRow }
  | { kind: "removing"; id: string; seq: number }
  | { kind: "batch"; ahead?: AheadByText };

export function updateIndexes(sqlite: Database.Database, write: MemoryWrite): void {
  switch (write.kind) {
    case "created":
      deferDerived(sqlite, write.seq);
      return;
    case "changed":
      syncDerived(sqlite, write.row);
      return;
    case "removing":
      // Pending rows first: a memory still pending would otherwise be indexed after its delete.
      catchUpDerived(sqlite);
      unindexMemory(sqlite, write.seq);
      prepared(sqlite, "DELETE FROM embedding_queue WHERE memory_id = ?").run(write.id);
      return;
    case "batch":
      catchUpDerived(sqlite, write.ahead);
      return;
  }
}

/**
 * After a sliced write committed on a connection of its own (lib/db/sliced-write.ts): this
 * connection's embedding workers are woken (they wait on it), and its near-duplicate index reads
 * the new memories in slices before the write answers.
 */
export async function afterSlicedWrite(sqlite: Database.Database, nearDuplicates: NearDuplicateIndex): Promise<void> {
  notifyIndexed(sqlite);
  await catchUpNearDuplicatesInSlices(nearDuplicates, sqlite);
}
