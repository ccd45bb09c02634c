import path from "node:path";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import type { ProposalKind } from "../vocabulary";
import type { ProposalRow } from "./decide";
import { closeOutdated, outdatedReason } from "./outdated";

export interface InboxMemory {
  id: string;
  project: { id: string; name: string } | null;
  title: string | null;
  content: string;
  category: string;
  status: string;
  scope: string;
  createdAt: string;
}

export type InboxItem =
  | { type: "memory"; id: string; createdAt: string; reason: string; memory: InboxMemory; project: { id: string; name: string } | null; origin: string }
  | {
      type: "proposal";
      id: string;
      kind: ProposalKind;
      createdAt: string;
      reason: string;
      evidence: Record<string, unknown>;
      suggestion: string | null;
      memories: InboxMemory[];
      project: { id: string; name: string } | null;
      /** skill: where the file will be written when approved (null when the project's directory is not known here). */
      skillPath?: string | null;
    };

export interface InboxPage {
  items: InboxItem[];
  counts: { total: number; suggested: number; proposals: Record<ProposalKind, number> };
}

interface MemoryRow {
  id: string;
  title: string | null;
  content: string;
  category: string;
  status: string;
  scope: string;
  source: string;
  created_at: number;
  project_id: string | null;
  project_name: string | null;
  bootstrap_source: string | null;
}

const projectOf = (r: { project_id: string | null; project_name: string | null }) =>
  r.project_id ? { id: r.project_id, name: r.project_name ?? r.project_id } : null;

const toMemory = (r: MemoryRow): InboxMemory => ({
  id: r.id,
  project: projectOf(r),
  title: r.title,
  content: r.content,
  category: r.category,
  status: r.status,
  scope: r.scope,
  createdAt: new Date(r.created_at).toISOString(),
});

/** How many items wait for review (the count in the navigation and on the dashboard). */
export function inboxCounts(ctx: Ctx, projectId?: string): InboxPage["counts"] {
  const where = projectId ? "AND (project_id = ? OR project_id IS NULL)" : "";
  const args = projectId ? [projectId] : [];
  const suggested = (prepared(ctx.sqlite, `SELECT count(*) AS n FROM memories WHERE status = 'suggested' ${where}`).get(...args) as { n: number }).n;
  const proposals = { merge: 0, supersede: 0, stale: 0, expire: 0, skill: 0 } satisfies Record<ProposalKind, number>;
  for (const r of prepared(ctx.sqlite, `SELECT kind, count(*) AS n FROM proposals WHERE status = 'open' ${where} GROUP BY kind`).all(...args) as {
    kind: ProposalKind;
    n: number;
  }[])
    proposals[r.kind] = r.n;
  return { total: suggested + Object.values(proposals).reduce((a, b) => a + b, 0), suggested, proposals };
}

/**
 * The review queue: suggested memories and open proposals, newest first, in one list. The
 * memories of a proposal come with it (the page shows both sides of a merge or supersession).
 * A proposal of the page whose memories changed since it was made is closed as outdated (with
 * its reason) and the page read again, so the queue never offers what would no longer apply.
 */
export function listInbox(ctx: Ctx, q: { project?: string; limit?: number; offset?: number } = {}): InboxPage {
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  const where = q.project ? "AND (project_id = ? OR project_id IS NULL)" : "";
  const args = q.project ? [q.project] : [];
  const pageOf = prepared(
    ctx.sqlite,
    `SELECT 'memory' AS type, id, created_at, seq AS tiebreak FROM memories WHERE status = 'suggested' ${where}
     UNION ALL SELECT 'proposal' AS type, id, created_at, rowid AS tiebreak FROM proposals WHERE status = 'open' ${where}
     ORDER BY created_at DESC, type, tiebreak DESC LIMIT ? OFFSET ?`,
  );
  const proposal = prepared(ctx.sqlite, "SELECT * FROM proposals WHERE id = ?");
  let rows: { type: "memory" | "proposal"; id: string }[];
  let closed: number;
  do {
    rows = pageOf.all(...args, ...args, limit, offset) as typeof rows;
    closed = 0;
    for (const r of rows) {
      if (r.type !== "proposal") continue;
      const reason = outdatedReason(ctx, proposal.get(r.id) as ProposalRow);
      if (reason && closeOutdated(ctx, r.id, reason)) closed++;
    }
  } while (closed > 0);
  const memory = prepared(
    ctx.sqlite,
    `SELECT m.id, m.title, m.content, m.category, m.status, m.scope, m.source, m.created_at, m.project_id, p.name AS project_name,
            json_extract(m.metadata, '$.bootstrap.file') || ':' || json_extract(m.metadata, '$.bootstrap.line') AS bootstrap_source
     FROM memories m LEFT JOIN projects p ON p.id = m.project_id WHERE m.id = ?`,
  );
  const projectRow = prepared(ctx.sqlite, "SELECT id AS project_id, name AS project_name, root_path FROM projects WHERE id = ?");
  const items: InboxItem[] = [];
  for (const r of rows) {
    if (r.type === "memory") {
      const m = memory.get(r.id) as MemoryRow;
      // Bootstrap writes its suggestions with the source "import"; the reviewer reads where they came from.
      const origin = m.bootstrap_source ? "bootstrap" : m.source;
      items.push({
        type: "memory",
        id: m.id,
        createdAt: new Date(m.created_at).toISOString(),
        reason: m.bootstrap_source ? `Suggested by bootstrap from ${m.bootstrap_source}.` : `Suggested by ${m.source}.`,
        memory: toMemory(m),
        project: projectOf(m),
        origin,
      });
    } else {
      const p = proposal.get(r.id) as ProposalRow;
      const ids = JSON.parse(p.memory_ids) as string[];
      const proj = p.project_id
        ? (projectRow.get(p.project_id) as { project_id: string; project_name: string | null; root_path: string | null } | undefined)
        : undefined;
      const evidence = JSON.parse(p.evidence) as Record<string, unknown>;
      const skillName = typeof evidence.name === "string" ? evidence.name : null;
      items.push({
        project: proj ? projectOf(proj) : null,
        ...(p.kind === "skill"
          ? { skillPath: proj?.root_path && skillName ? path.join(proj.root_path, ".opencode", "skills", skillName, "SKILL.md") : null }
          : {}),
        type: "proposal",
        id: p.id,
        kind: p.kind as ProposalKind,
        createdAt: new Date(p.created_at).toISOString(),
        reason: p.reason,
        evidence,
        suggestion: p.suggestion,
        memories: ids
          .map((id) => memory.get(id) as MemoryRow | undefined)
          .filter((m): m is MemoryRow => !!m)
          .map(toMemory),
      });
    }
  }
  return { items, counts: inboxCounts(ctx, q.project) };
}
