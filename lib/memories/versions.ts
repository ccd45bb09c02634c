import { desc, eq } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { memoryVersions } from "../db/schema";
import { getMemoryRow } from "./get";

export interface MemoryVersionDto {
  version: number;
  title: string | null;
  content: string;
  category: string;
  tags: string[];
  pinned: boolean;
  priority: number;
  status: string;
  scope: string;
  changedBy: string;
  reason: string | null;
  /** When this text was replaced. */
  replacedAt: string;
}

/** Earlier texts of a memory, newest first. */
export function listVersions(ctx: Ctx, id: string): MemoryVersionDto[] {
  getMemoryRow(ctx.db, id);
  return ctx.db
    .select()
    .from(memoryVersions)
    .where(eq(memoryVersions.memoryId, id))
    .orderBy(desc(memoryVersions.version))
    .all()
    .map((v) => ({
      version: v.version,
      title: v.title,
      content: v.content,
      category: v.category,
      tags: v.tags,
      pinned: v.pinned,
      priority: v.priority,
      status: v.status,
      scope: v.scope,
      changedBy: v.changedBy,
      reason: v.reason,
      replacedAt: new Date(v.createdAt).toISOString(),
    }));
}
