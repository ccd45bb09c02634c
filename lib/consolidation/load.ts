import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import type { Slicer } from "./slicer";
import type { MemoryLite } from "./types";

const PAGE = 500;

interface Row {
  seq: number;
  id: string;
  project_id: string | null;
  scope: MemoryLite["scope"];
  session_id: string | null;
  origin_session: string | null;
  category: MemoryLite["category"];
  title: string | null;
  content: string;
  content_hash: string;
  source: MemoryLite["source"];
  status: MemoryLite["status"];
  pinned: number;
  created_at: number;
  updated_at: number;
  last_accessed_at: number | null;
}

/**
 * (`+status`: the status index would gather and sort every remaining row for each page, which
 * made the read quadratic; the rowid range keeps each page one short scan.)
 *
 * The memories consolidation looks at (active, and resolved ones for expiry), of one project and
 * the global scope, or of every project: read a page at a time by seq so no read holds the loop.
 */
export async function loadMemories(ctx: Ctx, projectId: string | null, slicer: Slicer): Promise<MemoryLite[]> {
  const out: MemoryLite[] = [];
  const sql = `SELECT seq, id, project_id, scope, session_id,
       coalesce(session_id, json_extract(metadata, '$.sessionID'), json_extract(metadata, '$.sessionId')) AS origin_session, category, title, content, content_hash, source, status, pinned, created_at, updated_at, last_accessed_at
     FROM memories WHERE seq > ? AND +status IN ('active', 'resolved') ${projectId ? "AND (project_id = ? OR project_id IS NULL)" : ""}
     ORDER BY seq LIMIT ${PAGE}`;
  let after = 0;
  for (;;) {
    const rows = (projectId ? prepared(ctx.sqlite, sql).all(after, projectId) : prepared(ctx.sqlite, sql).all(after)) as Row[];
    for (const r of rows)
      out.push({
        seq: r.seq,
        id: r.id,
        projectId: r.project_id,
        scope: r.scope,
        sessionId: r.session_id,
        originSession: typeof r.origin_session === "string" ? r.origin_session : null,
        category: r.category,
        title: r.title,
        content: r.content,
        contentHash: r.content_hash,
        source: r.source,
        status: r.status,
        pinned: r.pinned === 1,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        lastAccessedAt: r.last_accessed_at,
      });
    if (rows.length < PAGE) return out;
    after = rows[rows.length - 1]!.seq;
    if (slicer.due()) await slicer.pause();
  }
}
