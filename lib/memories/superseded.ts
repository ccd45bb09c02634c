import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";

/** For each given memory that was superseded, the ids of the memories that replaced it. */
export function supersededBy(sqlite: Database.Database, ids: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const stmt = prepared(sqlite, "SELECT from_id FROM memory_links WHERE to_id = ? AND kind = 'supersedes' ORDER BY created_at");
  for (const id of ids) {
    const by = (stmt.all(id) as { from_id: string }[]).map((r) => r.from_id);
    if (by.length) out.set(id, by);
  }
  return out;
}

export interface ChainLink {
  id: string;
  title: string;
  status: string;
  createdAt: string;
}

/**
 * The supersession chain through a memory, oldest first: what it replaced (and what that
 * replaced), itself, and what replaced it. Follows one link each way; stops at a cycle or 20 steps.
 */
export function supersessionChain(sqlite: Database.Database, id: string): ChainLink[] {
  const row = prepared(sqlite, "SELECT id, title, content, status, created_at FROM memories WHERE id = ?");
  const older = prepared(sqlite, "SELECT to_id AS id FROM memory_links WHERE from_id = ? AND kind = 'supersedes' ORDER BY created_at DESC LIMIT 1");
  const newer = prepared(sqlite, "SELECT from_id AS id FROM memory_links WHERE to_id = ? AND kind = 'supersedes' ORDER BY created_at DESC LIMIT 1");
  const view = (mid: string): ChainLink | undefined => {
    const r = row.get(mid) as { id: string; title: string | null; content: string; status: string; created_at: number } | undefined;
    return r && { id: r.id, title: r.title || r.content.slice(0, 120), status: r.status, createdAt: new Date(r.created_at).toISOString() };
  };
  const seen = new Set([id]);
  const before: ChainLink[] = [];
  for (let cur = id, i = 0; i < 20; i++) {
    const next = (older.get(cur) as { id: string } | undefined)?.id;
    if (!next || seen.has(next)) break;
    seen.add(next);
    const v = view(next);
    if (!v) break;
    before.unshift(v);
    cur = next;
  }
  const after: ChainLink[] = [];
  for (let cur = id, i = 0; i < 20; i++) {
    const next = (newer.get(cur) as { id: string } | undefined)?.id;
    if (!next || seen.has(next)) break;
    seen.add(next);
    const v = view(next);
    if (!v) break;
    after.push(v);
    cur = next;
  }
  if (before.length === 0 && after.length === 0) return [];
  return [...before, view(id)!, ...after];
}

/** The normalized texts of a project's superseded memories (resume leaves checkpoint lines that repeat them out). */
export function supersededTexts(sqlite: Database.Database, projectId: string): Set<string> {
  const rows = prepared(sqlite, "SELECT content FROM memories WHERE status = 'superseded' AND project_id = ? ORDER BY updated_at DESC LIMIT 2000").all(
    projectId,
  ) as {
    content: string;
  }[];
  return new Set(rows.map((r) => normalizeLine(r.content)));
}

export const normalizeLine = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, " ")
    .trim();
