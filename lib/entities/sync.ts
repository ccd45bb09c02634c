import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import type { MemoryRow } from "../memories/dto";
import { parseEntities } from "./parse";

/**
 * Replaces a memory's rows in `memory_entities` with what its title and content reference now.
 * `fresh`: the row was just inserted, so there is nothing to replace.
 */
export function syncEntities(sqlite: Database.Database, row: Pick<MemoryRow, "id" | "title" | "content">, fresh = false) {
  if (!fresh) prepared(sqlite, "DELETE FROM memory_entities WHERE memory_id = ?").run(row.id);
  const entities = parseEntities(`${row.title ?? ""}\n${row.content}`);
  if (entities.length === 0) return;
  const insert = prepared(sqlite, "INSERT OR IGNORE INTO memory_entities(memory_id, kind, value) VALUES (?, ?, ?)");
  for (const e of entities) insert.run(row.id, e.kind, e.value);
}
