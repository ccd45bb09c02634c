import type { Ctx } from "../ctx";
import type { EntityKind } from "../entities/parse";
import { logger } from "../logging/logger";
import { catchUpForReader } from "../indexing";
import { cachedTrackerItem, refreshTrackerItem, trackerRefFor, type TokenEnv } from "./refresh";

const TRACKER_KINDS: EntityKind[] = ["issue", "mr", "epic", "url"];
/** Fetches per pass: a slow trickle, far below any tracker's rate limit. */
const PER_PASS = 20;
const SCAN_LIMIT = 2000;
const INTERVAL_MS = 60_000;

/**
 * One background pass: the tracker entities of the newest memories that have no cached
 * metadata (or stale metadata) are fetched, a few per pass. Returns how many were fetched.
 */
export async function enrichInBackground(ctx: Ctx, now = Date.now(), env: TokenEnv = process.env as TokenEnv): Promise<number> {
  if (!ctx.config.enrichment.enabled || (!env.GITHUB_TOKEN && !env.GITLAB_TOKEN)) return 0;
  // Entities of the newest memories are written after the store returns (lib/indexing/derived.ts, through lib/indexing).
  catchUpForReader(ctx.sqlite);
  const rows = ctx.sqlite
    .prepare(
      `SELECT e.kind, e.value, max(m.seq) AS seq, p.root_path AS root FROM memory_entities e
       JOIN memories m ON m.id = e.memory_id LEFT JOIN projects p ON p.id = m.project_id
       WHERE e.kind IN (${TRACKER_KINDS.map(() => "?").join(",")}) AND m.status IN ('active', 'suggested')
       GROUP BY e.kind, e.value, p.root_path ORDER BY seq DESC LIMIT ${SCAN_LIMIT}`,
    )
    .all(...TRACKER_KINDS) as { kind: EntityKind; value: string; root: string | null }[];
  let fetched = 0;
  const seen = new Set<string>();
  for (const row of rows) {
    if (fetched >= PER_PASS) break;
    const ref = await trackerRefFor(ctx, { kind: row.kind, value: row.value }, row.root);
    if (!ref || seen.has(ref.key)) continue;
    seen.add(ref.key);
    const cached = cachedTrackerItem(ctx, ref.key);
    if (cached && cached.expiresAt > now) continue;
    const out = await refreshTrackerItem(ctx, ref, { now, env });
    if (out.status === "fetched") fetched++;
    // A paused or refused tracker answers from memory: the other tracker still gets its turn.
  }
  return fetched;
}

/** Runs a pass every minute, off every request's path (started by lib/background.ts). Returns the stop. */
export function startEnrichment(ctx: Ctx, intervalMs = INTERVAL_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    enrichInBackground(ctx)
      .catch((error) => logger.warn("enrichment pass failed", { message: (error as Error).message }))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
