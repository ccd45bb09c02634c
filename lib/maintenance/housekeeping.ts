import type { Ctx } from "../ctx";
import { logger } from "../logging/logger";
import { trimChangeLog } from "./change-log";
import { incrementalVacuum } from "./vacuum";

const INTERVAL_MS = 60 * 60 * 1000;

/**
 * Hourly, off the request path (started by boot, lib/background.ts): trims the memory change log,
 * and gives free pages back when they pile up (permanent deletes, purged compressed originals and
 * caches leave them; SQLite reuses them, but a file that shrank in use should shrink on disk too).
 * Returns the stop.
 */
export function startHousekeeping(ctx: Ctx): () => void {
  const timer = setInterval(() => housekeep(ctx), INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Trims the memory change log (change-log.ts), and vacuums incrementally when
 * more than 10% of the file (and at least 1 MiB) is free pages.
 */
export function housekeep(ctx: Ctx): { vacuumed: boolean; freePages: number } {
  try {
    trimChangeLog(ctx.sqlite, ctx.services.nearDuplicates);
  } catch (error) {
    logger.warn("housekeeping: change log not trimmed", { error: (error as Error).message });
  }
  try {
    const free = ctx.sqlite.pragma("freelist_count", { simple: true }) as number;
    const pages = ctx.sqlite.pragma("page_count", { simple: true }) as number;
    const pageSize = ctx.sqlite.pragma("page_size", { simple: true }) as number;
    if (free * pageSize < 1024 * 1024 || free < pages * 0.1) return { vacuumed: false, freePages: free };
    incrementalVacuum(ctx.sqlite);
    logger.info("housekeeping: incremental vacuum", { freedPages: free });
    return { vacuumed: true, freePages: free };
  } catch (error) {
    logger.warn("housekeeping failed", { error: (error as Error).message });
    return { vacuumed: false, freePages: -1 };
  }
}
