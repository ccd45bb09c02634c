import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { MemoryDto } from "../api/memories";
import type { Ctx } from "../context";
import { memories, type Category } from "../db/schema";
import { buildStableBlock, type StableBlock } from "../context/stable";
import { toMemoryDto } from "../memories/dto";

/** The categories the stable block puts first, in its order (lib/context/stable.ts). */
const RANK: Partial<Record<Category, number>> = { constraint: 0, directive: 1, preference: 2, convention: 3 };
const rank = (c: Category) => RANK[c] ?? 4;

export interface ConstraintsView {
  /** Pinned memories plus unpinned constraints and directives, in the order the block uses. */
  items: (MemoryDto & { injected: boolean; group: string })[];
  block: StableBlock;
  budget: number;
}

/**
 * What the constraints page edits: every pinned memory (and every constraint or directive, pinned
 * or not) of the global scope and, with a project, of that project; and the exact block the plugin
 * will inject for that project.
 */
export function constraintsView(ctx: Ctx, project?: string): ConstraintsView {
  const scope = project
    ? or(and(eq(memories.scope, "global"), isNull(memories.projectId)), and(eq(memories.scope, "project"), eq(memories.projectId, project)))
    : and(eq(memories.scope, "global"), isNull(memories.projectId));
  const rows = ctx.db
    .select()
    .from(memories)
    .where(and(inArray(memories.status, ["active", "suggested"]), or(eq(memories.pinned, true), inArray(memories.category, ["constraint", "directive"])), scope))
    .orderBy(sql`${memories.pinned} DESC`, sql`${memories.priority} DESC`, memories.createdAt, memories.seq)
    .limit(1000)
    .all();
  rows.sort((a, b) => Number(b.pinned) - Number(a.pinned) || rank(a.category) - rank(b.category));
  const block = buildStableBlock(ctx, { project });
  const injected = new Set(block.memoryIds);
  const now = Date.now();
  return {
    items: rows.map((r) => ({ ...toMemoryDto(r, now), injected: injected.has(r.id), group: r.pinned ? (rank(r.category) < 4 ? r.category : "other pinned") : "not pinned" })),
    block,
    budget: ctx.config.injection.stableBudgetTokens,
  };
}
