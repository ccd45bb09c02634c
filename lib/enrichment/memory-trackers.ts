import type { Ctx } from "../ctx";
import type { EntityKind } from "../entities/parse";
import { catchUpForReader } from "../memories/derived";
import type { TrackerItem } from "./fetch";
import { cachedTrackerItem, trackerRefFor } from "./refresh";

export interface MemoryTracker {
  /** The entity as written in the memory (`#12`, a URL). */
  entity: string;
  /** The tracker item it names (`github:owner/repo#12`). */
  ref: string;
  /** Cached metadata; null until the background pass (or enrich_entity) fetched it. */
  item: TrackerItem | null;
}

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
