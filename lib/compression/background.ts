import type { Ctx } from "../ctx";
import { logger } from "../logging/logger";
import { purgeExpiredCompression } from "./compressed-originals";

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes expired compressed originals and cache rows shortly after start and then hourly; never
 * blocks a request. Returns the stop.
 */
export function startCompressionPurge(ctx: Ctx): () => void {
  const run = () => {
    try {
      purgeExpiredCompression(ctx);
    } catch (error) {
      logger.warn(`compression purge failed: ${(error as Error).message}`);
    }
  };
  const first = setTimeout(run, 5_000).unref();
  const every = setInterval(run, PURGE_EVERY_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
