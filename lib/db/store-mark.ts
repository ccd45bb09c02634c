import type Database from "better-sqlite3";
import { prepared } from "./prepared";

/**
 * What creates, changes and deletes of memories have moved since: the last seq (creates) and the
 * last entry of the change log (text, placement and status changes, deletes; lib/db/triggers.ts),
 * whoever wrote (this connection, another one, plain SQL). A plan made from reads of memories
 * (duplicates, kept ids, earlier notes) outside its write transaction still holds inside it when
 * the mark is the same; two indexed reads.
 */
export function storeMark(sqlite: Database.Database): string {
  const row = prepared(
    sqlite,
    "SELECT (SELECT coalesce(max(seq), 0) FROM memories) AS seq, (SELECT coalesce(max(id), 0) FROM memory_changes) AS change",
  ).get() as { seq: number; change: number };
  return `${row.seq}:${row.change}`;
}
