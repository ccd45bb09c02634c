import type pg from "pg";

/**
 * How common each index term is on the hub, from PostgreSQL's own statistics of the `tokens`
 * column (ANALYZE keeps its most common lexemes with their frequencies: pg_stats.most_common_elems),
 * and the hub's ANALYZE after bulk loads. Search reads a term's frequency to take the rarest terms'
 * matches first and to weigh each matched term by its rarity (as BM25's idf does on a machine).
 */
export class TermStats {
  private frequencies: Promise<Frequencies> | null = null;
  private written = 0;
  private analyzing: Promise<void> | null = null;
  /** The table's rows at the last ANALYZE this process saw (pg_class.reltuples), read with the statistics. */
  private rows = 0;

  constructor(private readonly pool: pg.Pool) {}

  /** A term's share of all memories (0..1): its own when among the most common, else below the least common's. */
  async frequencyOf(terms: readonly string[]): Promise<number[]> {
    const f = await this.current();
    return terms.map((t) => f.byTerm.get(t) ?? f.rare);
  }

  /**
   * Counts rows written by pushes; past a tenth of the table (at least 1,000 rows) the hub runs
   * ANALYZE itself, in the background: without fresh statistics after a bulk load the planner
   * skips the GIN index and the rarest-first order is blind. Autovacuum does it too, but later.
   */
  noteWrites(rows: number): void {
    this.written += rows;
    if (this.written >= Math.max(1_000, this.rows / 10)) void this.analyze();
  }

  /** ANALYZE now (one at a time), then read the new shares; a failure (the database went away) waits for the next threshold. */
  analyze(): Promise<void> {
    this.written = 0;
    this.analyzing ??= this.pool
      .query("ANALYZE hub_memories")
      .then(async () => {
        this.frequencies = null;
        const { rows } = await this.pool.query<{ n: number }>("SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'hub_memories'::regclass");
        this.rows = Math.max(0, rows[0]?.n ?? 0);
      })
      .catch(() => {})
      .finally(() => {
        this.analyzing = null;
      });
    return this.analyzing;
  }

  /** Waits for a running ANALYZE (benches and tests that load then search). */
  settled(): Promise<void> {
    return this.analyzing ?? Promise.resolve();
  }

  private current(): Promise<Frequencies> {
    this.frequencies ??= this.load().catch((error: unknown) => {
      this.frequencies = null;
      throw error;
    });
    return this.frequencies;
  }

  private async load(): Promise<Frequencies> {
    const { rows } = await this.pool.query<{ elems: string[] | null; freqs: number[] | null; tuples: number }>(
      `SELECT s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs, c.reltuples::float8 AS tuples
         FROM pg_class c LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = 'hub_memories' AND s.attname = 'tokens'
        WHERE c.oid = 'hub_memories'::regclass`,
    );
    const row = rows[0];
    this.rows = Math.max(0, row?.tuples ?? 0);
    const elems = row?.elems ?? [];
    // most_common_elem_freqs: one per element, then the minimum, the maximum and the null share.
    const freqs = (row?.freqs ?? []).slice(0, elems.length);
    const byTerm = new Map(elems.map((e, i) => [e, freqs[i]!]));
    // A term not listed is rarer than the least common listed one (no statistics: all equal).
    const rare = freqs.length ? Math.min(...freqs) / 2 : 0.01;
    return { byTerm, rare };
  }
}

interface Frequencies {
  byTerm: Map<string, number>;
  rare: number;
}
