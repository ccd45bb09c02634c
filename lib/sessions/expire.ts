import type { Ctx } from "../ctx";

/**
 * Ends sessions whose last heartbeat is older than `sessions.staleAfterSeconds` and drops claims
 * that expired or whose holder is no longer active. Runs in the background sweep and before
 * listings, so what is reported as active really is.
 */
export function expireStale(ctx: Ctx, now = Date.now()): { sessions: number; claims: number } {
  const staleBefore = now - ctx.config.sessions.staleAfterSeconds * 1000;
  return ctx.sqlite
    .transaction(() => {
      const sessions = ctx.sqlite
        .prepare("UPDATE sessions SET status = 'ended', ended_at = last_heartbeat_at WHERE status = 'active' AND last_heartbeat_at <= ?")
        .run(staleBefore).changes;
      const claims = ctx.sqlite
        .prepare(
          `DELETE FROM claims WHERE expires_at <= ?
             OR session_id IN (SELECT id FROM sessions WHERE status = 'ended')`,
        )
        .run(now).changes;
      return { sessions, claims };
    })
    .immediate();
}
