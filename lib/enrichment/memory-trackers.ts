import type { Ctx } from "../ctx";
import type { EntityKind } from "../entities/parse";
import { catchUpForReader } from "../indexing";
import { prepared } from "../db/prepared";
import type { MemoryTracker } from "../contracts/trackers";
import { cachedTrackerItem, trackerRefFor } from "./refresh";
import { knownRemoteOf, trackerRefOf } from "./refs";

export type { MemoryTracker };

/** The tracker items a memory mentions, with their cached metadata (no fetch: pages and results never wait on a tracker). */
export async function trackersOfMemory(ctx: Ctx, memoryId: string): Promise<MemoryTracker[]> {
  catchUpForReader(ctx.sqlite);
  const rows = ctx.sqlite
    .prepare(
      `SELECT e.kind, e.value, p.root_path AS root FROM memory_entities e JOIN memories m ON m.id = e.memory_id
       LEFT JOIN projects p ON p.id = m.project_id WHERE e.memory_id = ? AND e.kind IN ('issue', 'mr', 'epic', 'url') LIMIT 50`,
    )
    .all(memoryId) as { kind: EntityKind; value: string; root: string | null }[];
  const out: MemoryTracker[] = [];
  for (const row of rows) {
    const ref = await trackerRefFor(ctx, { kind: row.kind, value: row.value }, row.root);
    if (ref && !out.some((t) => t.ref === ref.key)) out.push({ entity: row.value, ref: ref.key, item: cachedTrackerItem(ctx, ref.key)?.item ?? null });
  }
  return out;
}

/**
 * The tracker state of the issues and merge requests each search result mentions, from the cache
 * alone and without waiting on `git`: a hot-path reader. Only items with fetched metadata are
 * returned; a project whose remote is not known yet gets its trackers from the next search on.
 */
export function cachedTrackersOf(ctx: Ctx, memoryIds: readonly string[]): Map<string, MemoryTracker[]> {
  const out = new Map<string, MemoryTracker[]>();
  if (memoryIds.length === 0) return out;
  // Prepared once per connection: this runs on every search (a fresh prepare was ~1% of a search's CPU).
  if (!prepared(ctx.sqlite, "SELECT 1 FROM tracker_items WHERE data IS NOT NULL LIMIT 1").get()) return out;
  const rows = prepared(
    ctx.sqlite,
    `SELECT e.memory_id AS id, e.kind, e.value, p.root_path AS root FROM memory_entities e JOIN memories m ON m.id = e.memory_id
       LEFT JOIN projects p ON p.id = m.project_id WHERE e.memory_id IN (SELECT value FROM json_each(?)) AND e.kind IN ('issue', 'mr', 'epic', 'url')`,
  ).all(JSON.stringify(memoryIds)) as { id: string; kind: EntityKind; value: string; root: string | null }[];
  for (const row of rows) {
    const remote = row.root ? knownRemoteOf(row.root) : null;
    if (remote === undefined) continue;
    const ref = trackerRefOf({ kind: row.kind, value: row.value }, remote, ctx.config.enrichment);
    const item = ref ? cachedTrackerItem(ctx, ref.key)?.item : null;
    if (!ref || !item) continue;
    const list = out.get(row.id) ?? [];
    if (!list.some((t) => t.ref === ref.key)) list.push({ entity: row.value, ref: ref.key, item });
    out.set(row.id, list);
  }
  return out;
}
