import { eq, sql } from "drizzle-orm";
import type { LoopDto, ParsedClaimLoopInput } from "../contracts/loops";
import type { Ctx } from "../ctx";
import { loops } from "../db/schema";
import { withTransaction } from "../db/transaction";
import { conflict } from "../errors";
import { findLoopRow } from "./find";
import { getLoop } from "./get";

/**
 * The driver's heartbeat and claim: a running loop is driven by one plugin instance at a time.
 * The claim is taken when the loop has no driver, the same driver, or one not seen for
 * `staleMs` (its OpenCode was closed: another adopts the loop). Returns the loop, so the driver
 * also learns of a cancel from the CLI or the browser.
 */
export function claimLoop(ctx: Ctx, id: string, input: ParsedClaimLoopInput, now = Date.now()): LoopDto {
  withTransaction(
    ctx.db,
    (tx) => {
      const row = findLoopRow(ctx, id);
      if (row.status !== "running") return;
      const free = !row.driver || row.driver === input.driver || (row.driverSeenAt ?? 0) < now - input.staleMs;
      if (!free) throw conflict(`loop ${id} is driven by another OpenCode`, { field: "driver" });
      tx.update(loops).set({ driver: input.driver, driverSeenAt: now }).where(eq(loops.id, id)).run();
    },
    "immediate",
  );
  return getLoop(ctx, id);
}

/** Running loops of a project that no live driver holds (adopted by the plugin). */
export function orphanLoopIds(ctx: Ctx, projectId: string | null, staleMs: number, now = Date.now()): string[] {
  return ctx.db
    .select({ id: loops.id })
    .from(loops)
    .where(
      sql`${loops.status} = 'running' AND (${projectId === null ? sql`1` : sql`${loops.projectId} = ${projectId}`}) AND (${loops.driver} IS NULL OR coalesce(${loops.driverSeenAt}, 0) < ${now - staleMs})`,
    )
    .all()
    .map((r) => r.id);
}
