import type { Ctx } from "../ctx";
import { STATUSES, type Category, type Scope, type Status } from "../vocabulary";
import { searchInput } from "../contracts/search";
import { searchMemories } from "../search/search";
import type { MemoryDto } from "../contracts/memories";

/** A memory as the browser's list shows it: with its score and snippet when found by a search. */
export interface BrowseItem extends MemoryDto {
  score?: number;
  snippet?: string;
}

export interface BrowserSearch {
  query: string;
  project?: string;
  scope?: Scope;
  category?: Category;
  status?: Status | "all";
  tags?: string[];
  pinned?: "yes" | "no";
  limit: number;
}

/**
 * The memories page's search box: the API's hybrid search (lexical + vectors when ready), with the
 * page's scope/category/status/project filters passed into its SQL. Tags and pinned are not search
 * filters: for those the search fetches its maximum and the page keeps the matching ones.
 * Never counted as an access (see `countAccess`).
 */
export async function searchForBrowser(ctx: Ctx, s: BrowserSearch): Promise<{ items: BrowseItem[]; meta: { mode: string; reason: string; tookMs: number } }> {
  const narrow = Boolean(s.tags?.length || s.pinned);
  const out = await searchMemories(
    ctx,
    searchInput.parse({
      query: s.query,
      project: s.project,
      scopes: s.scope ? [s.scope] : undefined,
      categories: s.category ? [s.category] : undefined,
      statuses: s.status === "all" ? [...STATUSES] : [s.status ?? "active"],
      limit: narrow ? 100 : Math.min(100, s.limit),
    }),
    // The user's browsing is not agent usage: no access counts, log rows or ranking boost.
    { countAccess: false },
  );
  const items = out.results.filter((r) => (!s.tags?.length || s.tags.every((t) => r.tags.includes(t))) && (!s.pinned || r.pinned === (s.pinned === "yes")));
  return { items: items.slice(0, s.limit), meta: { mode: out.mode, reason: out.reason, tookMs: out.tookMs } };
}
