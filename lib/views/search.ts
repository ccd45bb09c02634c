import type { Ctx } from "../ctx";
import { STATUSES, type Category, type Scope, type Status } from "../vocabulary";
import { searchInput } from "../contracts/search";
import { searchMemories } from "../search/search";
import type { MemoryDto } from "../contracts/memories";

/**
 * How many ranked matches a browser search covers: the pages ("51–100 of N") and "select all N
 * matching" reach this far. A bound on the work of one search and of one bulk action.
 */
export const BROWSE_WINDOW = 1000;

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
  /** Position of the page's first result in the ranked matches (0-based). */
  offset?: number;
}

export interface BrowserSearchResult {
  items: BrowseItem[];
  meta: { mode: string; reason: string; tookMs: number };
  /** Ranked matches (at most BROWSE_WINDOW); `more`: more memories contain a query word. */
  total: number;
  more: boolean;
  /** Every ranked match's seq, best first: what "select all matching" acts on. */
  seqs: number[];
}

/**
 * The memories page's search box: the API's hybrid search (lexical + vectors when ready), with the
 * page's scope/category/status/project/tags/pinned filters passed into its SQL, paged by offset over up to BROWSE_WINDOW ranked matches.
 * Never counted as an access (see `countAccess`).
 */
export async function searchForBrowser(ctx: Ctx, s: BrowserSearch): Promise<BrowserSearchResult> {
  const out = await searchMemories(
    ctx,
    searchInput.parse({
      query: s.query,
      project: s.project,
      scopes: s.scope ? [s.scope] : undefined,
      categories: s.category ? [s.category] : undefined,
      statuses: s.status === "all" ? [...STATUSES] : [s.status ?? "active"],
      tags: s.tags?.length ? s.tags : undefined,
      pinned: s.pinned ? s.pinned === "yes" : undefined,
      limit: Math.min(100, s.limit),
    }),
    // The user's browsing is not agent usage: no access counts, log rows or ranking boost.
    { countAccess: false, page: { offset: s.offset ?? 0, window: BROWSE_WINDOW } },
  );
  const window = out.window ?? { total: out.results.length, more: false, seqs: [] };
  return { items: out.results, meta: { mode: out.mode, reason: out.reason, tookMs: out.tookMs }, total: window.total, more: window.more, seqs: window.seqs };
}
