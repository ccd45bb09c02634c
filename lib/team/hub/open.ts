import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { appRoot } from "../../paths";
import { PushedSignal } from "./pushed-signal";
import { TermStats } from "./term-stats";
import { type HubVectorMode, InProcessVectors } from "./vectors";

export type { HubVectorMode };

export interface Hub {
  pool: pg.Pool;
  db: NodePgDatabase;
  /** How the hub ranks by meaning (lib/team/hub/vectors.ts). */
  vectorMode: HubVectorMode;
  pgvectorAvailable: boolean;
  /** pgvector mode: the dimensions whose HNSW index exists. */
  vectorIndexes: Set<number>;
  /** in-process mode: the vectors kept in memory. */
  inProcess: InProcessVectors;
  /** Wakes the pulls waiting for a project's next push (long poll). */
  pushed: PushedSignal;
  /** How common each index term is (search's rarest-first order), and the hub's own ANALYZE. */
  terms: TermStats;
  /** Where the hub's database is, without the password (for /api/health). */
  where: string;
}

/**
 * Opens the team hub's PostgreSQL (RECOLLECT_DATABASE_URL): a pool, the migrations of drizzle-hub/
 * applied, and whether pgvector is available. `pool.max` stays small: a managed PostgreSQL is
 * better served through its pooler (docs/team.md).
 */
export async function openHub(url: string, options: { migrationsDir?: string; poolMax?: number; vectors?: "in-process" | "auto" } = {}): Promise<Hub> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its server (a restart) must not crash the process: the next query reconnects.
  pool.on("error", () => {});
  const db = drizzle(pool);
  await migrate(db, { migrationsFolder: options.migrationsDir ?? path.join(appRoot(), "drizzle-hub") });
  const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'");
  const pgvectorAvailable = Boolean(rows[0]?.n);
  const vectorMode = options.vectors === "in-process" || !pgvectorAvailable ? "in-process-sign-bits" : await enablePgvector(pool);
  const parsed = new URL(url);
  return {
    pool,
    db,
    vectorMode,
    pgvectorAvailable,
    vectorIndexes: new Set(),
    inProcess: new InProcessVectors(pool),
    pushed: new PushedSignal(),
    terms: new TermStats(pool),
    where: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
  };
}

/** pgvector when the extension can be created here (a role without the right: in-process). */
async function enablePgvector(pool: pg.Pool): Promise<HubVectorMode> {
  try {
    await pool.query("CREATE EXTENSION IF NOT EXISTS vector");
    return "pgvector";
  } catch {
    return "in-process-sign-bits";
  }
}

export const closeHub = (hub: Hub) => hub.pool.end();
