import { eq, sql } from "drizzle-orm";
import type { LoopDto } from "../contracts/loops";
import type { Ctx } from "../ctx";
import { loopPhases, loops } from "../db/schema";
import { withTransaction } from "../db/transaction";
import { findLoopRow } from "./find";
import { getLoop } from "./get";

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

/**
 * Cancels a running loop (the CLI, the browser, the tool): the state changes here at once; the
 * plugin's driver sees it at its next check and aborts the session under way. Cancelling an
 * ended loop changes nothing.
 */
export function cancelLoop(ctx: Ctx, id: string): LoopDto {
  withTransaction(
    ctx.db,
    (tx) => {
      const row = findLoopRow(ctx, id);
      if (row.status !== "running") return;
      tx.update(loops).set({ status: "cancelled", phase: null, endedAt: now, updatedAt: now }).where(eq(loops.id, id)).run();
      tx.update(loopPhases).set({ status: "cancelled", endedAt: now }).where(sql`${loopPhases.loopId} = ${id} AND ${loopPhases.status} = 'running'`).run();
    },
    "immediate",
  );
  return getLoop(ctx, id);
}
