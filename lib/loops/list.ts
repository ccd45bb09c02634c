import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { LoopDto, ParsedListLoopsQuery } from "../contracts/loops";
import type { Ctx } from "../ctx";
import { loops } from "../db/schema";
import { resolveProject } from "../projects/resolve";
import { loopDto } from "./row";

/** Loops, newest first; of one project when a directory or project is given. */
export function listLoops(ctx: Ctx, q: ParsedListLoopsQuery): { items: LoopDto[] } {
  const where: SQL[] = [];
  const projectId = resolveProject(ctx, q);
  if (projectId) where.push(eq(loops.projectId, projectId));
  if (q.status) where.push(eq(loops.status, q.status));
  if (q.active !== undefined)
    where.push(q.active ? eq(loops.status, "running") : inArray(loops.status, ["completed", "cancelled", "max_iterations", "stall_timeout", "errors"]));
  const rows = ctx.db
    .select()
    .from(loops)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(loops.createdAt), desc(loops.id))
    .limit(q.limit)
    .all();
  return { items: rows.map((r) => loopDto(r)) };
}
