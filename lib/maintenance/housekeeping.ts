import type { Ctx } from "../ctx";
import { logger } from "../logging/logger";
import { trimChangeLog } from "../search/near-duplicate-index";
import { incrementalVacuum } from "./vacuum";

/**
 * Hourly, off the request path: trims the memory change log, and gives free pages back when they
 * pile up (permanent deletes, purged CCR entries and caches leave them; SQLite reuses them, but a
 * file that shrank in use should shrink on disk too). Triggered by requests (one timestamp
 * comparison each), run on a later tick.
 */
const INTERVAL_MS = 60 * 60 * 1000;
const g = globalThis as typeof globalThis & { __recollectHousekeeping?: { last: number; running: boolean } };

export function maybeHousekeep(ctx: Ctx, now = Date.now()): void {
  const state = (g.__recollectHousekeeping ??= { last: now, running: false });
  if (state.running || now - state.last < INTERVAL_MS) return;
  state.running = true;
  state.last = now;
  setTimeout(() => {
    try {
      housekeep(ctx);
    } finally {
      state.running = false;
    }
  }, 0).unref();
}

/**
 * Trims the memory change log (lib/search/near-duplicate-index.ts), and vacuums incrementally when
 * more than 10% of the file (and at least 1 MiB) is free pages.
 */
export function housekeep(ctx: Ctx): { vacuumed: boolean; freePages: number } {
  try {
    trimChangeLog(ctx.sqlite);
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
