import type { Db } from "../db/open";
import { syncEntities } from "../entities/sync";
import { indexMemory } from "../search/sync";
import type { MemoryRow } from "./dto";

type Writer = Pick<Db, "run" | "insert" | "delete" | "select">;

/**
 * Everything derived from a memory's text (lexical index, embedding queue, parsed entities),
 * refreshed inside the transaction of the verb that changed it.
 */
export function syncDerived(tx: Writer, row: MemoryRow) {
  indexMemory(tx, row);
  syncEntities(tx, row);
}
