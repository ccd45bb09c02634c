import { diffWordsWithSpace } from "diff";
import { eq, or, sql } from "drizzle-orm";
import { inList } from "../db/in-list";
import type { Ctx } from "../ctx";
import { memories, memoryLinks, projects } from "../db/schema";
import type { LinkKind } from "../vocabulary";
import { toMemoryDto } from "../memories/dto";
import { supersessionChain, type ChainLink } from "../memories/superseded";
import { listVersions, type MemoryVersionDto } from "../memories/versions";
import type { MemoryDto } from "../contracts/memories";

export interface DiffPart {
  text: string;
  kind: "same" | "added" | "removed";
}

export interface VersionView extends MemoryVersionDto {
  /** What changed from this text to the next one (newer version or the current memory). */
  diff: DiffPart[];
  /** Other fields that changed with it ("category: fact -> gotcha"). */
  fieldChanges: string[];
  /** When the next text was written (= when this one was replaced). */
}

export interface LinkView {
  direction: "out" | "in";
  kind: LinkKind;
  other: { id: string; title: string; category: string; status: string } | null;
  otherId: string;
  createdAt: string;
}

export interface MemoryDetail {
  memory: MemoryDto;
  project: { id: string; name: string; rootPath: string | null } | null;
  versions: VersionView[];
  links: LinkView[];
  /** The supersession chain through this memory, oldest first (empty when none). */
  chain: ChainLink[];
  usage: { kind: string; n: number; last: string }[];
  /** The newest injections: into which session (with its title), from which block. */
  recentInjections: { sessionId: string | null; sessionTitle: string | null; at: string; block: "stable" | "recall"; query: string | null }[];
}

/** Everything the detail page shows about one memory, or null when it does not exist. */
export function memoryDetail(ctx: Ctx, id: string): MemoryDetail | null {
  const row = ctx.db.select().from(memories).where(eq(memories.id, id)).get();
  if (!row) return null;
  const memory = toMemoryDto(row);
  const project = row.projectId
    ? (ctx.db.select({ id: projects.id, name: projects.name, rootPath: projects.rootPath }).from(projects).where(eq(projects.id, row.projectId)).get() ?? null)
    : null;

  const versions = listVersions(ctx, id);
  const views: VersionView[] = versions.map((v, i) => {
    const next = i === 0 ? memory : versions[i - 1];
    return { ...v, diff: diff(v.content, next.content), fieldChanges: fieldChanges(v, next) };
  });

  const linkRows = ctx.db
    .select()
    .from(memoryLinks)
    .where(or(eq(memoryLinks.fromId, id), eq(memoryLinks.toId, id)))
    .all();
  const otherIds = linkRows.map((l) => (l.fromId === id ? l.toId : l.fromId));
  const others = new Map(
    otherIds.length
      ? ctx.db
          .select({ id: memories.id, title: memories.title, content: memories.content, category: memories.category, status: memories.status })
          .from(memories)
          .where(inList(memories.id, otherIds))
          .all()
          .map((o) => [o.id, { id: o.id, title: o.title || o.content.slice(0, 120), category: o.category, status: o.status }])
      : [],
  );
  const links: LinkView[] = linkRows.map((l) => {
    const otherId = l.fromId === id ? l.toId : l.fromId;
    return {
      direction: l.fromId === id ? "out" : "in",
      kind: l.kind,
      otherId,
      other: others.get(otherId) ?? null,
      createdAt: new Date(l.createdAt).toISOString(),
    };
  });

  const usage = ctx.db
    .all<{ kind: string; n: number; last: number }>(
      sql`SELECT kind, count(*) AS n, max(created_at) AS last FROM access_log WHERE memory_id = ${id} GROUP BY kind ORDER BY n DESC`,
    )
    .map((u) => ({ kind: u.kind, n: u.n, last: new Date(u.last).toISOString() }));
  // A stable-block injection has no query; a recall block's has the message that found it.
  const recentInjections = ctx.db
    .all<{ sessionId: string | null; sessionTitle: string | null; at: number; query: string | null }>(
      sql`SELECT a.session_id AS sessionId, s.title AS sessionTitle, a.created_at AS at, a.query FROM access_log a LEFT JOIN sessions s ON s.id = a.session_id
          WHERE a.memory_id = ${id} AND a.kind = 'inject' ORDER BY a.created_at DESC, a.id DESC LIMIT 10`,
    )
    .map((r) => ({ ...r, at: new Date(r.at).toISOString(), block: r.query === null ? ("stable" as const) : ("recall" as const) }));
  return { memory, project, versions: views, links, chain: supersessionChain(ctx.sqlite, id), usage, recentInjections };
}

function diff(before: string, after: string): DiffPart[] {
  if (before.length + after.length > 200_000) return [{ text: "(too long to compare)", kind: "same" }];
  return diffWordsWithSpace(before, after).map((c) => ({ text: c.value, kind: c.added ? "added" : c.removed ? "removed" : "same" }));
}

type Fields = Pick<MemoryVersionDto, "title" | "category" | "tags" | "pinned" | "priority" | "status" | "scope">;
function fieldChanges(a: Fields, b: Fields): string[] {
  const out: string[] = [];
  const show = (x: unknown) => (Array.isArray(x) ? `[${x.join(", ")}]` : x === null || x === "" ? "—" : String(x));
  for (const k of ["title", "category", "tags", "pinned", "priority", "status", "scope"] as const) {
    if (JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null)) out.push(`${k}: ${show(a[k])} → ${show(b[k])}`);
  }
  return out;
}
