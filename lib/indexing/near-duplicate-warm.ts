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

/**
 * Reads the memories another connection of this process created (a sliced write) into the index,
 * a slice per event-loop turn, so the next check does not read and tokenize them all in one go
 * (4.8 s after a 4 x 2 MB notes ingest, /api/health held). Fails open: the next check catches up.
 */
export async function catchUpNearDuplicatesInSlices(index: NearDuplicateIndex, sqlite: Database.Database, slice = 200): Promise<void> {
  try {
    while (sqlite.open && !sqlite.inTransaction && index.catchUpSlice(slice)) await new Promise<void>((resolve) => setImmediate(resolve));
  } catch (error) {
    logger.warn("near-duplicate index: catch-up failed, left to the next check", { error: (error as Error).message });
    index.reset();
  }
}
