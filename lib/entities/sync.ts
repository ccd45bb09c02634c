import { sql } from "drizzle-orm";
import type { Db } from "../db/open";
import type { MemoryRow } from "../memories/dto";
import { parseEntities } from "./parse";

type Writer = Pick<Db, "run">;

/** Replaces a memory's rows in `memory_entities` with what its title and content reference now. */
export function syncEntities(tx: Writer, row: Pick<MemoryRow, "id" | "title" | "content">) {
  tx.run(sql`DELETE FROM memory_entities WHERE memory_id = ${row.id}`);
  for (const e of parseEntities(`${row.title ?? ""}\n${row.content}`)) {
    tx.run(sql`INSERT OR IGNORE INTO memory_entities(memory_id, kind, value) VALUES (${row.id}, ${e.kind}, ${e.value})`);
  }
}
