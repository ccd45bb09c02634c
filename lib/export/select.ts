import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { inList } from "../db/in-list";
import type { ParsedExportQuery } from "../contracts/export";
import type { Ctx } from "../ctx";
import { memories, memoryLinks, memoryVersions, projects } from "../db/schema";
import { catchUpForReader } from "../indexing";
import { lookupProject } from "../projects/lookup";
import type { ExportedMemory, ExportedVersion } from "../contracts/export";
import type { Plain } from "../security/redaction";
import { findTooDeep, MAX_JSON_DEPTH } from "../http/json-depth";

export type ExportRow = Plain<ExportedMemory> & { id: string; createdAt: string; updatedAt: string };

const iso = (ms: number) => new Date(ms).toISOString();

/** What places a memory in an export (its order, its heading), read for every memory before any text. */
export interface ExportKey {
  id: string;
  scope: ExportRow["scope"];
  sessionId?: string | null;
  category: ExportRow["category"];
  project?: { id: string; name: string } | null;
}

/** The connection an export reads on: the server's own, or a snapshot of it (lib/db/snapshot.ts). */
export type ExportReader = Pick<Ctx, "db" | "sqlite">;

/** Memories read a page (one query each for rows, links and versions): a page stays a few ms. */
export const EXPORT_PAGE = 200;

/**
 * The memories an export holds, in a stable order (scope, project, category, creation), with
 * their project's identity so an import elsewhere can recreate it. In one piece: the synchronous
 * verbs (CLI, MCP file export); the server reads keys then pages (`exportRows`).
 */
export function selectForExport(ctx: Ctx, q: ParsedExportQuery): { format: "markdown" | "json"; rows: ExportRow[] } {
  return { format: q.format, rows: [...exportRows(ctx, selectExportKeys(ctx, ctx, q))] };
}

/** The ids (and heading fields) of the memories matching `q`, in export order: no text is read. */
export function selectExportKeys(ctx: Ctx, reader: ExportReader, q: ParsedExportQuery): ExportKey[] {
  const where = exportFilters(ctx, q);
  if (q.ids) where.push(inList(memories.id, q.ids));
  return reader.db
    .select({ id: memories.id, scope: memories.scope, sessionId: memories.sessionId, category: memories.category, pid: projects.id, pname: projects.name })
    .from(memories)
    .leftJoin(projects, eq(projects.id, memories.projectId))
    .where(and(...where))
    .orderBy(
      sql`CASE ${memories.scope} WHEN 'global' THEN 0 WHEN 'project' THEN 1 ELSE 2 END`,
      asc(projects.name),
      asc(memories.projectId),
      asc(memories.category),
      asc(memories.createdAt),
      asc(memories.seq),
    )
    .all()
    .map((k) => ({
      id: k.id,
      scope: k.scope,
      sessionId: k.sessionId,
      category: k.category,
      project: k.pid === null ? null : { id: k.pid, name: k.pname ?? "" },
    }));
}

/** The conditions of `q` but its `ids` (the caller applies those: in SQL, or as a set). */
export function exportFilters(ctx: Ctx, q: ParsedExportQuery): SQL[] {
  const where: SQL[] = [];
  const projectId = q.directory ? lookupProject(ctx, q.directory) : q.project;
  if (projectId) where.push(eq(memories.projectId, projectId));
  if (q.scope) where.push(inArray(memories.scope, q.scope));
  if (q.category) where.push(inArray(memories.category, q.category));
  if (q.status !== "all") where.push(inArray(memories.status, q.status));
  if (q.pinned !== undefined) where.push(eq(memories.pinned, q.pinned));
  if (q.tag?.length) catchUpForReader(ctx.sqlite);
  for (const tag of q.tag ?? []) {
    where.push(sql`EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = ${memories.id} AND t.tag = ${tag})`);
  }
  return where;
}

/** The rows of `keys`, in their order, read EXPORT_PAGE at a time (one page per `next()` that crosses a page). */
export function* exportRows(reader: ExportReader, keys: ExportKey[]): Generator<ExportRow, void, void> {
  for (let at = 0; at < keys.length; at += EXPORT_PAGE) yield* readExportPage(reader, keys.slice(at, at + EXPORT_PAGE));
}

function readExportPage(reader: ExportReader, keys: ExportKey[]): ExportRow[] {
  const ids = keys.map((k) => k.id);
  const byId = new Map(
    reader.db
      .select({ m: memories, p: projects })
      .from(memories)
      .leftJoin(projects, eq(projects.id, memories.projectId))
      .where(inList(memories.id, ids))
      .all()
      .map((r) => [r.m.id, r] as const),
  );
  const links = groupBy(
    reader.db.select().from(memoryLinks).where(inList(memoryLinks.fromId, ids)).orderBy(asc(memoryLinks.toId), asc(memoryLinks.kind)).all(),
    (l) => l.fromId,
  );
  const versions = groupBy(
    reader.db.select().from(memoryVersions).where(inList(memoryVersions.memoryId, ids)).orderBy(asc(memoryVersions.version)).all(),
    (v) => v.memoryId,
  );
  const out: ExportRow[] = [];
  for (const id of ids) {
    const found = byId.get(id);
    // Gone since the keys were read (only without a snapshot): left out.
    if (!found) continue;
    const { m, p } = found;
    out.push({
      id: m.id,
      title: m.title,
      content: m.content,
      category: m.category,
      scope: m.scope,
      project: p ? { id: p.id, name: p.name, rootPath: p.rootPath, identity: p.identity } : null,
      sessionId: m.sessionId,
      tags: m.tags,
      source: m.source,
      status: m.status,
      pinned: m.pinned,
      priority: m.priority,
      metadata: exportableMetadata(reader, m.id, m.metadata),
      createdAt: iso(m.createdAt),
      updatedAt: iso(m.updatedAt),
      accessCount: m.accessCount,
      lastAccessedAt: m.lastAccessedAt === null ? null : iso(m.lastAccessedAt),
      links: (links.get(m.id) ?? []).map((l) => ({ to: l.toId, kind: l.kind, createdAt: iso(l.createdAt) })),
      versions: (versions.get(m.id) ?? []).map((v) => ({
        version: v.version,
        title: v.title,
        content: v.content,
        category: v.category as ExportedVersion["category"],
        tags: v.tags,
        pinned: v.pinned,
        priority: v.priority,
        status: v.status as ExportedVersion["status"],
        scope: v.scope as ExportedVersion["scope"],
        changedBy: v.changedBy,
        reason: v.reason,
        createdAt: iso(v.createdAt),
      })),
    });
  }
  return out;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/**
 * Metadata as exported. Nesting past MAX_JSON_DEPTH (only a database written some other way holds
 * it: writes refuse it) would overflow JSON.stringify's recursion, a 500 for the whole export: such
 * a value is exported as its stored JSON text, under `recollect:tooDeep` (checked without recursion).
 */
function exportableMetadata(reader: ExportReader, id: string, metadata: ExportRow["metadata"]): ExportRow["metadata"] {
  if (!findTooDeep(metadata, MAX_JSON_DEPTH)) return metadata;
  const raw = reader.sqlite.prepare("SELECT metadata FROM memories WHERE id = ?").pluck().get(id) as string;
  return { "recollect:tooDeep": raw };
}
