import type { MemoryRow } from "./dto";

/**
 * The `memories` columns under the names Drizzle gives them, for the hot paths that run cached
 * statements directly (create, search) and must hand back the same `MemoryRow` as the verbs.
 */
export const MEMORY_COLUMNS =
  "seq, id, project_id AS projectId, scope, session_id AS sessionId, category, title, content, tags, source, status, pinned, priority, " +
  "content_hash AS contentHash, metadata, created_at AS createdAt, updated_at AS updatedAt, last_accessed_at AS lastAccessedAt, access_count AS accessCount";

export type RawMemoryRow = Omit<MemoryRow, "tags" | "metadata" | "pinned"> & { tags: string; metadata: string; pinned: number };

export function fromRaw(r: RawMemoryRow): MemoryRow {
  return { ...r, tags: JSON.parse(r.tags) as string[], metadata: JSON.parse(r.metadata) as Record<string, unknown>, pinned: r.pinned === 1 };
}
