import type Database from "better-sqlite3";
import { connectionSlot } from "../db/connection-state";
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

/**
 * The rows a tag filter's FTS5 expression (`tagMatch`) matches, kept in a temp table of the
 * connection while FTS5's structure record is unchanged (every committed write to the index
 * rewrites it). The lexical statement then checks each scored row against that table's rowid
 * b-tree (`+rowid IN (SELECT seq FROM <table>)`) instead of building the set again: at 100,000
 * memories, one tagged in ten, that set cost about 1.3 ms of a 3.6 ms statement. The set is only a
 * prefilter (memoryConditions decides exactly), and is what the sub-query it replaces would give.
 * Null inside a transaction (a write may sit in FTS5's pending buffer, not yet in the structure
 * record): the caller uses the sub-query then.
 */
export function cachedTagRows(sqlite: Database.Database, tagMatch: string): string | null {
  if (sqlite.inTransaction) return null;
  let cache = tagRowCaches.get(sqlite);
  if (!cache) {
    cache = { slots: [], structure: sqlite.prepare("SELECT block FROM memory_fts_data WHERE id = 10").pluck() };
    tagRowCaches.set(sqlite, cache);
  }
  const found = cache.slots.findIndex((s) => s.tagMatch === tagMatch);
  const structure = (cache.structure.get() as Buffer | undefined) ?? null;
  if (structure === null) return null;
  let slot = found >= 0 ? cache.slots.splice(found, 1)[0] : undefined;
  if (!slot?.at.equals(structure)) {
    if (!slot) {
      if (cache.slots.length < TAG_ROW_SLOTS) {
        const table = `temp.lexical_tag_rows_${cache.slots.length}`;
        sqlite.exec(`CREATE TABLE IF NOT EXISTS ${table}(seq INTEGER PRIMARY KEY)`);
        slot = { table, tagMatch, at: structure };
      } else slot = cache.slots.pop()!;
    }
    const { table } = slot;
    try {
      // One read snapshot: the structure record read with the rows it describes.
      slot.at = sqlite.transaction(() => {
        const at = cache.structure.get() as Buffer;
        prepared(sqlite, `DELETE FROM ${table}`).run();
        prepared(sqlite, `INSERT INTO ${table}(seq) SELECT rowid FROM memory_fts WHERE memory_fts MATCH ?`).run(tagMatch);
        return at;
      })();
    } catch {
      // A connection that cannot write its temp tables: the sub-query, as before.
      return null;
    }
    slot.tagMatch = tagMatch;
  }
  cache.slots.unshift(slot);
  return slot.table;
}

/** Tag expressions whose rows are kept per connection (least recently used out). */
export const TAG_ROW_SLOTS = 4;

interface TagRowCache {
  /** Most recently used first. `at`: the structure record the rows were read with. */
  slots: { table: string; tagMatch: string; at: Buffer }[];
  structure: Database.Statement;
}
const tagRowCaches = connectionSlot<TagRowCache>("lexicalTagRows");
