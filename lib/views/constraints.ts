import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { MemoryDto } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { memories } from "../db/schema";
import type { Category } from "../vocabulary";
import { buildStableBlock, type StableBlock } from "../injection/stable";
import { toMemoryDto } from "../memories/dto";

/** The categories the stable block puts first, in its order (lib/injection/stable.ts). */
const RANK: Partial<Record<Category, number>> = { constraint: 0, directive: 1, preference: 2, convention: 3 };
const rank = (c: Category) => RANK[c] ?? 4;

export interface ConstraintsView {
  /** Pinned memories in the order the block uses, then the newest unpinned constraints and directives. */
  items: (MemoryDto & { injected: boolean; group: string })[];
  block: StableBlock;
  budget: number;
  /** Unpinned constraints and directives in scope (only the newest MAX_UNPINNED are in `items`). */
  unpinnedTotal: number;
}

const MAX_PINNED = 500;
const MAX_UNPINNED = 30;

/**
 * What the constraints page edits: every pinned memory (and every constraint or directive, pinned
 * or not) of the global scope and, with a project, of that project; and the exact block the plugin
 * will inject for that project.
 */
export function constraintsView(ctx: Ctx, project?: string): ConstraintsView {
  const scope = project
    ? or(and(eq(memories.scope, "global"), isNull(memories.projectId)), and(eq(memories.scope, "project"), eq(memories.projectId, project)))
    : and(eq(memories.scope, "global"), isNull(memories.projectId));
  const live = inArray(memories.status, ["active", "suggested"]);
  const rules = inArray(memories.category, ["constraint", "directive"]);
  const order = [sql`${memories.priority} DESC`, memories.createdAt, memories.seq] as const;
  const pinned = ctx.db
    .select()
    .from(memories)
    .where(and(live, eq(memories.pinned, true), scope))
    .orderBy(...order)
    .limit(MAX_PINNED)
    .all();
  // Unpinned rules are candidates to enable: the newest few, the rest through the memories page.
  const unpinnedWhere = and(live, eq(memories.pinned, false), rules, scope);
  const unpinned = ctx.db
    .select()
    .from(memories)
    .where(unpinnedWhere)
    .orderBy(sql`${memories.createdAt} DESC`, sql`${memories.seq} DESC`)
    .limit(MAX_UNPINNED)
    .all();
  const unpinnedTotal = ctx.db.select({ n: sql<number>`count(*)` }).from(memories).where(unpinnedWhere).get()?.n ?? 0;
  pinned.sort((a, b) => rank(a.category) - rank(b.category));
  const rows = [...pinned, ...unpinned];
  const block = buildStableBlock(ctx, { project });
  const injected = new Set(block.memoryIds);
  const now = Date.now();
  return {
    items: rows.map((r) => ({
      ...toMemoryDto(r, now),
      injected: injected.has(r.id),
      group: r.pinned ? (rank(r.category) < 4 ? r.category : "other pinned") : "not pinned",
    })),
    block,
    budget: ctx.config.injection.stableBudgetTokens,
    unpinnedTotal,
  };
}
