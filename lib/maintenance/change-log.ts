import type Database from "better-sqlite3";
import type { NearDuplicateIndex } from "../indexing/near-duplicate-index";

/** Change-log entries kept by `trimChangeLog`: an index further behind than this is built again. */
export const CHANGE_LOG_KEPT = 10_000;

/**
 * Drops all but the last CHANGE_LOG_KEPT entries of the memory change log (housekeeping), after
 * bringing this connection's near-duplicate index up to date, so that it never has to be built
 * again for it. Returns how many entries went.
 */
export function trimChangeLog(sqlite: Database.Database, index: NearDuplicateIndex): number {
  return sqlite
    .transaction(() => {
      if (index.ready) index.catchUp();
      return sqlite.prepare(`DELETE FROM memory_changes WHERE id <= (SELECT max(id) FROM memory_changes) - ${CHANGE_LOG_KEPT}`).run().changes;
    })
    .immediate();
}
