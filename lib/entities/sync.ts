import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import type { MemoryRow } from "../memories/dto";
import { type Entity, parseEntities } from "./parse";

/**
 * Replaces a memory's rows in `memory_entities` with what its title and content reference now.
 * `fresh`: the row was just inserted, so there is nothing to replace.
 */
export function syncEntities(sqlite: Database.Database, row: Pick<MemoryRow, "id" | "title" | "content">, fresh = false) {
  if (!fresh) prepared(sqlite, "DELETE FROM memory_entities WHERE memory_id = ?").run(row.id);
  writeEntities(sqlite, row.id, entitiesOf(row));
}

/** What a memory's title and content reference: parsed apart from the write (an import parses ahead of its transaction). */
export function entitiesOf(row: Pick<MemoryRow, "title" | "content">): Entity[] {
  return parseEntities(`${row.title ?? ""}\n${row.content}`);
}

/** Inserts a new memory's entity rows, parsed by `entitiesOf`. */
export function writeEntities(sqlite: Database.Database, memoryId: string, entities: Entity[]) {
  if (entities.length === 0) return;
  const insert = prepared(sqlite, "INSERT OR IGNORE INTO memory_entities(memory_id, kind, value) VALUES (?, ?, ?)");
  for (const e of entities) insert.run(memoryId, e.kind, e.value);
}
