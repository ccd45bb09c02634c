import { eq, sql } from "drizzle-orm";
import type { LoopDto, ParsedRestartLoopInput } from "../contracts/loops";
import type { Ctx } from "../ctx";
import { loops } from "../db/schema";
import { badRequest, conflict } from "../errors";
import { loopRunGrant } from "../security/loop-grant";
import { findLoopRow } from "./find";
import { getLoop } from "./get";

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

/**
 * Makes an ended loop running again from its next iteration, with its error and stall counters
 * cleared, and `maxIterations` replaced when given (how a loop that hit its limit gets more). The
 * plugin's driver (`memory_loop_status` with `restart`) then drives it. `grantKey` (the API token,
 * when a token holder restarts it) renews its run grant: a loop older than grants can run again.
 */
export function restartLoop(ctx: Ctx, id: string, input: ParsedRestartLoopInput = {}, grantKey?: string): LoopDto {
  const row = findLoopRow(ctx, id);
  if (row.status === "running") throw conflict(`loop ${id} is running`, { field: "status", status: row.status });
  if (row.status === "completed") throw conflict(`loop ${id} has completed`, { field: "status", status: row.status });
  const maxIterations = input.maxIterations ?? row.maxIterations;
  // A limit already reached would end the loop again before its next iteration.
  if (maxIterations > 0 && row.iteration >= maxIterations) {
    const message = `maxIterations: the loop has run ${row.iteration} iteration(s); give a limit above that (or 0 for none) to restart it`;
    throw input.maxIterations === undefined
      ? conflict(message, { field: "maxIterations", iteration: row.iteration, maxIterations })
      : badRequest(message, { field: "maxIterations", iteration: row.iteration });
  }
  ctx.db
    .update(loops)
    .set({
      status: "running",
      phase: null,
      maxIterations,
      consecutiveErrors: 0,
      stalls: 0,
      lastError: null,
      endedAt: null,
      driver: null,
      driverSeenAt: null,
      ...(grantKey === undefined ? {} : { runGrant: loopRunGrant(grantKey, row) }),
      updatedAt: now,
    })
    .where(eq(loops.id, id))
    .run();
  return getLoop(ctx, id);
}
