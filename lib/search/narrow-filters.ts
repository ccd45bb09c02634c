import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import type { SearchFilters } from "./filters";
import { tokenize } from "./tokenizer";

/**
 * Tag and pinned filters usually pass few memories, and the lexical plan (scanPlan) prunes before
 * filtering: its candidates and newest window hold only a few of them, so the best of the filtered
 * memories were often never scored (overlap@10 0.58 for "pinned" at 100,000 memories). For these
 * filters every posting is scored instead, which is exact and cheap: bm25() and the join run only
 * for rows that pass, and a tag filter first narrows the rows to the memories whose FTS5 `tags`
 * column holds the tag's tokens (one posting list, no lookup per row). The SQL condition
 * (memoryConditions) still decides exactly.
 */
export interface NarrowFilter {
  /** An FTS5 expression of the memories that may carry every tag asked for; null: no tag filter. */
  tagMatch: string | null;
}

/** Pinned memories are few when at most this share of the store is pinned. */
export const NARROW_PINNED_SHARE = 0.1;

export function narrowFilter(sqlite: Database.Database, filters: SearchFilters, storeSize: number): NarrowFilter | null {
  const tags = [...new Set(filters.tags ?? [])];
  if (tags.length) return { tagMatch: tagMatch(tags) };
  if (filters.pinned === true) {
    // memories_pinned_idx (status WHERE pinned = 1): a count of the few pinned rows.
    const pinned = prepared(sqlite, "SELECT count(*) AS n FROM memories WHERE pinned = 1").get() as { n: number };
    if (pinned.n <= storeSize * NARROW_PINNED_SHARE) return { tagMatch: null };
  }
  return null;
}

/** `{tags} : "tok tok" AND ...`, or null when a tag has no token to look for (the SQL check alone decides). */
function tagMatch(tags: readonly string[]): string | null {
  const phrases: string[] = [];
  for (const tag of tags) {
    const tokens = tokenize(tag);
    if (!tokens.length) return null;
    phrases.push(`{tags} : "${tokens.join(" ")}"`);
  }
  return phrases.join(" AND ");
}
