import type Database from "better-sqlite3";
import { markAllDerived } from "../../lib/indexing";
import { lexicalColumns } from "../../lib/indexing/rows";

export interface BulkMemory {
  content: string;
  title?: string | null;
  projectId?: string | null;
  category?: string;
  status?: string;
  tags?: string[];
  pinned?: boolean;
}

/**
 * Writes memories straight into the tables the verbs write (same FTS columns), in one transaction:
 * thousands in well under a second, for stores past the lexical plan's budgets. The verbs' own
 * near-duplicate check is not what these tests are about. Returns the seqs in order.
 */
export function bulkMemories(sqlite: Database.Database, memories: readonly BulkMemory[]): number[] {
  const project = sqlite.prepare("INSERT OR IGNORE INTO projects(id, name, identity) VALUES (?, ?, 'path')");
  const ins = sqlite.prepare(
    `INSERT INTO memories (id, project_id, scope, category, title, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'import', ?, ?, 0, ?, '{}', ?, ?) RETURNING seq`,
  );
  const tag = sqlite.prepare("INSERT OR IGNORE INTO memory_tags (memory_id, tag) VALUES (?, ?)");
  const fts = sqlite.prepare("INSERT INTO memory_fts(rowid, title, tags, content) VALUES (?, ?, ?, ?)");
  const seqs: number[] = [];
  const now = Date.now();
  sqlite.transaction(() => {
    memories.forEach((m, i) => {
      if (m.projectId) project.run(m.projectId, m.projectId);
      const created = now - (memories.length - i) * 1000;
      const id = `bulk-${i}-${now}`;
      const { seq } = ins.get(
        id,
        m.projectId ?? null,
        m.projectId ? "project" : "global",
        m.category ?? "fact",
        m.title ?? null,
        m.content,
        JSON.stringify(m.tags ?? []),
        m.status ?? "active",
        m.pinned ? 1 : 0,
        `bulk-${i}`,
        created,
        created,
      ) as { seq: number };
      fts.run(seq, ...lexicalColumns({ title: m.title ?? null, tags: m.tags ?? [], content: m.content }));
      for (const t of m.tags ?? []) tag.run(id, t);
      seqs.push(seq);
    });
    markAllDerived(sqlite);
  })();
  return seqs;
}
