import { eq } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { loops } from "../db/schema";
import { notFound } from "../errors";

/** The row of a loop, or a 404 that names it. */
export function findLoopRow(ctx: Ctx, id: string) {
  const row = ctx.db.select().from(loops).where(eq(loops.id, id)).get();
  if (!row) throw notFound(`no loop "${id}"`, { field: "id" });
  return row;
}
