import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { MemoryListDto, ParsedListMemoriesQuery } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { memories } from "../db/schema";
import { STATUSES, type Status } from "../vocabulary";
import { normalizeEntityQuery } from "../entities/parse";
import { badRequest } from "../errors";
import { lookupProject } from "../projects/lookup";
import { indexedForReading } from "../indexing/before-read";
import { toMemoryDto, type MemoryRow } from "./dto";

const SORT_COLUMNS = {
  created: memories.createdAt,
  updated: memories.updatedAt,
  priority: memories.priority,
  accessed: sql<number>`coalesce(${memories.lastAccessedAt}, 0)`,
} as const;

/**
 * Lists memories with filters applied in SQL and keyset pagination (an opaque cursor over the
 * sort value and `seq`), so page 1,000 costs what page 1 costs.
 */
export function listMemories(ctx: Ctx, q: ParsedListMemoriesQuery): MemoryListDto {
  const where: SQL[] = [];
  const projectId = q.directory ? lookupProject(ctx, q.directory) : q.project;
  if (projectId) where.push(eq(memories.projectId, projectId));
  if (q.scope) where.push(inArray(memories.scope, q.scope));
  if (q.category) where.push(inArray(memories.category, q.category));
  if (q.pinned !== undefined) where.push(eq(memories.pinned, q.pinned));
  if (q.sessionId) where.push(eq(memories.sessionId, q.sessionId));
  if (q.tag?.length) indexedForReading(ctx.sqlite);
  for (const tag of q.tag ?? []) {
    where.push(sql`EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = ${memories.id} AND t.tag = ${tag})`);
  }
  if (q.entity) {
    indexedForReading(ctx.sqlite);
    // `#123`, `!45`, `&7`, a URL or a path (normalized like stored values); `file:x` or `entityKind` narrows the kind.
    const entity = normalizeEntityQuery(q.entity);
    const kind = q.entityKind ?? entity.kind;
    where.push(
      kind
        ? sql`EXISTS (SELECT 1 FROM memory_entities e WHERE e.memory_id = ${memories.id} AND e.kind = ${kind} AND e.value = ${entity.value})`
        : sql`EXISTS (SELECT 1 FROM memory_entities e WHERE e.memory_id = ${memories.id} AND e.value = ${entity.value})`,
    );
  }

  const column = SORT_COLUMNS[q.sort];
  const dir = q.order === "desc" ? desc : asc;
  if (q.cursor) {
    const [value, seq] = decodeCursor(q.cursor);
    where.push(
      q.order === "desc"
        ? sql`(${column} < ${value} OR (${column} = ${value} AND ${memories.seq} < ${seq}))`
        : sql`(${column} > ${value} OR (${column} = ${value} AND ${memories.seq} > ${seq}))`,
    );
  }

  const statuses: readonly Status[] = q.status === "all" ? STATUSES : [...new Set(q.status ?? (["active"] as const))];
  const select = (status?: SQL) =>
    ctx.db
      .select()
      .from(memories)
      .where(and(...where, status))
      .orderBy(dir(column), dir(memories.seq))
      .limit(q.limit + 1)
      .all();
  const sortValue = (r: MemoryRow) =>
    q.sort === "created" ? r.createdAt : q.sort === "updated" ? r.updatedAt : q.sort === "priority" ? r.priority : (r.lastAccessedAt ?? 0);
  // By time, each status's page comes in order from its (status, time) index; several are merged.
  const byTime = (q.sort === "created" || q.sort === "updated") && statuses.length > 1;
  const sign = q.order === "desc" ? -1 : 1;
  const rows = byTime
    ? statuses
        .flatMap((status) => select(eq(memories.status, status)))
        .sort((a, b) => sign * (sortValue(a) - sortValue(b) || a.seq - b.seq))
        .slice(0, q.limit + 1)
    : select(q.status === "all" ? undefined : inArray(memories.status, [...statuses]));
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const now = Date.now();
  return {
    items: page.map((r) => toMemoryDto(r, now)),
    nextCursor: rows.length > q.limit && last ? encodeCursor(sortValue(last), last.seq) : null,
  };
}

const encodeCursor = (value: number, seq: number) => Buffer.from(JSON.stringify([value, seq])).toString("base64url");

function decodeCursor(cursor: string): [number, number] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((n) => Number.isFinite(n))) return parsed as [number, number];
  } catch {
    /* fall through */
  }
  throw badRequest("cursor: not a cursor returned by this API", { field: "cursor" });
}
