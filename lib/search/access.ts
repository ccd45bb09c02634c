import type { Ctx } from "../ctx";
import { redact } from "../security/redaction";
import { prepared } from "../db/prepared";

/**
 * Counts an access of each returned memory: access_count/last_accessed_at and one access_log row
 * each, as two statements in one transaction (this runs on the agent's hot path).
 */
export function recordAccess(ctx: Ctx, ids: string[], kind: "search" | "recall", sessionId: string | null, query: string) {
  if (ids.length === 0) return;
  const now = Date.now();
  const list = JSON.stringify(ids);
  const bump = prepared(ctx.sqlite, "UPDATE memories SET access_count = access_count + 1, last_accessed_at = ? WHERE id IN (SELECT value FROM json_each(?))");
  const log = prepared(ctx.sqlite, "INSERT INTO access_log(memory_id, kind, session_id, query, created_at) SELECT value, ?, ?, ?, ? FROM json_each(?)");
  ctx.sqlite
    .transaction(() => {
      bump.run(now, list);
      // Redacted before it is cut: a cut could split a secret so the detectors miss its head.
      log.run(kind, sessionId, redact(query).slice(0, 500), now, list);
    })
    .immediate();
}
