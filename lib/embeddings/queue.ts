import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import { catchUpForReader } from "../indexing";
import { EMBED_CHARS } from "./query-cache";
import { writeVectors } from "./write-vectors";

/** Entries that failed this many times are left alone (reported as `failed`). */
export const MAX_ATTEMPTS = 5;

/** A queued memory's text as the worker reads it. */
export interface QueueRow {
  id: string;
  enqueuedAt: number;
  seq: number;
  title: string | null;
  content: string;
}

/** Queue entries still to embed (not given up on). */
export function pendingCount(sqlite: Database.Database): number {
  catchUpForReader(sqlite);
  return (prepared(sqlite, "SELECT count(*) AS n FROM embedding_queue WHERE attempts < ?").get(MAX_ATTEMPTS) as { n: number }).n;
}

/** Queue entries given up on after MAX_ATTEMPTS failures. */
export function failedCount(sqlite: Database.Database): number {
  return (prepared(sqlite, "SELECT count(*) AS n FROM embedding_queue WHERE attempts >= ?").get(MAX_ATTEMPTS) as { n: number }).n;
}

/** The next `size` entries to embed, oldest first. */
export function nextBatch(sqlite: Database.Database, size: number): QueueRow[] {
  catchUpForReader(sqlite);
  return prepared(
    sqlite,
    `SELECT q.memory_id AS id, q.enqueued_at AS enqueuedAt, m.seq AS seq, m.title AS title, m.content AS content
     FROM embedding_queue q JOIN memories m ON m.id = q.memory_id
     WHERE q.attempts < ? ORDER BY q.enqueued_at, q.memory_id LIMIT ?`,
  ).all(MAX_ATTEMPTS, size) as QueueRow[];
}

/** The text embedded for a memory: its title and content, cut at EMBED_CHARS. */
export const embeddedText = (r: QueueRow): string => ((r.title ? r.title + "\n" : "") + r.content).slice(0, EMBED_CHARS);

/** Counts a failed attempt for each entry of the batch (`message`: redacted already). */
export function failBatch(sqlite: Database.Database, batch: QueueRow[], message: string) {
  const fail = prepared(sqlite, "UPDATE embedding_queue SET attempts = attempts + 1, last_error = ? WHERE memory_id = ?");
  sqlite.transaction(() => batch.forEach((r) => fail.run(message.slice(0, 500), r.id))).immediate();
}

/** Writes the batch's vectors and takes its entries off the queue, unless a newer text was queued meanwhile. */
export function storeBatch(sqlite: Database.Database, batch: QueueRow[], vectors: Float32Array[]) {
  const current = prepared(sqlite, "SELECT seq, project_id AS projectId, scope, category, status, session_id AS sessionId FROM memories WHERE id = ?");
  const done = prepared(sqlite, "DELETE FROM embedding_queue WHERE memory_id = ? AND enqueued_at = ?");
  sqlite
    .transaction(() => {
      batch.forEach((r, i) => {
        const meta = current.get(r.id) as Parameters<typeof writeVectors>[1][number] | undefined;
        if (!meta) return; // removed meanwhile (its queue entry went with it)
        writeVectors(sqlite, [meta], [vectors[i]]);
        done.run(r.id, r.enqueuedAt); // a newer text stays queued
      });
    })
    .immediate();
}

/** Queues every memory (first use, a reindex), clearing past failures. */
export function enqueueAll(sqlite: Database.Database) {
  sqlite.exec("INSERT INTO embedding_queue(memory_id) SELECT id FROM memories WHERE true ON CONFLICT(memory_id) DO UPDATE SET attempts = 0, last_error = NULL");
}
