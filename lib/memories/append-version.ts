import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";

/** A memory's text and settings as one version of its history keeps them. */
export interface VersionSnapshot {
  title: string | null;
  content: string;
  category: string;
  tags: string[];
  pinned: boolean;
  priority: number;
  status: string;
  scope: string;
}

/**
 * Appends the next version (max + 1) to a memory's history: the text a change replaced, or the
 * text of a near duplicate folded into it. The one writer of `memory_versions`; runs inside the
 * caller's transaction. Returns the version number.
 */
export function appendVersion(sqlite: Database.Database, memoryId: string, snapshot: VersionSnapshot, changedBy: string, reason: string | null): number {
  const last = prepared(sqlite, "SELECT coalesce(max(version), 0) AS n FROM memory_versions WHERE memory_id = ?").get(memoryId) as { n: number };
  const version = last.n + 1;
  prepared(
    sqlite,
    `INSERT INTO memory_versions (memory_id, version, title, content, category, tags, pinned, priority, status, scope, changed_by, reason)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    memoryId,
    version,
    snapshot.title,
    snapshot.content,
    snapshot.category,
    JSON.stringify(snapshot.tags),
    snapshot.pinned ? 1 : 0,
    snapshot.priority,
    snapshot.status,
    snapshot.scope,
    changedBy,
    reason,
  );
  return version;
}
