import { and, eq, sql, type SQL } from "drizzle-orm";
import { inList } from "../db/in-list";
import { z } from "zod";
import { listMemoriesQuery, type ParsedListMemoriesQuery } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { memories, projects } from "../db/schema";
import { CATEGORIES, SCOPES, STATUSES } from "../vocabulary";
import { AppError } from "../errors";
import { catchUpForReader } from "../indexing";
import { listMemories } from "../memories/list";
import { listProjects } from "../projects/resolve";
import { BROWSE_WINDOW, searchForBrowser, type BrowseItem } from "./search";

/** The longest search the memories page takes; a longer one is refused in words. */
export const SEARCH_QUERY_CHARS = 4000;

/** The memories page's URL parameters (all optional strings, like any query string). */
export const browseParams = z.object({
  q: z.string().max(SEARCH_QUERY_CHARS).optional(),
  project: z.string().max(200).optional(),
  scope: z.enum(SCOPES).optional(),
  category: z.enum(CATEGORIES).optional(),
  status: z.union([z.enum(STATUSES), z.literal("all")]).optional(),
  tag: z.string().max(300).optional(),
  pinned: z.enum(["yes", "no"]).optional(),
  sort: z.enum(["created", "updated", "priority", "accessed"]).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(10).max(200).optional(),
  /** A search's page (1-based): searches page by position, the list by cursor. */
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(BROWSE_WINDOW / 10)
    .optional(),
});
export type BrowseParams = z.infer<typeof browseParams>;

export interface BrowseResult {
  params: BrowseParams;
  items: BrowseItem[];
  nextCursor: string | null;
  /** Memories matching the filters (without the search query). */
  total: number;
  search: { mode: string; reason: string; tookMs: number } | null;
  /** A search's place in its ranked matches: results `offset + 1` to `offset + items.length` of `total` (`more`: of more). */
  matches: { offset: number; total: number; more: boolean } | null;
  projects: { id: string; name: string }[];
}

/** Reads what the page needs; unknown or malformed parameters are dropped, never a 500. */
export function parseBrowseParams(raw: Record<string, string | string[] | undefined>): BrowseParams {
  const flat: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const s = Array.isArray(v) ? v[0] : v;
    if (s !== undefined && s !== "") flat[k] = s;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(browseParams.shape) as (keyof BrowseParams)[]) {
    if (flat[key] === undefined) continue;
    const one = browseParams.shape[key].safeParse(flat[key]);
    if (one.success) out[key] = one.data;
  }
  return out as BrowseParams;
}

const tagsOf = (tag?: string) =>
  tag
    ?.split(",")
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, 10);

export async function browseMemories(ctx: Ctx, p: BrowseParams): Promise<BrowseResult> {
  const projectsList = listProjects(ctx).map((r) => ({ id: r.id, name: r.name }));
  const known = p.project && projectsList.some((x) => x.id === p.project) ? p.project : undefined;
  const tags = tagsOf(p.tag);
  const total = countMatching(ctx, { ...p, project: known }, tags);
  const base = { params: p, total, projects: projectsList };
  if (p.q?.trim()) {
    const limit = Math.min(100, p.limit ?? 50);
    const offset = ((p.page ?? 1) - 1) * limit;
    const found = await searchForBrowser(ctx, {
      query: p.q,
      project: known,
      scope: p.scope,
      category: p.category,
      status: p.status,
      tags,
      pinned: p.pinned,
      limit,
      offset,
    });
    return { ...base, items: found.items, nextCursor: null, search: found.meta, matches: { offset, total: found.total, more: found.more } };
  }
  // The page's own parameters, checked by the API's contract (the same bounds and defaults).
  const list = listPage(
    ctx,
    listMemoriesQuery.parse({
      project: known,
      scope: p.scope,
      category: p.category,
      status: p.status ?? "active",
      tag: tags?.length ? tags.join(",") : undefined,
      pinned: p.pinned === "yes" ? "true" : p.pinned === "no" ? "false" : undefined,
      sort: p.sort ?? "created",
      order: p.order ?? "desc",
      limit: p.limit ?? 50,
      cursor: p.cursor,
    }),
  );
  return { ...base, items: list.items, nextCursor: list.nextCursor, search: null, matches: null };
}

/** A stale or hand-edited cursor falls back to the first page instead of an error page. */
function listPage(ctx: Ctx, q: ParsedListMemoriesQuery) {
  try {
    return listMemories(ctx, q);
  } catch (error) {
    if (q.cursor && error instanceof AppError && error.code === "bad_request") return listMemories(ctx, { ...q, cursor: undefined });
    throw error;
  }
}

/** Count with the same filters (indexed; ~ms at 100,000 memories). */
export function countMatching(ctx: Ctx, p: BrowseParams, tags = tagsOf(p.tag)): number {
  const where: SQL[] = [];
  if (p.project) where.push(eq(memories.projectId, p.project));
  if (p.scope) where.push(eq(memories.scope, p.scope));
  if (p.category) where.push(eq(memories.category, p.category));
  const status = p.status ?? "active";
  if (status !== "all") where.push(eq(memories.status, status));
  if (p.pinned) where.push(eq(memories.pinned, p.pinned === "yes"));
  if (tags?.length) catchUpForReader(ctx.sqlite);
  for (const tag of tags ?? []) where.push(sql`EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = ${memories.id} AND t.tag = ${tag})`);
  return (
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(memories)
      .where(and(...where))
      .get()?.n ?? 0
  );
}

export function projectNames(ctx: Ctx, ids: (string | null)[]): Map<string, string> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (!wanted.length) return new Map();
  return new Map(
    ctx.db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(inList(projects.id, wanted))
      .all()
      .map((r) => [r.id, r.name]),
  );
}
