import { eq, sql } from "drizzle-orm";
import type { LoopDto } from "../contracts/loops";
import type { Ctx } from "../ctx";
import { loops } from "../db/schema";
import { conflict } from "../errors";
import { findLoopRow } from "./find";
import { getLoop } from "./get";

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

/**
 * Makes an ended loop running again from its next iteration, with its error and stall counters
 * cleared. The plugin's driver (`memory_loop_status` with `restart`) then drives it.
 */
export function restartLoop(ctx: Ctx, id: string): LoopDto {
  const row = findLoopRow(ctx, id);
  if (row.status === "running") throw conflict(`loop ${id} is running`, { field: "status", status: row.status });
  if (row.status === "completed") throw conflict(`loop ${id} has completed`, { field: "status", status: row.status });
  ctx.db
    .update(loops)
    .set({ status: "running", phase: null, consecutiveErrors: 0, stalls: 0, lastError: null, endedAt: null, driver: null, driverSeenAt: null, updatedAt: now })
    .where(eq(loops.id, id))
    .run();
  return getLoop(ctx, id);
}
