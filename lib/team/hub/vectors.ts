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

/**
 * The same k nearest, compared exactly (no index): the ordering expression is not the one the HNSW
 * index serves, so the planner reads the project's rows (its btree) and sorts them.
 */
export function exactSearchSql(dims: number): string {
  if (!dimsOk(dims)) throw new Error(`bad embedding dimension ${dims}`);
  return `SELECT seq::float8 AS seq, (embedding::vector(${dims}) <=> $2::vector(${dims}))::float8 AS distance
      FROM hub_memories
     WHERE array_length(embedding, 1) = ${dims} AND project = $1 AND NOT deleted
     ORDER BY (embedding::vector(${dims}) <=> $2::vector(${dims})) + 0 LIMIT $3`;
}

/**
 * The nearest memories through pgvector's HNSW index (built first when this dimension is new).
 * HNSW filters after its scan (ef_search candidates of the whole hub): a project that is a small
 * part of a large hub may get fewer than k. Then the project's rows are compared exactly, which
 * returns k when the project has k (a project with fewer than k live vectors pays one exact query
 * of its few rows).
 */
export async function pgvectorSearch(pool: pg.Pool, indexed: Set<number>, project: string, query: Float32Array, k: number): Promise<VectorHit[]> {
  if (!indexed.has(query.length)) {
    await pool.query(pgvectorIndexSql(query.length));
    indexed.add(query.length);
  }
  const params = [project, vectorLiteral(query), k];
  const { rows } = await pool.query<VectorHit>(pgvectorSearchSql(query.length), params);
  if (rows.length >= k) return rows;
  return (await pool.query<VectorHit>(exactSearchSql(query.length), params)).rows;
}

/**
 * Up to this many rows a catch-up read: a search reads one slice inline, a longer backlog loads in
 * the background a slice at a time. Parsing a slice holds the hub's event loop (about 90 ms of CPU
 * for 1,000 vectors of 384 dimensions, measured at load 28), so slices stay small.
 */
export const CATCH_UP_SLICE = 1_000;

/**
 * A real[] in PostgreSQL's text form (`{0.1,-2.5e-05,…}`) as numbers. Read as text and split here:
 * node-postgres's array parser walks it a character at a time, about five times slower, and a
 * project's first load is mostly this parse.
 */
export function parseRealArray(text: string): Float32Array {
  const parts = text.slice(1, -1).split(",");
  const out = new Float32Array(parts.length);
  for (let i = 0; i < parts.length; i++) out[i] = Number(parts[i]);
  return out;
}

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
 *
 * Loading never holds a search: a search reads at most one slice of what changed; a longer backlog
 * (a project's first read after a hub start, a bulk import) is read in slices in the background,
 * and until it is in, search() answers null (the hub answers lexical-only, saying so). The hub
 * server starts loading every project's vectors when it opens (warmAll).
 */
export class InProcessVectors {
  private readonly projects = new Map<string, ProjectVectors>();
  /** One catch-up at a time per project (searches and the background load take turns). */
  private readonly turns = new Map<string, Promise<unknown>>();
  /** The background loads under way, by project. */
  private readonly loads = new Map<string, Promise<void>>();

  /** `slice`: rows a catch-up read (tests make it small to load a backlog without thousands of rows). */
  constructor(
    private readonly pool: pg.Pool,
    private readonly slice = CATCH_UP_SLICE,
  ) {}

  /**
   * The k nearest live vectors of a project, or null while its vectors are still loading in the
   * background; `exhaustive` compares every one (the bench's reference), `wait` waits for the load.
   */
  async search(project: string, query: Float32Array, k: number, options: { exhaustive?: boolean; wait?: boolean } = {}): Promise<VectorHit[] | null> {
    const dims = query.length;
    if (options.wait) await this.ready(project, dims);
    else if (this.loads.has(project)) return null;
    const { p, complete } = await this.inTurn(project, () => this.catchUp(project, dims, 1));
    if (!complete) {
      this.load(project, dims);
      if (!options.wait) return null;
      await this.ready(project, dims);
    }
    return nearestVectors(this.projects.get(project) ?? p, query, k, options);
  }

  /** The projects whose vectors are loading in the background (for /api/health). */
  loading(): string[] {
    return [...this.loads.keys()];
  }

  /** Resolves once the project's vectors are all read (loading them now if needed). */
  async ready(project: string, dims: number): Promise<void> {
    for (;;) {
      const running = this.loads.get(project);
      if (running) await running;
      const { complete } = await this.inTurn(project, () => this.catchUp(project, dims, 1));
      if (complete) return;
      this.load(project, dims);
    }
  }

  /**
   * Loads every project's vectors in the background (the hub server calls it when it opens), each
   * at the dimension of its newest vector; resolves when all are in.
   */
  async warmAll(): Promise<void> {
    const { rows } = await this.pool.query<{ project: string; dims: number | null }>(
      `SELECT p.project, (SELECT array_length(embedding, 1) FROM hub_memories m
                           WHERE m.project = p.project AND embedding IS NOT NULL ORDER BY seq DESC LIMIT 1) AS dims
         FROM (SELECT DISTINCT project FROM hub_memories) p`,
    );
    // One project after another (a search of a project not reached yet starts its own load).
    for (const r of rows) if (r.dims) await this.load(r.project, r.dims);
  }

  /** Reads a project's backlog in slices in the background (once: a second call joins the first). */
  private load(project: string, dims: number): Promise<void> {
    const running = this.loads.get(project);
    if (running) return running;
    const run = (async () => {
      for (;;) {
        const { complete } = await this.inTurn(project, () => this.catchUp(project, dims, 1));
        if (complete) return;
        // A turn between slices: a search waiting for its own catch-up is not held behind the whole load.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })()
      .catch(() => {})
      .finally(() => this.loads.delete(project));
    this.loads.set(project, run);
    return run;
  }

  private inTurn<T>(project: string, fn: () => Promise<T>): Promise<T> {
    const before = this.turns.get(project) ?? Promise.resolve();
    const next = before.then(fn, fn);
    this.turns.set(
      project,
      next.catch(() => {}),
    );
    return next;
  }

  /** Reads up to `slices` slices of what changed since the last read; complete when nothing is left. */
  private async catchUp(project: string, dims: number, slices: number): Promise<{ p: ProjectVectors; complete: boolean }> {
    let p = this.projects.get(project);
    if (!p || p.dims !== dims) {
      p = emptyProjectVectors(dims);
      this.projects.set(project, p);
    }
    for (let i = 0; i < slices; i++) {
      const { rows } = await this.pool.query<{ id: string; seq: number; live: boolean; embedding: string | null }>(
        `SELECT id, seq::float8 AS seq, NOT deleted AS live, CASE WHEN array_length(embedding, 1) = $3 THEN embedding::text END AS embedding
           FROM hub_memories WHERE project = $1 AND seq > $2 ORDER BY seq LIMIT $4`,
        [project, p.seen, dims, this.slice],
      );
      for (const row of rows) putVector(p, { ...row, embedding: row.embedding === null ? null : parseRealArray(row.embedding) });
      if (rows.length) p.seen = rows.at(-1)!.seq;
      if (rows.length < this.slice) return { p, complete: true };
    }
    return { p, complete: false };
  }
}
