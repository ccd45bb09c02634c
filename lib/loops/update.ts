import { eq, sql } from "drizzle-orm";
import type { LoopDto, ParsedUpdateLoopInput } from "../contracts/loops";
import type { Ctx } from "../ctx";
import { loopPhases, loops } from "../db/schema";
import { withTransaction } from "../db/transaction";
import { conflict } from "../errors";
import { findLoopRow } from "./find";
import { getLoop } from "./get";

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const AFTER_END = new Set(["worktreePath", "lastError"]);
const ENDED_PHASE = new Set(["done", "error", "stalled", "cancelled"]);

/**
 * The driver's report: state and counters of the loop, and one phase upserted by (iteration,
 * kind). A phase's tokens and cost are absolute; the loop's totals are the sums of its phases.
 * An ended loop takes no state report (cancel wins over a driver that has not noticed yet) except
 * the closing of a phase and the driver's cleanup (`worktreePath`, `lastError`).
 */
export function updateLoop(ctx: Ctx, id: string, input: ParsedUpdateLoopInput): LoopDto {
  withTransaction(
    ctx.db,
    (tx) => {
      const current = findLoopRow(ctx, id);
      const { phaseReport, ...state } = input;
      // After the end only the driver's cleanup is taken (the worktree it removed, a last error).
      const late = Object.keys(state).filter((k) => !AFTER_END.has(k));
      if (current.status !== "running" && late.length) {
        throw conflict(`loop ${id} has ended (${current.status})`, { field: "status", status: current.status });
      }
      if (phaseReport) {
        const { iteration, kind, status, ...fields } = phaseReport;
        const set = {
          ...Object.fromEntries(Object.entries({ ...fields, status }).filter(([, v]) => v !== undefined)),
          ...(status && ENDED_PHASE.has(status) ? { endedAt: Date.now() } : {}),
          kind, // never empty: a report may carry only its key
        };
        tx.insert(loopPhases)
          .values({ loopId: id, iteration, ...set })
          .onConflictDoUpdate({ target: [loopPhases.loopId, loopPhases.iteration, loopPhases.kind], set })
          .run();
      }
      const fields = Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined));
      const ended = state.status !== undefined && state.status !== "running";
      tx.update(loops)
        .set({
          ...fields,
          ...(ended ? { phase: null, endedAt: now } : {}),
          tokensInput: sql`(SELECT coalesce(sum(tokens_input), 0) FROM loop_phases WHERE loop_id = ${id})`,
          tokensOutput: sql`(SELECT coalesce(sum(tokens_output), 0) FROM loop_phases WHERE loop_id = ${id})`,
          cost: sql`(SELECT coalesce(sum(cost), 0) FROM loop_phases WHERE loop_id = ${id})`,
          updatedAt: now,
        })
        .where(eq(loops.id, id))
        .run();
    },
    "immediate",
  );
  return getLoop(ctx, id);
}
