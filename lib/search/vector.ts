import type { Ctx } from "../ctx";
import { VECTOR_TABLE, vectorTableExists } from "../db/virtual-tables";
import { prepared } from "../db/prepared";
import { vectorConditions, type SearchFilters } from "./filters";
import { searchVectorIndex, vectorIndexWarming } from "../indexing/vector-index";

export interface VectorHit {
  seq: number;
  /** Cosine distance: 0 = same direction. */
  distance: number;
}

/**
 * The `k` nearest memories by cosine distance, from the in-process index (lib/indexing/vector-index.ts):
 * filters first, then sign-bit prefilter and exact re-rank. The filters select the candidates, so
 * k results come back even when most vectors are filtered out.
 */
export function vectorSearch(ctx: Ctx, embedding: Float32Array, filters: SearchFilters, k: number): VectorHit[] {
  // While the index loads in slices (after start), sqlite-vec answers: one scan, not the whole load at once.
  if (vectorIndexWarming(ctx.sqlite)) return vectorSearchSql(ctx, embedding, filters, k);
  return searchVectorIndex(ctx.sqlite, embedding, filters, k) ?? [];
}

/** The same through sqlite-vec's KNN (metadata constraints inside the scan): the reference. */
export function vectorSearchSql(ctx: Ctx, embedding: Float32Array, filters: SearchFilters, k: number): VectorHit[] {
  if (!vectorTableExists(ctx.sqlite)) return [];
  const cond = vectorConditions(filters);
  const sql = `SELECT seq, distance FROM ${VECTOR_TABLE} WHERE embedding MATCH ? AND k = ? AND ${cond.sql} ORDER BY distance`;
  const rows = prepared(ctx.sqlite, sql).all(embedding, Math.min(k, 4096), ...cond.params) as { seq: number | bigint; distance: number }[];
  return rows.map((r) => ({ seq: Number(r.seq), distance: r.distance }));
}
