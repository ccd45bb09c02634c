import type pg from "pg";
import type { Hub } from "./open";

/** Runs `fn` in one PostgreSQL transaction on one pooled client: committed whole or not at all. */
export async function withHubTransaction<T>(hub: Hub, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await hub.pool.connect();
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
