import type Database from "better-sqlite3";
import type { Ctx } from "../ctx";
import { DAY_MS } from "./compressed-originals";
import { processSingleton } from "../process-singleton";
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
export interface CachedPart {
  /** The new text of the field, or null when the part stays as it is. */
  v: string | null;
  /** Tokens of the part after compression (header included). */
  t: number;
  /** Tokens saved, by strategy. */
  s: Record<string, number>;
}

export interface PartEntry {
  text: string;
  header: string;
  tokens: number;
  headerTokens: number;
  digest?: string;
  /** Tool name and input with sorted keys: equal for repeated calls (duplicate detection). */
  callKey?: string;
  results: Map<string, CachedPart>;
}

/** Bounded by entries and by characters held (the texts are kept to compare against). */
class PartMemory {
  private readonly map = new Map<string, PartEntry>();
  private chars = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  get(id: string): PartEntry | undefined {
    const e = this.map.get(id);
    if (e) {
      this.map.delete(id);
      this.map.set(id, e);
    }
    return e;
  }

  set(id: string, e: PartEntry): void {
    const old = this.map.get(id);
    if (old) {
      this.chars -= old.text.length + old.header.length;
      this.map.delete(id);
    }
    this.map.set(id, e);
    this.chars += e.text.length + e.header.length;
    while (this.map.size > this.maxEntries || (this.chars > this.maxChars && this.map.size > 1)) {
      const [oldest, entry] = this.map.entries().next().value as [string, PartEntry];
      this.map.delete(oldest);
      this.chars -= entry.text.length + entry.header.length;
    }
  }

  clear(): void {
    this.map.clear();
    this.chars = 0;
  }
}

const memories = processSingleton("compressionPartsByDb", () => new WeakMap<Database.Database, PartMemory>());
export function partMemory(ctx: Ctx): PartMemory {
  let m = memories.get(ctx.sqlite);
  if (!m) memories.set(ctx.sqlite, (m = new PartMemory(200_000, 64 * 1024 * 1024)));
  return m;
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
