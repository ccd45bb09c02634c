import { asc, eq } from "drizzle-orm";
import type { LoopDto } from "../contracts/loops";
import type { Ctx } from "../ctx";
import { loopPhases } from "../db/schema";
import { findLoopRow } from "./find";
import { loopDto } from "./row";

/** A loop with its phases, in order. */
export function getLoop(ctx: Ctx, id: string): LoopDto {
  const row = findLoopRow(ctx, id);
  const phases = ctx.db.select().from(loopPhases).where(eq(loopPhases.loopId, id)).orderBy(asc(loopPhases.iteration), asc(loopPhases.id)).all();
  return loopDto(row, phases);
}
