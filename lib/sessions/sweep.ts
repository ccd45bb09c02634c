import type { Ctx } from "../ctx";
import { backfillEntitiesSteps } from "../entities/backfill";
import { runSliced } from "../slices";
import { purgeExpiredKv } from "../kv/store";
import { logger } from "../logging/logger";
import { expireStale } from "./expire";

/** One pass of the sweep: stale sessions end, lapsed claims go, expired KV entries are purged. */
export function sweepOnce(ctx: Ctx, now = Date.now()) {
  const expired = expireStale(ctx, now);
  return { ...expired, kv: purgeExpiredKv(ctx, now) };
}

/**
 * Every `sessions.sweepIntervalSeconds`, off the request path (timers unref'd: they never hold the
 * process). The first tick also re-parses memory entities when the entity parser changed. Returns
 * the stop.
 */
export function startSessionSweep(ctx: Ctx): () => void {
  const run = () => {
    try {
      sweepOnce(ctx);
    } catch (error) {
      logger.warn(`session/KV sweep failed: ${(error as Error).message}`);
    }
  };
  let stopped = false;
  const first = setTimeout(async () => {
    try {
      // Sliced: a request gets a turn between two batches (1,000,000 memories take minutes).
      const n = await runSliced(backfillEntitiesSteps(ctx, undefined, () => stopped));
      if (n) logger.info(`parsed entities of ${n} memories (new entity parser)`);
    } catch (error) {
      logger.warn(`entity backfill failed: ${(error as Error).message}`);
    }
    if (!stopped) run();
  }, 2_000).unref();
  const every = setInterval(run, ctx.config.sessions.sweepIntervalSeconds * 1000).unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
