import type Database from "better-sqlite3";
import { connectionSlot } from "./connection-state";

const statements = connectionSlot<Map<string, Database.Statement>>("preparedStatements");

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
