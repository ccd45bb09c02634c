/**
 * What the enrichment remembers of one issue tracker between calls (kept per database in
 * `ctx.services.enrichmentTrackers`, by tracker and host): its back-off and the token it refused.
 */
export interface TrackerState {
  blockedUntil: number;
  /** Why the tracker is paused: its rate limit (reported), or no answer (silent). */
  pausedFor?: "rate_limited" | "unreachable";
  /** The token the tracker refused: not sent again. */
  refusedToken?: string;
  problem?: string;
}
