import type Database from "better-sqlite3";
import type { ParsedVacuumInput } from "../contracts/maintenance";
import type { Ctx } from "../ctx";
import { catchUpDerived } from "../indexing";
import { dbSize, type DbSize } from "./db-size";

export interface VacuumResult {
  mode: "incremental" | "full";
  before: DbSize;
  after: DbSize;
  reclaimedBytes: number;
  /** Set when an incremental vacuum cannot work (a database created without auto_vacuum). */
  hint: string | null;
}

/**
 * Gives free pages back to the file system. New databases use `auto_vacuum = INCREMENTAL`, so this
 * only truncates the file's free tail (fast; writers wait a moment); then the WAL is checkpointed
 * and truncated so the main file actually shrinks.
 */
export function incrementalVacuum(sqlite: Database.Database): void {
  if ((sqlite.pragma("freelist_count", { simple: true }) as number) > 0) sqlite.pragma("incremental_vacuum");
  checkpointWal(sqlite);
}

/** Moves the WAL into the main file and truncates it (best effort: readers may hold it). */
export function checkpointWal(sqlite: Database.Database): void {
  try {
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
  } catch {
    /* busy: the next checkpoint will do it */
  }
}

/** Bytes the b-trees hold (pages minus their unused space) against the file's pages: 1 = no waste. */
export function fillRatio(sqlite: Database.Database): { fileBytes: number; usedBytes: number; ratio: number } {
  const pageSize = sqlite.pragma("page_size", { simple: true }) as number;
  const fileBytes = (sqlite.pragma("page_count", { simple: true }) as number) * pageSize;
  const used = (sqlite.prepare("SELECT coalesce(sum(pgsize - unused), 0) AS used FROM dbstat WHERE aggregate = TRUE").get() as { used: number }).used;
  return { fileBytes, usedBytes: used, ratio: fileBytes ? used / fileBytes : 1 };
}

/**
 * Merges the FTS index into one segment. Deleting from FTS5 adds tombstones rather than removing
 * postings, so after a large delete the index is bigger than before; merging drops them.
 */
export function optimizeFts(sqlite: Database.Database): void {
  try {
    catchUpDerived(sqlite);
    sqlite.exec("INSERT INTO memory_fts(memory_fts) VALUES ('optimize')");
  } catch {
    /* no FTS table (a foreign database) */
  }
}

/**
 * Rebuilds the file: deleting every other row frees no whole page, so incremental vacuum cannot
 * help there. Writers wait while it runs; readers go on (WAL).
 */
export function compact(sqlite: Database.Database): void {
  optimizeFts(sqlite);
  sqlite.exec("VACUUM");
  checkpointWal(sqlite);
}

/**
 * After deletions: merge the FTS index, give free pages back, and rebuild the file when less than
 * `threshold` of it still holds data. Returns whether it rebuilt the file.
 */
export function reclaimAfterDelete(sqlite: Database.Database, threshold = COMPACT_BELOW): boolean {
  optimizeFts(sqlite);
  incrementalVacuum(sqlite);
  if (fillRatio(sqlite).ratio >= threshold) return false;
  sqlite.exec("VACUUM");
  checkpointWal(sqlite);
  return true;
}

export const COMPACT_BELOW = 0.85;

export function vacuum(ctx: Ctx, { mode }: ParsedVacuumInput): VacuumResult {
  const before = dbSize(ctx.sqlite);
  let hint: string | null = null;
  if (mode === "full") {
    // Also turns incremental auto-vacuum on for databases created before it was the default.
    if (before.autoVacuum !== "incremental") ctx.sqlite.pragma("auto_vacuum = INCREMENTAL");
    compact(ctx.sqlite);
  } else {
    if (before.autoVacuum === "none") hint = "this database was created without auto_vacuum: run a full vacuum once (recollect vacuum --full)";
    incrementalVacuum(ctx.sqlite);
    const fill = fillRatio(ctx.sqlite);
    if (!hint && fill.ratio < COMPACT_BELOW)
      hint = `only ${Math.round(fill.ratio * 100)}% of the file holds data: \`recollect vacuum --full\` would shrink it further`;
  }
  const after = dbSize(ctx.sqlite);
  return { mode, before, after, reclaimedBytes: Math.max(0, before.sizeBytes + before.walBytes - after.sizeBytes - after.walBytes), hint };
}
