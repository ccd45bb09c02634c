import { eq, lte } from "drizzle-orm";
import type { ExpandResult } from "../contracts/compress";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { ccrEntries, compressionCache } from "../db/schema";
import { notFound } from "../errors";
import { statements } from "./statements";

/**
 * Compressed originals (the design calls the pattern CCR, compress-cache-retrieve): the (redacted)
 * original of every part compression changed, under its content hash, for `ccrTtlDays`. The compressed text names the hash as `memory_expand("<hash>")`.
 */
export interface CompressedOriginal {
  hash: string;
  content: string;
  tool: string | null;
  sessionId: string | null;
}

export const DAY_MS = 24 * 3600 * 1000;

/** Inside the caller's transaction. */
export function saveCompressedOriginals(ctx: Ctx, entries: CompressedOriginal[], now: number, ttlDays: number): void {
  const expiresAt = now + Math.round(ttlDays * DAY_MS);
  const put = statements(ctx.sqlite).originalPut;
  for (const e of entries) put.run(e.hash, e.sessionId, e.tool, e.content, now, expiresAt);
}

/** The original behind `memory_expand("<hash>")` (a hash parsed by `expandHash`); 404 when unknown or expired. */
export function expandCompressedOriginal(ctx: Ctx, hash: string, now = Date.now()): ExpandResult {
  const row = ctx.db.select().from(ccrEntries).where(eq(ccrEntries.hash, hash)).get();
  if (!row || row.expiresAt <= now) {
    throw notFound(
      `nothing stored under hash "${hash}": it is unknown, or it expired (compressed originals are kept ${ctx.config.compression.ccrTtlDays} days)`,
      { hash },
    );
  }
  return { hash: row.hash, content: row.content, tool: row.tool, sessionId: row.sessionId, createdAt: new Date(row.createdAt).toISOString() };
}

/** Deletes expired compressed originals and compression-cache rows (run periodically off the request path). */
export function purgeExpiredCompression(ctx: Ctx, now = Date.now()): { ccrEntries: number; cacheEntries: number } {
  return withTransaction(
    ctx.db,
    (tx) => ({
      ccrEntries: tx.delete(ccrEntries).where(lte(ccrEntries.expiresAt, now)).run().changes,
      cacheEntries: tx.delete(compressionCache).where(lte(compressionCache.expiresAt, now)).run().changes,
    }),
    "immediate",
  );
}
