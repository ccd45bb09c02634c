import type { Ctx } from "../ctx";
import { backfillEntitiesSteps } from "../entities/backfill";
import { MERGE_EVERY_MS, mergeLexicalIndexSteps } from "../indexing";
import { postingsMerged } from "../search/lexical-postings";
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
 * process). The first tick also re-parses memory entities when the entity parser changed; every
 * tick merges the lexical index when it holds too many segments (sliced). Returns the stop.
 */
export function startSessionSweep(ctx: Ctx): () => void {
  let stopped = false;
  let merging = false;
  let mergedAt = Number.NEGATIVE_INFINITY;
  /** The lexical index's segments merged into one past a limit, sliced, at most once per MERGE_EVERY_MS (lib/indexing/lexical-merge.ts). */
  const mergeIndex = async () => {
    if (merging || stopped || Date.now() - mergedAt < MERGE_EVERY_MS) return;
    merging = true;
    try {
      const steps = await runSliced(
        mergeLexicalIndexSteps(
          ctx.sqlite,
          undefined,
          () => stopped,
          undefined,
          (before, after) => postingsMerged(ctx.sqlite, before, after),
        ),
      );
      if (steps) {
        mergedAt = Date.now();
        logger.info(`merged the lexical index into one segment (${steps} steps)`);
      }
    } catch (error) {
      logger.warn(`lexical index merge failed: ${(error as Error).message}`);
    } finally {
      merging = false;
    }
  };
  const run = () => {
    try {
      sweepOnce(ctx);
    } catch (error) {
      logger.warn(`session/KV sweep failed: ${(error as Error).message}`);
    }
    void mergeIndex();
  };
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
