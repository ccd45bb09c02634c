import type { MemoryDto } from "../contracts/memories";
import type { memories } from "../db/schema";

export type MemoryRow = typeof memories.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();

/** "just now", "5m", "3h", "2d", "3w", "5mo", "2y": short enough to show next to every memory. */
export function formatAge(fromMs: number, nowMs = Date.now()): string {
  const s = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  if (s < 60) return "just now";
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h`;
  const d = Math.floor(h / 24);
  if (d < 14) return `${d}d`;
  if (d < 60) return `${Math.floor(d / 7)}w`;
  if (d < 365) return `${Math.floor(d / 30)}mo`;
  return `${Math.floor(d / 365)}y`;
}

export function toMemoryDto(row: MemoryRow, nowMs = Date.now()): MemoryDto {
  return {
    id: row.id,
    content: row.content,
    title: row.title,
    category: row.category,
    scope: row.scope,
    projectId: row.projectId,
    sessionId: row.sessionId,
    tags: row.tags,
    source: row.source,
    status: row.status,
    pinned: row.pinned,
    priority: row.priority,
    metadata: row.metadata,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    lastAccessedAt: row.lastAccessedAt ? iso(row.lastAccessedAt) : null,
    accessCount: row.accessCount,
    age: formatAge(row.createdAt, nowMs),
  };
}
