import type Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { compressionCache } from "../db/schema";
import { DAY_MS } from "./ccr";
import { Lru, processSingleton } from "./lru";

/**
 * Stability: a part is compressed once, when it ages past the boundary; the result is reused on every
 * later turn, keyed by part id, content digest, pressure level and configuration. Kept in memory
 * (per database) and in `compression_cache`, so a restart does not change the compressed prefix.
 */
export interface CachedPart {
  /** The new text of the field, or null when the part stays as it is. */
  v: string | null;
  /** Tokens of the part after compression (header included). */
  t: number;
  /** Tokens saved, by strategy. */
  s: Record<string, number>;
}

const MEMORY_ENTRIES = 200_000;
const memories = processSingleton("compressionCacheByDb", () => new WeakMap<Database.Database, Lru<string, CachedPart>>());
const statements = new WeakMap<Database.Database, Database.Statement<[string, number], { value: string }>>();

function memoryFor(ctx: Ctx): Lru<string, CachedPart> {
  let lru = memories.get(ctx.sqlite);
  if (!lru) memories.set(ctx.sqlite, (lru = new Lru(MEMORY_ENTRIES)));
  return lru;
}

export function cacheGet(ctx: Ctx, key: string, now: number): CachedPart | undefined {
  const memory = memoryFor(ctx);
  const hit = memory.get(key);
  if (hit) return hit;
  let stmt = statements.get(ctx.sqlite);
  if (!stmt) {
    stmt = ctx.sqlite.prepare("select value from compression_cache where key = ? and expires_at > ?");
    statements.set(ctx.sqlite, stmt);
  }
  const row = stmt.get(key, now);
  if (!row) return undefined;
  const value = JSON.parse(row.value) as CachedPart;
  memory.set(key, value);
  return value;
}

type Tx = Pick<Ctx["db"], "insert">;

export function cachePut(tx: Tx, rows: { key: string; value: CachedPart }[], sessionId: string, now: number, ttlDays: number): void {
  const expiresAt = now + Math.round(ttlDays * DAY_MS);
  for (const r of rows) {
    tx.insert(compressionCache)
      .values({ key: r.key, sessionId, value: JSON.stringify(r.value), createdAt: now, expiresAt })
      .onConflictDoUpdate({ target: compressionCache.key, set: { value: sql`excluded.value`, expiresAt: sql`excluded.expires_at` } })
      .run();
  }
}

/** After the transaction commits: make the new rows visible to the next call without a query. */
export function cacheRemember(ctx: Ctx, rows: { key: string; value: CachedPart }[]): void {
  const memory = memoryFor(ctx);
  for (const r of rows) memory.set(r.key, r.value);
}

/** For tests and benchmarks: forget the in-memory layer (the table stays). */
export function clearMemoryCache(ctx: Ctx): void {
  memoryFor(ctx).clear();
}
