import type Database from "better-sqlite3";
import { connectionSlot } from "../db/connection-state";
import { memoryWriteVersion } from "../db/triggers";
import type { SqlPart } from "./filters";

/**
 * Which memories pass a search's filters, one byte a seq, for the top-k scored outside FTS5
 * (lexical-top.ts): with a project, scope or category filter a third or less of the best scored
 * memories pass, and checking them row by row cost more than the scoring (issue 48). Kept for up to
 * FILTERS_KEPT filters while `memoryWriteVersion` is unchanged (a memory created, deleted or changed
 * on this connection, or any commit by another): the version is read before the rows, so a write
 * during the read is never missed. One read is an indexed scan of the filter's memories (about 5 ms
 * for a project at 100,000); the bytes are 0.1 MB a filter at 100,000, 1 MB at 1,000,000 (16 MB at most
 * there). Sixteen holds the speed bench's ten projects; a server searching more rebuilds in turn.
 */
export const FILTERS_KEPT = 16;

interface FilterBits {
  version: string;
  /** Least recently used first; keyed by the conditions' SQL and parameters. */
  byFilter: Map<string, Uint8Array>;
}

const kept = connectionSlot<FilterBits>("lexicalFilterBits");

/** 1 at each seq whose memory passes `cond` (conditions on `memories` aliased `m`), now. */
export function filterBits(sqlite: Database.Database, cond: SqlPart): Uint8Array {
  const version = memoryWriteVersion(sqlite);
  let state = kept.get(sqlite);
  if (!state || state.version !== version) kept.set(sqlite, (state = { version, byFilter: new Map() }));
  const key = `${cond.sql}\u0000${JSON.stringify(cond.params)}`;
  let bits = state.byFilter.get(key);
  if (bits) state.byFilter.delete(key);
  else {
    const seqs = sqlite
      .prepare(`SELECT m.seq FROM memories m WHERE ${cond.sql}`)
      .pluck()
      .all(...cond.params) as number[];
    bits = new Uint8Array((sqlite.prepare("SELECT coalesce(max(seq), 0) FROM memories").pluck().get() as number) + 1);
    for (const seq of seqs) if (seq < bits.length) bits[seq] = 1;
    if (state.byFilter.size >= FILTERS_KEPT) state.byFilter.delete(state.byFilter.keys().next().value as string);
  }
  state.byFilter.set(key, bits);
  return bits;
}
