import { sql } from "drizzle-orm";
import type { Db } from "../db/open";
import type { MemoryRow } from "../memories/dto";
import { tokenize } from "./tokenizer";

type Writer = Pick<Db, "run">;

/**
 * Keeps the lexical index (and the embedding queue) in step with a memory. Called by every memory
 * verb inside its own transaction, so the index never disagrees with the table.
 */
export function indexMemory(tx: Writer, row: Pick<MemoryRow, "seq" | "id" | "title" | "tags" | "content">) {
  tx.run(sql`DELETE FROM memory_fts WHERE rowid = ${row.seq}`);
  tx.run(
    sql`INSERT INTO memory_fts(rowid, title, tags, content) VALUES (${row.seq}, ${tokenize(row.title ?? "").join(" ")}, ${tokenize(row.tags.join(" ")).join(" ")}, ${tokenize(row.content).join(" ")})`,
  );
  tx.run(sql`INSERT INTO embedding_queue(memory_id) VALUES (${row.id}) ON CONFLICT(memory_id) DO UPDATE SET attempts = 0, last_error = NULL`);
}

export function unindexMemory(tx: Writer, seq: number) {
  tx.run(sql`DELETE FROM memory_fts WHERE rowid = ${seq}`);
}
