import type Database from "better-sqlite3";
import type { Ctx } from "../ctx";
import { redact } from "../security/redaction";
import { prepared } from "../db/prepared";

/** One search's or recall's access of its returned memories. */
export interface AccessRecord {
  ids: string[];
  kind: "search" | "recall";
  sessionId: string | null;
  query: string;
  /** When it was answered (ms since the epoch): last_accessed_at and the log row's created_at. */
  at: number;
}

/**
 * Counts an access of each returned memory: access_count/last_accessed_at and one access_log row
 * each, as two statements in one transaction (this runs on the agent's hot path).
 */
export function recordAccess(ctx: Ctx, ids: string[], kind: "search" | "recall", sessionId: string | null, query: string) {
  recordAccesses(ctx.sqlite, [{ ids, kind, sessionId, query, at: Date.now() }]);
}

/**
 * The accesses of many searches in one transaction of two statements (the batched path,
 * access-buffer.ts): each memory's count goes up by how often it was returned and its
 * last_accessed_at is the latest of them; one access_log row per returned memory per search, in
 * the order they were answered. A memory deleted since its search is skipped (its log rows too:
 * they would go with it). Run one search at a time this cost about 0.3 ms of the server's thread
 * per search at 100,000 memories (a savepoint and two statements each); merged, a fraction of it.
 */
export function recordAccesses(sqlite: Database.Database, records: readonly AccessRecord[]) {
  const counts = new Map<string, { n: number; at: number }>();
  const log: [string, string, string | null, string, number][] = [];
  const redacted = new Map<string, string>();
  for (const r of records) {
    if (r.ids.length === 0) continue;
    // Redacted before it is cut: a cut could split a secret so the detectors miss its head.
    let query = redacted.get(r.query);
    if (query === undefined) redacted.set(r.query, (query = redact(r.query).slice(0, 500)));
    for (const id of r.ids) {
      const c = counts.get(id);
      if (c) {
        c.n++;
        c.at = Math.max(c.at, r.at);
      } else counts.set(id, { n: 1, at: r.at });
      log.push([id, r.kind, r.sessionId, query, r.at]);
    }
  }
  if (log.length === 0) return;
  const bump = prepared(
    sqlite,
    "UPDATE memories SET access_count = access_count + c.value->>1, last_accessed_at = c.value->>2 FROM json_each(?) c WHERE memories.id = c.value->>0",
  );
  const insert = prepared(
    sqlite,
    "INSERT INTO access_log(memory_id, kind, session_id, query, created_at) SELECT r.value->>0, r.value->>1, r.value->>2, r.value->>3, r.value->>4 " +
      "FROM json_each(?) r WHERE EXISTS (SELECT 1 FROM memories m WHERE m.id = r.value->>0) ORDER BY r.key",
  );
  sqlite
    .transaction(() => {
      bump.run(JSON.stringify([...counts].map(([id, c]) => [id, c.n, c.at])));
      insert.run(JSON.stringify(log));
    })
    .immediate();
}

/**
 * A deferred task (SearchOptions.defer) that records `record`; the batched writer
 * (access-buffer.ts) recognises it and merges it with the others of its flush.
 */
export function accessTask(ctx: Ctx, record: AccessRecord, onError: (error: Error) => void): AccessTask {
  const task = () => {
    try {
      recordAccesses(ctx.sqlite, [record]);
    } catch (error) {
      onError(error as Error);
    }
  };
  return Object.assign(task, { access: record });
}

export type AccessTask = (() => void) & { access: AccessRecord };

export const isAccessTask = (task: () => void): task is AccessTask => "access" in task;
