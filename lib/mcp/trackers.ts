import type { Ctx } from "../ctx";
import { trackersOfMemory, type MemoryTracker } from "../enrichment";

/**
 * The tracker state of the issues and merge requests each result mentions (cached metadata only),
 * for `recall` and `search_history`. Nothing is read while no tracker item was ever fetched.
 */
export async function trackersOfResults(ctx: Ctx, ids: readonly string[]): Promise<Map<string, MemoryTracker[]>> {
  const out = new Map<string, MemoryTracker[]>();
  if (!ctx.sqlite.prepare("SELECT 1 FROM tracker_items WHERE data IS NOT NULL LIMIT 1").get()) return out;
  for (const id of ids) {
    const found = (await trackersOfMemory(ctx, id)).filter((t) => t.item);
    if (found.length) out.set(id, found);
  }
  return out;
}

/** ` (#12 open: Title; !3 merged: Fix)` appended to a result's head line. */
export const trackerNote = (trackers: MemoryTracker[] | undefined) =>
  trackers?.length ? ` (${trackers.map((t) => `${t.entity} ${t.item!.state}: ${t.item!.title}`).join("; ")})` : "";
