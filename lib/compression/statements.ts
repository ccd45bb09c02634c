import type Database from "better-sqlite3";
import { connectionSlot } from "../db/connection-state";

/**
 * Prepared statements of the compress hot path, one set per connection: building the same SQL
 * through the query builder on every call costs more than the writes themselves.
 */
export interface Statements {
  cacheGet: Database.Statement<[string, number], { value: string }>;
  cachePut: Database.Statement<[string, string, string, number, number]>;
  originalPut: Database.Statement<[string, string | null, string | null, string, number, number]>;
  statsPut: Database.Statement<[string, number, number, string, number, number]>;
}

const bySqlite = connectionSlot<Statements>("compressionStatements");

export function statements(sqlite: Database.Database): Statements {
  let s = bySqlite.get(sqlite);
  if (!s) {
    s = {
      cacheGet: sqlite.prepare("select value from compression_cache where key = ? and expires_at > ?"),
      cachePut: sqlite.prepare(
        `insert into compression_cache (key, session_id, value, created_at, expires_at) values (?, ?, ?, ?, ?)
         on conflict(key) do update set value = excluded.value, expires_at = excluded.expires_at`,
      ),
      // Same hash = same content: only the expiry moves on.
      originalPut: sqlite.prepare(
        `insert into ccr_entries (hash, session_id, tool, content, created_at, expires_at) values (?, ?, ?, ?, ?, ?)
         on conflict(hash) do update set expires_at = max(ccr_entries.expires_at, excluded.expires_at)`,
      ),
      statsPut: sqlite.prepare(
        "insert into compression_stats (session_id, tokens_before, tokens_after, by_strategy, duration_ms, created_at) values (?, ?, ?, ?, ?, ?)",
      ),
    };
    bySqlite.set(sqlite, s);
  }
  return s;
}
