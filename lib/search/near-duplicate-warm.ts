import type Database from "better-sqlite3";
import { logger } from "../logging/logger";
import type { NearDuplicateIndex } from "./near-duplicate-index";

/**
 * Builds the index when the server starts, a slice per event-loop turn, so that the first store
 * does not wait for it. A check that comes first finishes the build itself.
 */
export function warmNearDuplicateIndex(index: NearDuplicateIndex, sqlite: Database.Database, slice = 500) {
  const step = () => {
    try {
      if (!sqlite.open) return;
      // A slice reads what is committed: it waits for the connection's open transaction to end.
      if (sqlite.inTransaction || index.buildSlice(slice)) setImmediate(step).unref();
    } catch (error) {
      logger.warn("near-duplicate index: build failed, left to the first check", { error: (error as Error).message });
      index.reset();
    }
  };
  setImmediate(step).unref();
}
