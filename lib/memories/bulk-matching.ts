import type { ParsedBulkMatchingInput } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { BROWSE_WINDOW, searchForBrowser } from "../views/search";
import { bulkMemories, type BulkResult } from "./bulk";

export interface BulkMatchingResult extends BulkResult {
  /** Memories the search matched (the action's targets). */
  matched: number;
  /** True when more memories contain a query word than the window (1,000) covers: only those were acted on. */
  more: boolean;
}

/**
 * "Select all N matching": runs the browser's search again (same filters, not counted as an
 * access), then applies the action to every ranked match in one transaction (bulkMemories).
 */
export async function bulkMatching(ctx: Ctx, input: ParsedBulkMatchingInput): Promise<BulkMatchingResult> {
  const found = await searchForBrowser(ctx, {
    query: input.query,
    project: input.project,
    scope: input.scope,
    category: input.category,
    status: input.status,
    tags: input.tags,
    pinned: input.pinned,
    limit: 1,
  });
  const seqs = found.seqs.slice(0, BROWSE_WINDOW);
  const ids = (prepared(ctx.sqlite, "SELECT id FROM memories WHERE seq IN (SELECT value FROM json_each(?))").all(JSON.stringify(seqs)) as { id: string }[]).map(
    (r) => r.id,
  );
  const empty: BulkResult = { action: input.action, changed: [], unchanged: [], notFound: [], before: {} };
  const result = ids.length ? bulkMemories(ctx, { ids, action: input.action, source: input.source }) : empty;
  return { ...result, matched: ids.length, more: found.more };
}
