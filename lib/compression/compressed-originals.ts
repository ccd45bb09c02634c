import { eq, lte } from "drizzle-orm";
import type { ExpandResult } from "../contracts/compress";
import { expandHash } from "../contracts/compress";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { ccrEntries, compressionCache } from "../db/schema";
import { notFound } from "../errors";
import { statements } from "./statements";

/**
 * Compress-Cache-Retrieve store: the (redacted) original of every part compression changed, under
 * its content hash, for `ccrTtlDays`. The compressed text names the hash as `memory_expand("<hash>")`.
 */
export interface CcrEntry {
  hash: string;
  content: string;
  tool: string | null;
  sessionId: string | null;
}

export const DAY_MS = 24 * 3600 * 1000;

/** Inside the caller's transaction. */
export function saveCcrEntries(ctx: Ctx, entries: CcrEntry[], now: number, ttlDays: number): void {
  const expiresAt = now + Math.round(ttlDays * DAY_MS);
  const put = statements(ctx.sqlite).ccrPut;
  for (const e of entries) put.run(e.hash, e.sessionId, e.tool, e.content, now, expiresAt);
}

/** The original behind `memory_expand("<hash>")`; 404 when unknown or expired. */
export function expandCcr(ctx: Ctx, rawHash: string, now = Date.now()): ExpandResult {
  const hash = expandHash.parse(rawHash.toLowerCase());
  const row = ctx.db.select().from(ccrEntries).where(eq(ccrEntries.hash, hash)).get();
  if (!row || row.expiresAt <= now) {
    throw notFound(
      `nothing stored under hash "${hash}": it is unknown, or it expired (compressed originals are kept ${ctx.config.compression.ccrTtlDays} days)`,
      { hash },
    );
  }
  return { hash: row.hash, content: row.content, tool: row.tool, sessionId: row.sessionId, createdAt: new Date(row.createdAt).toISOString() };
}

/** Deletes expired CCR entries and compression-cache rows (run periodically off the request path). */
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
