import { trimEnd } from "../trim-end";
import crypto from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { memories } from "../db/schema";
import type { Category } from "../vocabulary";
import { lookupProject } from "../projects/lookup";
import { countTokens } from "../token-count";
import { oneLine } from "./format";

/**
 * The stable block: the pinned memories of the global scope and of the project, injected into
 * the system prompt on every turn. It must be byte-identical from turn to turn while those
 * memories are unchanged (provider prompt caches key on the exact prefix), so:
 * - the order is total and deterministic (category rank, priority, creation time, seq);
 * - nothing in it depends on the clock: pinned memories are rules to follow, so neither their age
 *   nor their scope is shown (both were a few tokens on every line of every request, and an age
 *   changed the block, and the cached prefix behind it, once a day);
 * - `hash` covers what the memories are (ids, update times, budget), so a client may keep the
 *   text it already has while the hash is unchanged.
 * Lines are grouped under their category (`constraint:`), written once per run of lines.
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
  /** Overrides `config.injection.stableBudgetTokens`. */
  budgetTokens?: number;
}

/** The categories that always go first, in this order; the rest follow by priority. */
const CATEGORY_RANK: Partial<Record<Category, number>> = { constraint: 0, directive: 1, preference: 2, convention: 3 };
const rank = (c: Category) => CATEGORY_RANK[c] ?? 4;

export const STABLE_OPEN = '<recollect-memory kind="pinned">';
export const STABLE_CLOSE = "</recollect-memory>";
// One short line: the tag says what the block is (pinned memories); the category headings say
// what each memory is. Sent with every request, so every word of it is paid for every time.
const HEADER = "Always follow:";
/** In the hash: a client keeping the text while the hash is unchanged gets a new layout at once. */
const FORMAT = 3;
/** At most this many pinned memories are considered (a safety net; the budget trims first). */
const MAX_CANDIDATES = 500;

export function buildStableBlock(ctx: Ctx, options: StableOptions = {}): StableBlock {
  const budget = options.budgetTokens ?? ctx.config.injection.stableBudgetTokens;
  const projectId = options.directory ? lookupProject(ctx, options.directory) : (options.project ?? null);

  const scopeFilter = projectId
    ? or(and(eq(memories.scope, "global"), isNull(memories.projectId)), and(eq(memories.scope, "project"), eq(memories.projectId, projectId)))
    : and(eq(memories.scope, "global"), isNull(memories.projectId));
  const rows = ctx.db
    .select({
      id: memories.id,
      seq: memories.seq,
      category: memories.category,
      title: memories.title,
      content: memories.content,
      priority: memories.priority,
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

  // Asked on every turn of every session, with the same answer until a pinned memory changes: the
  // rendering and token counting are done once per distinct input.
  const key = `${budget}\n${rows.map((r) => `${r.id}@${r.updatedAt}`).join("\n")}`;
  const cached = blockCache.get(key);
  if (cached) return cached;
  const block = renderBlock(rows, budget);
  if (blockCache.size >= BLOCK_CACHE) blockCache.delete(blockCache.keys().next().value as string);
  blockCache.set(key, block ?? empty);
  return block ?? empty;
}

const BLOCK_CACHE = 64;
const blockCache = new Map<string, StableBlock>();

type StableRow = { id: string; category: Category; title: string | null; content: string; updatedAt: number };

function renderBlock(rows: StableRow[], budget: number): StableBlock | undefined {
  const frame = `${STABLE_OPEN}\n${HEADER}\n${STABLE_CLOSE}`;
  let used = countTokens(frame);
  const lines: string[] = [];
  const ids: string[] = [];
  const hashParts: string[] = [`format:${FORMAT}`, `budget:${budget}`];
  let category: Category | undefined;
  for (const row of rows) {
    const body = withTitle(row.title, row.content);
    const heading = row.category === category ? [] : [`${row.category}:`];
    const added = [...heading, `- ${body}`];
    // +1 for each newline joining a line to the block.
    const cost = added.reduce((n, l) => n + countTokens(l) + 1, 0);
    // Skip (not stop): a long low-rank memory must not hide a short one after it.
    if (used + cost > budget) continue;
    used += cost;
    lines.push(...added);
    category = row.category;
    ids.push(row.id);
    hashParts.push(`${row.id}@${row.updatedAt}`);
  }
  if (lines.length === 0) return undefined;

  const text = `${STABLE_OPEN}\n${HEADER}\n${lines.join("\n")}\n${STABLE_CLOSE}`;
  return { text, tokens: countTokens(text), memoryIds: ids, hash: digest(hashParts.join("\n")) };
}

/** `title: content`, the title left out when the content already opens with it (said once, not twice). */
function withTitle(title: string | null, content: string): string {
  const text = oneLine(content);
  const head = title ? oneLine(title) : "";
  if (!head || text.toLowerCase().startsWith(trimEnd(head.toLowerCase(), ".:"))) return text;
  return `${head}: ${text}`;
}

const digest = (s: string) => crypto.createHash("sha256").update(s).digest("hex").slice(0, 16);
