import { openDatabase, type OpenedDatabase } from "./db/open";
import { log } from "./logging/logger";
import { catchUpDerived, initDerivedWatermark } from "./indexing";
import { ensureLexicalIndex } from "./indexing/lexical-index";

/**
 * Opens the database (lib/db/open.ts: pragmas, migrations, triggers) and brings what is derived
 * from its rows up to date: the watermark of the deferred index rows, the rows a crash left
 * pending, and the lexical index when another tokenizer version built it. The one way the server,
 * the tests and the benchmarks open a database for use; a read-only open does neither.
 */
export function openStore(file: string, options: { migrationsDir?: string; readonly?: boolean } = {}): OpenedDatabase {
  const opened = openDatabase(file, options);
  if (options.readonly) return opened;
  const { sqlite } = opened;
  try {
    initDerivedWatermark(sqlite);
    // Memories left pending by a crash get their index rows before anything reads them (another
    // process busy writing will do it, or the first reader; the server starts either way).
    try {
      catchUpDerived(sqlite);
    } catch (error) {
      log("warn", "pending index rows not written at open", { error: (error as Error).message });
    }
    ensureLexicalIndex(sqlite);
    return opened;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}
