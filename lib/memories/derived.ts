import { syncEntities } from "../entities/sync";
import { indexMemory } from "../search/sync";
import type { MemoryRow } from "./dto";

/**
 * Everything derived from a memory's text (lexical index, embedding queue, parsed entities),
 * refreshed inside the transaction (`tx`) of the verb that changed it. `fresh`: a new row.
 */
export function syncDerived(tx: object, row: MemoryRow, fresh = false) {
  indexMemory(tx, row, fresh);
  syncEntities(tx, row, fresh);
}
