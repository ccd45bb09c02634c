import type pg from "pg";
import type { VectorHit } from "../../search/vector";

/**
 * Ranking by meaning on the hub, from the embeddings machines push (`hub_memories.embedding`,
 * real[]). Two modes, reported in /api/health (`team.hub.vectors`):
 *
 * - `pgvector`: the `vector` extension is installed. One HNSW index per embedding dimension, on
 *   the real[] cast to vector(d) (a column of one fixed dimension would tie the hub to one model);
 *   the query is the same cast, so the planner uses that index.
 * - `in-process`: plain PostgreSQL. The hub keeps each project's vectors in memory (normalized,
 *   one Float32Array), catches up from `seq` (what changed since the last read: one indexed query)
 *   and ranks by exact cosine distance.
 */
export type HubVectorMode = "pgvector" | "in-process";

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

interface ProjectVectors {
  dims: number;
  /** Row i's vector is matrix[i*dims, (i+1)*dims), normalized; seqs[i] = -1 for a removed row. */
  matrix: Float32Array;
  seqs: Float64Array;
  rows: number;
  rowOf: Map<string, number>;
  /** The highest hub seq read: the next catch-up reads what changed after it. */
  seen: number;
}

/** Up to this many rows a catch-up read (a project's first read pages through). */
const CATCH_UP_PAGE = 20_000;

/**
 * The in-process mode: each project's vectors in memory, kept up to date from `seq` before each
 * ranking. One hub process holds them (a second one keeps its own copy).
 */
export class InProcessVectors {
  private readonly projects = new Map<string, ProjectVectors>();
  private readonly catchingUp = new Map<string, Promise<ProjectVectors>>();

  constructor(private readonly pool: pg.Pool) {}

  async search(project: string, query: Float32Array, k: number): Promise<VectorHit[]> {
    const p = await this.current(project, query.length);
    if (p.dims !== query.length || p.rows === 0) return [];
    const q = normalized(query);
    const { matrix, seqs, dims } = p;
    // The best k so far, sorted by distance (k is small: tens).
    const best: VectorHit[] = [];
    // Four sums at once: the exact scan is the whole cost (100,000 x 384 multiply-adds), and
    // independent sums let the CPU overlap them (about 1.7x faster than one running sum).
    const whole = dims - (dims % 4);
    for (let r = 0; r < p.rows; r++) {
      if (seqs[r]! < 0) continue;
      let a = 0;
      let b = 0;
      let c = 0;
      let d = 0;
      let j = r * dims;
      let i = 0;
      for (; i < whole; i += 4, j += 4) {
        a += matrix[j]! * q[i]!;
        b += matrix[j + 1]! * q[i + 1]!;
        c += matrix[j + 2]! * q[i + 2]!;
        d += matrix[j + 3]! * q[i + 3]!;
      }
      for (; i < dims; i++, j++) a += matrix[j]! * q[i]!;
      const distance = 1 - (a + b + c + d);
      if (best.length < k) best.push({ seq: seqs[r]!, distance });
      else if (distance < best[k - 1]!.distance) best[k - 1] = { seq: seqs[r]!, distance };
      else continue;
      for (let i = best.length - 1; i > 0 && best[i - 1]!.distance > best[i]!.distance; i--) [best[i - 1], best[i]] = [best[i]!, best[i - 1]!];
    }
    return best;
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
      p = { dims, matrix: new Float32Array(dims * 1024), seqs: new Float64Array(1024), rows: 0, rowOf: new Map(), seen: 0 };
      this.projects.set(project, p);
    }
    for (;;) {
      const { rows } = await this.pool.query<{ id: string; seq: number; live: boolean; embedding: number[] | null }>(
        `SELECT id, seq::float8 AS seq, NOT deleted AS live, CASE WHEN array_length(embedding, 1) = $3 THEN embedding END AS embedding
           FROM hub_memories WHERE project = $1 AND seq > $2 ORDER BY seq LIMIT $4`,
        [project, p.seen, dims, CATCH_UP_PAGE],
      );
      for (const row of rows) put(p, row);
      if (rows.length) p.seen = rows.at(-1)!.seq;
      if (rows.length < CATCH_UP_PAGE) return p;
    }
  }
}

function put(p: ProjectVectors, row: { id: string; seq: number; live: boolean; embedding: number[] | null }) {
  let r = p.rowOf.get(row.id);
  if (!row.live || !row.embedding) {
    if (r !== undefined) p.seqs[r] = -1;
    return;
  }
  if (r === undefined) {
    if (p.rows === p.seqs.length) grow(p);
    r = p.rows++;
    p.rowOf.set(row.id, r);
  }
  p.matrix.set(normalized(row.embedding), r * p.dims);
  p.seqs[r] = row.seq;
}

function grow(p: ProjectVectors) {
  const matrix = new Float32Array(p.matrix.length * 2);
  matrix.set(p.matrix);
  const seqs = new Float64Array(p.seqs.length * 2);
  seqs.set(p.seqs);
  p.matrix = matrix;
  p.seqs = seqs;
}

function normalized(v: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(v);
  let norm = 0;
  for (let i = 0; i < out.length; i++) norm += out[i]! * out[i]!;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / norm;
  return out;
}
