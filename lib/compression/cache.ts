import type { Ctx } from "../ctx";
import { DAY_MS } from "./compressed-originals";
import type { CachedPart, PartMemory } from "./part-memory";
import { statements } from "./statements";

/**
 * Stability and speed: a part is measured and compressed once; later turns reuse the result.
 *
 * - In memory, per database: the last content seen for each part id with its token count and its
 *   compressed results (per pressure level and configuration). A turn re-checks a part with one map
 *   lookup and one string comparison, with no hashing or tokenizing of unchanged parts.
 * - In `compression_cache`: the results keyed by part id, content digest, level and configuration,
 *   so a restart does not change the compressed prefix.
 */
export type { CachedPart, PartEntry } from "./part-memory";

/** This database's in-memory layer (ctx.services.compressedParts). */
export function partMemory(ctx: Ctx): PartMemory {
  return ctx.services.compressedParts;
}

export function dbCacheGet(ctx: Ctx, key: string, now: number): CachedPart | undefined {
  const row = statements(ctx.sqlite).cacheGet.get(key, now);
  return row ? (JSON.parse(row.value) as CachedPart) : undefined;
}

/** Inside the caller's transaction. */
export function dbCachePut(ctx: Ctx, rows: { key: string; value: CachedPart }[], sessionId: string, now: number, ttlDays: number): void {
  const expiresAt = now + Math.round(ttlDays * DAY_MS);
  const put = statements(ctx.sqlite).cachePut;
  for (const r of rows) put.run(r.key, sessionId, JSON.stringify(r.value), now, expiresAt);
}

/** For tests and benchmarks: forget the in-memory layer (the table stays). */
export function clearMemoryCache(ctx: Ctx): void {
  partMemory(ctx).clear();
}
