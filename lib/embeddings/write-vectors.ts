import type Database from "better-sqlite3";
import { VECTOR_TABLE } from "../db/virtual-tables";
import { markVectorsChanged } from "../indexing/vector-index";

export interface VectorRowMeta {
  seq: number;
  projectId: string | null;
  scope: string;
  category: string;
  status: string;
  sessionId: string | null;
}

/** Replaces the vectors of these memories (caller holds a transaction) and tells the in-process index. */
export function writeVectors(sqlite: Database.Database, rows: VectorRowMeta[], vectors: Float32Array[]) {
  const del = sqlite.prepare(`DELETE FROM ${VECTOR_TABLE} WHERE seq = ?`);
  const ins = sqlite.prepare(`INSERT INTO ${VECTOR_TABLE}(seq, embedding, project, scope, category, status, session) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  rows.forEach((r, i) => {
    const seq = BigInt(r.seq);
    del.run(seq);
    ins.run(seq, vectors[i], r.projectId ?? "", r.scope, r.category, r.status, r.scope === "session" ? (r.sessionId ?? "") : "");
  });
  markVectorsChanged(
    sqlite,
    rows.map((r) => r.seq),
  );
}
