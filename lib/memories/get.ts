import { eq } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { memories } from "../db/schema";
import { notFound } from "../errors";
import type { MemoryRow } from "./dto";

type Reader = Pick<Ctx["db"], "select">;

export function getMemoryRow(db: Reader, id: string): MemoryRow {
  const row = db.select().from(memories).where(eq(memories.id, id)).get();
  if (!row) throw notFound(`memory "${id}" not found`);
  return row;
}

export const getMemory = (ctx: Ctx, id: string) => getMemoryRow(ctx.db, id);
