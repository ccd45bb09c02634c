import type Database from "better-sqlite3";
import { forgetPrepared } from "../search/filters";
import { markVectorsChanged, resetVectorIndex } from "../search/vector-index";

/**
 * `memory_vectors`: a sqlite-vec vec0 table (cosine) keyed by memories.seq, with the filter columns
 * as vec0 metadata columns so project/scope/category/status/session filters run inside the KNN scan.
 * Created at run time because its dimension is the model's. Triggers keep the filter columns and
 * deletions in step with `memories` in the writing transaction, whatever verb made the change.
 */
export const VECTOR_TABLE = "memory_vectors";

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
    CREATE TRIGGER IF NOT EXISTS memory_vectors_filters AFTER UPDATE OF project_id, scope, category, status, session_id ON memories
    BEGIN
      UPDATE ${VECTOR_TABLE} SET project = coalesce(new.project_id, ''), scope = new.scope, category = new.category,
        status = new.status, session = CASE WHEN new.scope = 'session' THEN coalesce(new.session_id, '') ELSE '' END
      WHERE seq = new.seq;
    END;
    CREATE TRIGGER IF NOT EXISTS memory_vectors_delete AFTER DELETE ON memories
    BEGIN
      DELETE FROM ${VECTOR_TABLE} WHERE seq = old.seq;
    END;
  `);
  forgetPrepared(sqlite);
  resetVectorIndex(sqlite);
}

export function dropVectorTable(sqlite: Database.Database) {
  // Triggers first: a trigger naming a missing table would make every memory update fail.
  sqlite.exec(`
    DROP TRIGGER IF EXISTS memory_vectors_filters;
    DROP TRIGGER IF EXISTS memory_vectors_delete;
    DROP TABLE IF EXISTS ${VECTOR_TABLE};
  `);
  forgetPrepared(sqlite);
  resetVectorIndex(sqlite);
}

export function countVectors(sqlite: Database.Database): number {
  if (!vectorTableExists(sqlite)) return 0;
  return (sqlite.prepare(`SELECT count(*) AS n FROM ${VECTOR_TABLE}`).get() as { n: number }).n;
}

export interface VectorRowMeta {
  seq: number;
  projectId: string | null;
  scope: string;
  category: string;
  status: string;
  sessionId: string | null;
}

/** Replaces the vectors of these memories (caller holds a transaction). */
export function writeVectors(sqlite: Database.Database, rows: VectorRowMeta[], vectors: Float32Array[]) {
  const del = sqlite.prepare(`DELETE FROM ${VECTOR_TABLE} WHERE seq = ?`);
  const ins = sqlite.prepare(
    `INSERT INTO ${VECTOR_TABLE}(seq, embedding, project, scope, category, status, session) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  rows.forEach((r, i) => {
    const seq = BigInt(r.seq);
    del.run(seq);
    ins.run(seq, vectors[i], r.projectId ?? "", r.scope, r.category, r.status, r.scope === "session" ? (r.sessionId ?? "") : "");
  });
  markVectorsChanged(sqlite, rows.map((r) => r.seq));
}
