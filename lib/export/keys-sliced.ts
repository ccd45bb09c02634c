import { and, gt, lte, sql } from "drizzle-orm";
import type { ParsedExportQuery } from "../contracts/export";
import type { Ctx } from "../ctx";
import { memories } from "../db/schema";
import type { Steps } from "../slices";
import { STEP_ITEMS } from "../slices";
import { type ExportKey, type ExportReader, exportFilters, selectExportKeys } from "./select";

/** Rows of the store a keys page spans (a rowid window): one page stays a few ms. */
export const KEYS_PAGE = 500;

interface Entry {
  key: ExportKey;
  /** Scope rank, project rank and category rank in one number (set once every page is read). */
  group: number;
  /** As stored: a memory whose project row is gone keeps its id and sorts by it, among the unnamed. */
  projectId: string | null;
  createdAt: number;
  seq: number;
}

/**
 * `selectExportKeys` for the server, in steps (lib/slices.ts): its single ORDER BY sorted every key
 * in one turn (SQLite sorts in a temp b-tree at the first step: ~100 ms at 24,000 memories, ~320 ms
 * at 100,000, /api/health waiting behind it). Here the keys are read a rowid window a step, each
 * window sorted, then the windows merged STEP_ITEMS at a time. The order is SQLite's exactly:
 * scope (global, project, other), project name (no project first), project id (NULL first),
 * category, created_at, seq; text by BINARY collation (UTF-8 bytes, so Buffer.compare, not JS `<`),
 * ranked once over the few distinct values. A created_at that is not an exact number, or a category,
 * project id or name that is not text (only a store written some other way holds one): the SQL
 * query, in one piece.
 */
export function* selectExportKeysSteps(ctx: Ctx, reader: ExportReader, q: ParsedExportQuery, pageRows = KEYS_PAGE): Steps<ExportKey[]> {
  const where = exportFilters(ctx, q);
  const ids = q.ids ? new Set(q.ids) : undefined;
  const names = new Map<string, unknown>();
  for (const p of reader.sqlite.prepare("SELECT id, name FROM projects").all() as { id: string; name: unknown }[]) names.set(p.id, p.name);
  const nextSeq = reader.sqlite.prepare("SELECT min(seq) FROM memories WHERE seq > ?").pluck();
  const pages: Entry[][] = [];
  const projectIds = new Set<string | null>();
  const categories = new Set<string>();
  let from = 0;
  for (;;) {
    yield;
    const first = nextSeq.get(from) as number | null;
    if (first === null) break;
    // From the next row that exists: gaps left by removals cost no empty windows.
    const to = first - 1 + pageRows;
    const rows = reader.db
      .select({
        seq: memories.seq,
        id: memories.id,
        scope: memories.scope,
        sessionId: memories.sessionId,
        category: memories.category,
        projectId: memories.projectId,
        createdAt: sql<unknown>`${memories.createdAt}`,
      })
      .from(memories)
      .where(and(gt(memories.seq, first - 1), lte(memories.seq, to), ...where))
      .all();
    from = to;
    const page: Entry[] = [];
    for (const r of rows) {
      if (ids && !ids.has(r.id)) continue;
      const name = r.projectId === null ? null : names.get(r.projectId);
      if (!exactNumber(r.createdAt) || typeof r.category !== "string" || !text(r.projectId) || !text(name)) {
        return selectExportKeys(ctx, reader, q);
      }
      projectIds.add(r.projectId);
      categories.add(r.category);
      const project = r.projectId !== null && typeof name === "string" ? { id: r.projectId, name } : null;
      page.push({
        key: { id: r.id, scope: r.scope, sessionId: r.sessionId, category: r.category, project },
        group: 0,
        projectId: r.projectId,
        createdAt: r.createdAt,
        seq: r.seq,
      });
    }
    if (page.length) pages.push(page);
  }
  yield;
  const projectRank = rank([...projectIds], (a, b) => compareNullFirst(nameOf(names, a), nameOf(names, b)) || compareNullFirst(a, b));
  const categoryRank = rank([...categories], (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const perScope = projectRank.size * categoryRank.size;
  for (const page of pages) {
    yield;
    for (const e of page) {
      const k = e.key;
      const scope = k.scope === "global" ? 0 : k.scope === "project" ? 1 : 2;
      e.group = scope * perScope + (projectRank.get(e.projectId) ?? 0) * categoryRank.size + (categoryRank.get(k.category) ?? 0);
    }
    page.sort(compareEntries);
  }
  // Bottom-up merges of the sorted pages, STEP_ITEMS entries a step.
  let runs = pages;
  while (runs.length > 1) {
    const merged: Entry[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      if (i + 1 === runs.length) merged.push(runs[i]);
      else merged.push(yield* merge(runs[i], runs[i + 1]));
    }
    runs = merged;
  }
  const out = runs[0] ?? [];
  const keys: ExportKey[] = new Array(out.length);
  for (let i = 0; i < out.length; i++) {
    if (i % STEP_ITEMS === 0) yield;
    keys[i] = out[i].key;
  }
  return keys;
}

function nameOf(names: Map<string, unknown>, id: string | null): string | null {
  if (id === null) return null;
  const name = names.get(id);
  return typeof name === "string" ? name : null;
}

function compareNullFirst(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function rank<T>(values: T[], compare: (a: T, b: T) => number): Map<T, number> {
  values.sort(compare);
  return new Map(values.map((v, i) => [v, i]));
}

function compareEntries(a: Entry, b: Entry): number {
  if (a.group !== b.group) return a.group - b.group;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.seq - b.seq;
}

function* merge(a: Entry[], b: Entry[]): Generator<void, Entry[], void> {
  const out: Entry[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    out[n++] = compareEntries(a[i], b[j]) <= 0 ? a[i++] : b[j++];
    if (n % STEP_ITEMS === 0) yield;
  }
  while (i < a.length) out[n++] = a[i++];
  while (j < b.length) out[n++] = b[j++];
  return out;
}

/** Text or nothing: a BLOB sorts after all text in SQLite, which the ranks here do not model. */
const text = (v: unknown) => v === null || v === undefined || typeof v === "string";

/** A number JS holds exactly as SQLite compares it (an integer past 2^53 would be rounded by the driver). */
function exactNumber(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && (!Number.isInteger(v) || Number.isSafeInteger(v));
}
