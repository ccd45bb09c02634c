import { and, eq, or } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { memoryLinks } from "../db/schema";
import type { LinkKind } from "../vocabulary";
import { badRequest } from "../errors";
import { getMemoryRow } from "./get";

export interface MemoryLinkDto {
  from: string;
  to: string;
  kind: LinkKind;
  createdAt: string;
}

/** Links two memories (idempotent). */
export function linkMemories(ctx: Ctx, from: string, to: string, kind: LinkKind = "relates"): MemoryLinkDto {
  if (from === to) throw badRequest("to: a memory cannot link to itself", { field: "to" });
  return withTransaction(
    ctx.db,
    (tx) => {
      getMemoryRow(tx, from);
      getMemoryRow(tx, to);
      tx.insert(memoryLinks).values({ fromId: from, toId: to, kind }).onConflictDoNothing().run();
      const row = tx
        .select()
        .from(memoryLinks)
        .where(and(eq(memoryLinks.fromId, from), eq(memoryLinks.toId, to), eq(memoryLinks.kind, kind)))
        .get()!;
      return { from: row.fromId, to: row.toId, kind: row.kind, createdAt: new Date(row.createdAt).toISOString() };
    },
    "immediate",
  );
}

export function unlinkMemories(ctx: Ctx, from: string, to: string, kind: LinkKind): boolean {
  const res = ctx.db
    .delete(memoryLinks)
    .where(and(eq(memoryLinks.fromId, from), eq(memoryLinks.toId, to), eq(memoryLinks.kind, kind)))
    .run();
  return res.changes > 0;
}

/** Links in both directions. */
export function listLinks(ctx: Ctx, id: string): MemoryLinkDto[] {
  getMemoryRow(ctx.db, id);
  return ctx.db
    .select()
    .from(memoryLinks)
    .where(or(eq(memoryLinks.fromId, id), eq(memoryLinks.toId, id)))
    .all()
    .map((r) => ({ from: r.fromId, to: r.toId, kind: r.kind, createdAt: new Date(r.createdAt).toISOString() }));
}
