import type pg from "pg";
import type { VectorHit } from "../../search/vector";
import { emptyProjectVectors, nearestVectors, type ProjectVectors, putVector } from "./vector-rows";

/**
 * Ranking by meaning on the hub, from the embeddings machines push (`hub_memories.embedding`,
 * real[]). Two modes, reported in /api/health (`team.hub.vectors`):
 *
 * - `pgvector`: the `vector` extension is installed. One HNSW index per embedding dimension, on
 *   the real[] cast to vector(d) (a column of one fixed dimension would tie the hub to one model);
 *   the query is the same cast, so the planner uses that index.
 * - `in-process-sign-bits`: plain PostgreSQL. The hub keeps each project's vectors in memory
 *   (normalized, one Float32Array, and one sign bit a dimension), catches up from `seq` (what
 *   changed since the last read: one indexed query) and ranks exactly up to EXACT_LIMIT vectors,
 *   above it by a sign-bit prefilter and an exact re-rank (InProcessVectors).
 */
export type HubVectorMode = "pgvector" | "in-process-sign-bits";

const dimsOk = (dims: number) => Number.isInteger(dims) && dims >= 1 && dims <= 16_000;

/** The HNSW index of one dimension (pgvector mode), built once per dimension seen. */
export function pgvectorIndexSql(dims: number): string {
  if (!dimsOk(dims)) throw new Error(`bad embedding dimension ${dims}`);
  return `CREATE INDEX IF NOT EXISTS hub_memories_embedding_${dims}_idx ON hub_memories
    USING hnsw ((embedding::vector(${dims})) vector_cosine_ops) WHERE array_length(embedding, 1) = ${dims}`;
}

/** The k nearest live memories of a project by cosine distance (pgvector mode): $1 project, $2 the query vector, $3 k. */
export function pgvectorSearchSql(dims: number): string {
  if (!dimsOk(dims)) throw new Error(`bad embedding dimension ${dims}`);
  return `SELECT seq::float8 AS seq, (embedding::vector(${dims}) <=> $2::vector(${dims}))::float8 AS distance
      FROM hub_memories
     WHERE array_length(embedding, 1) = ${dims} AND project = $1 AND NOT deleted
     ORDER BY embedding::vector(${dims}) <=> $2::vector(${dims}) LIMIT $3`;
}

/** pgvector's text form of a vector. */
export const vectorLiteral = (v: ArrayLike<number>) => `[${Array.from(v).join(",")}]`;

/** The nearest memories through pgvector's HNSW index (built first when this dimension is new). */
export async function pgvectorSearch(pool: pg.Pool, indexed: Set<number>, project: string, query: Float32Array, k: number): Promise<VectorHit[]> {
  if (!indexed.has(query.length)) {
    await pool.query(pgvectorIndexSql(query.length));
    indexed.add(query.length);
  }
  const { rows } = await pool.query<VectorHit>(pgvectorSearchSql(query.length), [project, vectorLiteral(query), k]);
  return rows;
}

/** Up to this many rows a catch-up read (a project's first read pages through). */
const CATCH_UP_PAGE = 20_000;

/**
 * The in-process mode: each project's vectors in memory, kept up to date from `seq` before each
 * ranking (the index is per project, so the project filter is applied before any vector is read).
 * One hub process holds them (a second one keeps its own copy).
 *
 * Approximate above EXACT_LIMIT vectors: each vector also keeps one sign bit a dimension; a search
 * ranks every live vector by the Hamming distance of those bits to the query's (12 popcounts for 384
 * dimensions instead of 384 multiply-adds), keeps the closest `rerankSize` and ranks those by exact
 * cosine. The same technique as the local index (lib/indexing/vector-index.ts). Nothing to train:
 * a pushed or edited vector is in the index as soon as the catch-up reads it, and nothing drifts.
 */
export class InProcessVectors {
  private readonly projects = new Map<string, ProjectVectors>();
  private readonly catchingUp = new Map<string, Promise<ProjectVectors>>();

  constructor(private readonly pool: pg.Pool) {}

  /** The k nearest live vectors of a project; `exhaustive` compares every one (the bench's reference). */
  async search(project: string, query: Float32Array, k: number, options: { exhaustive?: boolean } = {}): Promise<VectorHit[]> {
    return nearestVectors(await this.current(project, query.length), query, k, options);
  }

  /** A project's vectors after reading what changed since the last read (one catch-up at a time). */
  private current(project: string, dims: number): Promise<ProjectVectors> {
    const running = this.catchingUp.get(project);
    if (running) return running;
    const next = this.catchUp(project, dims).finally(() => this.catchingUp.delete(project));
    this.catchingUp.set(project, next);
    return next;
  }

  private async catchUp(project: string, dims: number): Promise<ProjectVectors> {
    let p = this.projects.get(project);
    if (!p || p.dims !== dims) {
      p = emptyProjectVectors(dims);
      this.projects.set(project, p);
    }
    for (;;) {
      const { rows } = await this.pool.query<{ id: string; seq: number; live: boolean; embedding: number[] | null }>(
        `SELECT id, seq::float8 AS seq, NOT deleted AS live, CASE WHEN array_length(embedding, 1) = $3 THEN embedding END AS embedding
           FROM hub_memories WHERE project = $1 AND seq > $2 ORDER BY seq LIMIT $4`,
        [project, p.seen, dims, CATCH_UP_PAGE],
      );
      for (const row of rows) putVector(p, row);
      if (rows.length) p.seen = rows.at(-1)!.seq;
      if (rows.length < CATCH_UP_PAGE) return p;
    }
  }
}
