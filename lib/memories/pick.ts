import type { ParsedPickMemoriesQuery } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { searchForBrowser } from "../views/search";

export interface PickCandidate {
  id: string;
  title: string | null;
  snippet: string;
  category: string;
  scope: string;
}

/**
 * The link picker's candidates: the browser's search by words (active memories, this one left
 * out). The user looking for a memory to link is not agent usage: nothing is counted.
 */
export async function pickMemories(ctx: Ctx, q: ParsedPickMemoriesQuery): Promise<{ items: PickCandidate[] }> {
  const found = await searchForBrowser(ctx, { query: q.q, limit: q.limit + 1 });
  const items = found.items
    .filter((m) => m.id !== q.exclude)
    .slice(0, q.limit)
    .map((m) => ({ id: m.id, title: m.title, snippet: (m.snippet ?? m.content).slice(0, 200), category: m.category, scope: m.scope }));
  return { items };
}
