import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { recordInjected } from "../metrics/injected";
import { redact } from "../security/redaction";
import { connectionSlot } from "../db/connection-state";

/**
 * Records that memories were injected into a conversation: one `access_log` row of kind "inject"
 * per memory, with the session and, for a recall block, the message that found it (a stable block
 * has no query). The write goes through `defer` (the routes batch it off the agent's hot path).
 */
export function recordInjection(ctx: Ctx, ids: string[], sessionId: string | null, query: string | null, defer: (task: () => void) => void = runNow) {
  if (ids.length === 0) return;
  const at = Date.now();
  const list = JSON.stringify(ids);
  // Redacted before it is cut: a cut could split a secret so the detectors miss its head.
  const text = query === null ? null : redact(query).slice(0, 500);
  defer(() => {
    prepared(ctx.sqlite, "INSERT INTO access_log(memory_id, kind, session_id, query, created_at) SELECT value, 'inject', ?, ?, ? FROM json_each(?)").run(
      sessionId,
      text,
      at,
      list,
    );
  });
}

/** Per database: the stable-block hash last recorded for each session (bounded, oldest dropped). */
const lastStable = connectionSlot<Map<string, string>>("lastStableBlock");
const MAX_SESSIONS = 5000;

/**
 * The stable block is fetched on many turns of a session with the same content: it is recorded
 * once per session and block version (hash), not once per request.
 */
export function recordStableInjection(
  ctx: Ctx,
  sessionId: string,
  block: { hash: string; memoryIds: string[]; tokens?: number },
  defer?: (task: () => void) => void,
): boolean {
  // Every serving to a session is an injection into its context (the plugin's cached copies report theirs).
  if (block.tokens) recordInjected("stable", block.tokens);
  let seen = lastStable.get(ctx.sqlite);
  if (!seen) lastStable.set(ctx.sqlite, (seen = new Map()));
  if (seen.get(sessionId) === block.hash) return false;
  seen.delete(sessionId);
  seen.set(sessionId, block.hash);
  while (seen.size > MAX_SESSIONS) seen.delete(seen.keys().next().value!);
  recordInjection(ctx, block.memoryIds, sessionId, null, defer);
  return true;
}

const runNow = (task: () => void) => task();
