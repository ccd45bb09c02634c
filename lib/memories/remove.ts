import { eq } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { memories } from "../db/schema";
import { updateIndexes } from "../indexing/after-write";
import { getMemoryRow } from "./get";

/** Permanent delete: the row, its versions, links, tags and index entries go together. */
export function removeMemory(ctx: Ctx, id: string): { id: string; removed: true } {
  return withTransaction(
    ctx.db,
    (tx) => {
      const row = getMemoryRow(tx, id);
      updateIndexes(tx.$client, { kind: "removing", id, seq: row.seq });
      tx.delete(memories).where(eq(memories.id, id)).run();
      return { id, removed: true as const };
    },
    "immediate",
  );
}
