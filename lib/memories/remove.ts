import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { memories } from "../db/schema";
import { unindexMemory } from "../search/sync";
import { catchUpDerived } from "./derived";
import { getMemoryRow } from "./get";

/** Permanent delete: the row, its versions, links, tags and index entries go together. */
export function removeMemory(ctx: Ctx, id: string): { id: string; removed: true } {
  return withTransaction(
    ctx.db,
    (tx) => {
      const row = getMemoryRow(tx, id);
      catchUpDerived(tx.$client);
      unindexMemory(tx.$client, row.seq);
      tx.run(sql`DELETE FROM embedding_queue WHERE memory_id = ${id}`);
      tx.delete(memories).where(eq(memories.id, id)).run();
      return { id, removed: true as const };
    },
    "immediate",
  );
}
