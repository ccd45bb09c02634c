import { eq } from "drizzle-orm";
import type { ParsedBulkInput } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { inList } from "../db/in-list";
import { memories } from "../db/schema";
import type { Source } from "../vocabulary";
import { updateIndexes } from "../indexing/after-write";
import { applyChange } from "./update";

export interface BulkResult {
  action: "archive" | "restore" | "delete";
  /** Memories changed (or deleted). */
  changed: string[];
  /** Already in the requested state. */
  unchanged: string[];
  notFound: string[];
  /** The status each changed memory had before (what an Undo puts back). */
  before: Record<string, string>;
}

/**
 * Archives, restores or permanently deletes the given memories. Unknown ids are reported, not
 * fatal; a restore that would duplicate a live memory (409) fails the whole batch, naming it.
 */
export function bulkMemories(ctx: Ctx, input: Omit<ParsedBulkInput, "source"> & { source: Source; reason?: string }): BulkResult {
  const ids = [...new Set(input.ids)];
  return withTransaction(
    ctx.db,
    (tx) => {
      const rows = tx.select().from(memories).where(inList(memories.id, ids)).all();
      const found = new Set(rows.map((r) => r.id));
      const result: BulkResult = { action: input.action, changed: [], unchanged: [], notFound: ids.filter((id) => !found.has(id)), before: {} };
      for (const row of rows) {
        if (input.action === "delete") {
          updateIndexes(tx.$client, { kind: "removing", id: row.id, seq: row.seq });
          tx.delete(memories).where(eq(memories.id, row.id)).run();
          result.changed.push(row.id);
          result.before[row.id] = row.status;
          continue;
        }
        const status = input.action === "archive" ? "archived" : "active";
        if (row.status === status) {
          result.unchanged.push(row.id);
          continue;
        }
        applyChange(tx, row, { status }, input.source, input.reason ?? (input.action === "archive" ? "archived" : "restored"));
        result.changed.push(row.id);
        result.before[row.id] = row.status;
      }
      return result;
    },
    "immediate",
  );
}
