import crypto from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { memories } from "../db/schema";
import type { Category } from "../vocabulary";
import { lookupProject } from "../projects/lookup";
import { countTokens } from "../token-count";
import { dayAge, oneLine } from "./format";

/**
 * The stable block: the pinned memories of the global scope and of the project, injected into
 * the system prompt on every turn. It must be byte-identical from turn to turn while those
 * memories are unchanged (provider prompt caches key on the exact prefix), so:
 * - the order is total and deterministic (category rank, priority, creation time, seq);
 * - ages are shown at day granularity ("today", "3d", "2w"), so the text changes at most once a
 *   day by itself, never between two turns of the same hour;
 * - `hash` covers what the memories are (ids, update times, budget), not the rendered ages, so a
 *   client may keep the text it already has while the hash is unchanged.
 */
export interface StableBlock {
  text: string;
  tokens: number;
  memoryIds: string[];
  hash: string;
}

export interface StableOptions {
  directory?: string;
  project?: string;
  /** For tests and previews; defaults to now. */
  nowMs?: number;
  /** Overrides `config.injection.stableBudgetTokens`. */
  budgetTokens?: number;
}

/** The categories that always go first, in this order; the rest follow by priority. */
const CATEGORY_RANK: Partial<Record<Category, number>> = { constraint: 0, directive: 1, preference: 2, convention: 3 };
const rank = (c: Category) => CATEGORY_RANK[c] ?? 4;

export const STABLE_OPEN = '<recollect-memory kind="pinned">';
export const STABLE_CLOSE = "</recollect-memory>";
// One line: the tag says what the block is; each line's brackets say category, scope and age.
const HEADER = "Pinned memories (follow them):";
/** At most this many pinned memories are considered (a safety net; the budget trims first). */
const MAX_CANDIDATES = 500;

export function buildStableBlock(ctx: Ctx, options: StableOptions = {}): StableBlock {
  const budget = options.budgetTokens ?? ctx.config.injection.stableBudgetTokens;
  const projectId = options.directory ? lookupProject(ctx, options.directory) : (options.project ?? null);
  const nowMs = options.nowMs ?? Date.now();

  const scopeFilter = projectId
    ? or(and(eq(memories.scope, "global"), isNull(memories.projectId)), and(eq(memories.scope, "project"), eq(memories.projectId, projectId)))
    : and(eq(memories.scope, "global"), isNull(memories.projectId));
  const rows = ctx.db
    .select({
      id: memories.id,
      seq: memories.seq,
      scope: memories.scope,
      category: memories.category,
      title: memories.title,
      content: memories.content,
      priority: memories.priority,
      createdAt: memories.createdAt,
      updatedAt: memories.updatedAt,
    })
    .from(memories)
    .where(and(eq(memories.status, "active"), eq(memories.pinned, true), scopeFilter))
    .orderBy(sql`${memories.priority} DESC`, memories.createdAt, memories.seq)
    .limit(MAX_CANDIDATES)
    .all();

  // Stable sort keeps the SQL order (priority, age, seq) within each category rank.
  rows.sort((a, b) => rank(a.category) - rank(b.category));

  const empty: StableBlock = { text: "", tokens: 0, memoryIds: [], hash: digest(`empty:${budget}`) };
  if (rows.length === 0 || budget <= 0) return empty;

  // Asked on every turn of every session, with the same answer until a pinned memory changes (or
  // a day passes): the rendering and token counting are done once per distinct input.
  const key = `${budget}\n${rows.map((r) => `${r.id}@${r.updatedAt}:${dayAge(r.createdAt, nowMs)}`).join("\n")}`;
  const cached = blockCache.get(key);
  if (cached) return cached;
  const block = renderBlock(rows, budget, nowMs);
  if (blockCache.size >= BLOCK_CACHE) blockCache.delete(blockCache.keys().next().value as string);
  blockCache.set(key, block ?? empty);
  return block ?? empty;
}

const BLOCK_CACHE = 64;
const blockCache = new Map<string, StableBlock>();

type StableRow = { id: string; scope: string; category: Category; title: string | null; content: string; createdAt: number; updatedAt: number };

function renderBlock(rows: StableRow[], budget: number, nowMs: number): StableBlock | undefined {
  const frame = `${STABLE_OPEN}\n${HEADER}\n${STABLE_CLOSE}`;
  let used = countTokens(frame);
  const lines: string[] = [];
  const ids: string[] = [];
  const hashParts: string[] = [`budget:${budget}`];
  for (const row of rows) {
    const body = row.title ? `${oneLine(row.title)}: ${oneLine(row.content)}` : oneLine(row.content);
    const where = row.scope === "global" ? "global" : "project";
    const line = `- [${row.category}, ${where}, ${dayAge(row.createdAt, nowMs)}] ${body}`;
    // +1 for the newline joining the line to the block.
    const cost = countTokens(line) + 1;
    // Skip (not stop): a long low-rank memory must not hide a short one after it.
    if (used + cost > budget) continue;
    used += cost;
    lines.push(line);
    ids.push(row.id);
    hashParts.push(`${row.id}@${row.updatedAt}`);
  }
  if (lines.length === 0) return undefined;

  const text = `${STABLE_OPEN}\n${HEADER}\n${lines.join("\n")}\n${STABLE_CLOSE}`;
  return { text, tokens: countTokens(text), memoryIds: ids, hash: digest(hashParts.join("\n")) };
}

const digest = (s: string) => crypto.createHash("sha256").update(s).digest("hex").slice(0, 16);
