import { and, eq, inArray, lt } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { memories } from "../db/schema";
import type { Category, Source } from "../vocabulary";
import { type BulkResult, bulkMemories } from "./bulk";

export interface ArchiveManyInput {
  /** These memories; else the live ones matching the filters below (oldest first). */
  ids?: string[];
  category?: Category;
  /** Not changed for this many days. */
  olderThanDays?: number;
  /** Only this project's memories (an id). */
  project?: string;
  /** Kept in each memory's version history. */
  reason: string;
  source: Source;
  /** At most this many memories selected by the filters. */
  limit: number;
}

/**
 * Archives the given memories, or every live memory of a category and/or older than some days, in
 * one transaction (bulkMemories): all of them or none, each keeping the reason in its history.
 */
export function archiveMany(ctx: Ctx, input: ArchiveManyInput): BulkResult {
  const ids = input.ids ?? selectLive(ctx, input);
  if (ids.length === 0) return { action: "archive", changed: [], unchanged: [], notFound: [], before: {} };
  return bulkMemories(ctx, { ids, action: "archive", source: input.source, reason: input.reason });
}

function selectLive(ctx: Ctx, input: ArchiveManyInput): string[] {
  const where = [inArray(memories.status, ["active", "suggested"])];
  if (input.category) where.push(eq(memories.category, input.category));
  if (input.olderThanDays) where.push(lt(memories.updatedAt, Date.now() - input.olderThanDays * 86_400_000));
  if (input.project) where.push(eq(memories.projectId, input.project));
  return ctx.db
    .select({ id: memories.id })
    .from(memories)
    .where(and(...where))
    .orderBy(memories.createdAt)
    .limit(input.limit)
    .all()
    .map((r) => r.id);
}
