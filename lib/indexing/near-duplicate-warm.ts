import type Database from "better-sqlite3";
import { logger } from "../logging/logger";
import type { NearDuplicateIndex } from "./near-duplicate-index";

/**
 * Builds the index when the server starts, a slice per event-loop turn, so that the first store
 * does not wait for it. A check that comes first finishes the build itself. A slice of 100 rows takes
 * about 2 ms (500 took about 11 ms at 100,000 memories: a search that came in waited that long).
 */
export function warmNearDuplicateIndex(index: NearDuplicateIndex, sqlite: Database.Database, slice = 100) {
  const step = () => {
    try {
      if (!sqlite.open) return;
      // A slice reads what is committed: it waits for the connection's open transaction to end.
      if (sqlite.inTransaction) return void setTimeout(step, 10).unref();
      // Not unref'd: an unref'd immediate lets the loop sleep until other I/O wakes it, so an idle
      // server built one slice per wake-up and never finished.
      if (index.buildSlice(slice)) setImmediate(step);
    } catch (error) {
      logger.warn("near-duplicate index: build failed, left to the first check", { error: (error as Error).message });
      index.reset();
    }
  };
  setImmediate(step);
}
