import type { Db } from "./open";

/**
 * The database as a verb uses it inside `withTransaction`: every statement on it, through Drizzle's
 * query builder or through `tx.$client` (the better-sqlite3 connection, for cached raw statements),
 * runs on the one connection and so inside the one transaction. better-sqlite3 is synchronous: no
 * other statement can interleave.
 */
export type Tx = Db;

/** BEGIN DEFERRED (the default), IMMEDIATE (take the write lock now: verbs that read then write) or EXCLUSIVE. */
export type TransactionBehavior = "deferred" | "immediate" | "exclusive";

/**
 * Runs `fn` in a transaction (a savepoint when one is open already): committed when it returns,
 * rolled back when it throws. What Drizzle's own `db.transaction` does, without handing out a
 * transaction object whose connection can only be reached through Drizzle's internals.
 */
export function withTransaction<T>(db: Db, fn: (tx: Tx) => T, behavior: TransactionBehavior = "deferred"): T {
  return db.$client.transaction(() => fn(db))[behavior]();
}
