import type Database from "better-sqlite3";

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * Prepared once per connection and SQL text. Hot paths (create, search, compression) run a handful
 * of fixed shapes; preparing them on every call would cost more than running them.
 */
export function prepared(sqlite: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = sqlite.prepare(sql);
    if (cache.size > 500) cache.clear();
    cache.set(sql, stmt);
  }
  return stmt;
}

/** Drop cached statements (after a table they use was dropped and recreated). */
export function forgetPrepared(sqlite: Database.Database) {
  statements.delete(sqlite);
}

/**
 * The better-sqlite3 connection under a Drizzle database or transaction, so a verb can run cached
 * statements inside the transaction it is in (same connection, same transaction). A connection is
 * its own client.
 */
export function clientOf(db: object): Database.Database {
  if ("inTransaction" in db && "prepare" in db) return db as Database.Database;
  const d = db as { $client?: Database.Database; session?: { client?: Database.Database } };
  const client = d.$client ?? d.session?.client;
  if (!client) throw new Error("clientOf: not a better-sqlite3 Drizzle database or transaction");
  return client;
}
