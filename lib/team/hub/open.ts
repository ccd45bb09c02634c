import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { appRoot } from "../../paths";

/**
 * How the hub ranks by meaning. Only "in-process" is built (stored vectors ranked in the hub
 * process); `pgvectorAvailable` says whether the extension could be used (docs/team.md: left to do).
 */
export type HubVectorMode = "in-process";

export interface Hub {
  pool: pg.Pool;
  db: NodePgDatabase;
  vectorMode: HubVectorMode;
  pgvectorAvailable: boolean;
  /** Where the hub's database is, without the password (for /api/health). */
  where: string;
}

/**
 * Opens the team hub's PostgreSQL (RECOLLECT_DATABASE_URL): a pool, the migrations of drizzle-hub/
 * applied, and whether pgvector is available. `pool.max` stays small: a managed PostgreSQL is
 * better served through its pooler (docs/team.md).
 */
export async function openHub(url: string, options: { migrationsDir?: string; poolMax?: number } = {}): Promise<Hub> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its server (a restart) must not crash the process: the next query reconnects.
  pool.on("error", () => {});
  const db = drizzle(pool);
  await migrate(db, { migrationsFolder: options.migrationsDir ?? path.join(appRoot(), "drizzle-hub") });
  const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'");
  const parsed = new URL(url);
  return { pool, db, vectorMode: "in-process", pgvectorAvailable: Boolean(rows[0]?.n), where: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}` };
}

export const closeHub = (hub: Hub) => hub.pool.end();
