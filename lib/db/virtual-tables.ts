import type Database from "better-sqlite3";
import { forgetPrepared } from "./prepared";
import { createVectorTableTriggers, dropVectorTableTriggers } from "./triggers";
import { connectionSlot } from "./connection-state";

/**
 * The virtual tables made at run time (`memory_fts`, the FTS5 lexical index, is a migration).
 *
 * `memory_vectors`: a sqlite-vec vec0 table (cosine) keyed by memories.seq, with the filter columns
 * as vec0 metadata columns so project/scope/category/status/session filters run inside the KNN
 * scan. Created at run time because its dimension is the model's. Its triggers
 * (lib/db/triggers.ts) keep the filter columns and deletions in step with `memories`.
 */
export const VECTOR_TABLE = "memory_vectors";

/** Counts the creates and drops of the vector table per connection, so caches of it know to reload. */
const generations = connectionSlot<number>("vectorTableGeneration");

/** Changes whenever the vector table is created or dropped on this connection. */
export function vectorTableGeneration(sqlite: Database.Database): number {
  return generations.get(sqlite) ?? 0;
}

function vectorTableChanged(sqlite: Database.Database) {
  forgetPrepared(sqlite);
  generations.set(sqlite, vectorTableGeneration(sqlite) + 1);
}

export function vectorTableExists(sqlite: Database.Database): boolean {
  return !!sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(VECTOR_TABLE);
}

export function createVectorTable(sqlite: Database.Database, dimension: number) {
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > 8192) throw new Error(`bad embedding dimension ${dimension}`);
  sqlite.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS ${VECTOR_TABLE} USING vec0(
      seq integer primary key,
      embedding float[${dimension}] distance_metric=cosine,
      project text,
      scope text,
      category text,
      status text,
      session text
    );
  `);
  createVectorTableTriggers(sqlite, VECTOR_TABLE);
  vectorTableChanged(sqlite);
}

export function dropVectorTable(sqlite: Database.Database) {
  // Triggers first: a trigger naming a missing table would make every memory update fail.
  dropVectorTableTriggers(sqlite);
  sqlite.exec(`DROP TABLE IF EXISTS ${VECTOR_TABLE}`);
  vectorTableChanged(sqlite);
}

export function countVectors(sqlite: Database.Database): number {
  if (!vectorTableExists(sqlite)) return 0;
  return (sqlite.prepare(`SELECT count(*) AS n FROM ${VECTOR_TABLE}`).get() as { n: number }).n;
}

/**
 * `temp.memory_fts_vocab`: how many memories hold each term of `memory_fts` (an fts5vocab table),
 * per connection, so nothing is added to the database file. Returns its name. A temp table made in
 * a transaction that rolls back goes with it: a reader that fails on it calls this again.
 */
export function ensureTermCountTable(sqlite: Database.Database): string {
  sqlite.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.memory_fts_vocab USING fts5vocab(main, memory_fts, row)");
  return "temp.memory_fts_vocab";
}

/**
 * `temp.memory_fts_instance`: one row per occurrence of a term (its memory, column and offset), an
 * fts5vocab table per connection like the one above; lexical-postings.ts reads a term's postings
 * from it (seeking the term).
 */
export function ensureTermInstanceTable(sqlite: Database.Database): string {
  sqlite.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.memory_fts_instance USING fts5vocab(main, memory_fts, instance)");
  return "temp.memory_fts_instance";
}
