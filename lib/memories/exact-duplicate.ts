import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import type { MemoryRow } from "./dto";
import { fromRaw, MEMORY_COLUMNS, type RawMemoryRow } from "./row";
import type { Placement } from "./scope";

/** A live memory (active or suggested) with this content hash in this placement, other than `exceptId`. */
export function findExactDuplicate(sqlite: Database.Database, placement: Placement, hash: string, exceptId?: string): MemoryRow | undefined {
  const candidates = prepared(
    sqlite,
    `SELECT ${MEMORY_COLUMNS} FROM memories
     WHERE content_hash = ? AND scope = ? AND project_id IS ? AND (? IS NULL OR session_id = ?) AND status IN ('active', 'suggested')`,
  ).all(hash, placement.scope, placement.projectId, placement.sessionId, placement.sessionId) as RawMemoryRow[];
  const found = candidates.find((c) => c.id !== exceptId);
  return found && fromRaw(found);
}
