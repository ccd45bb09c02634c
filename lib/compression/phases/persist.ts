import type { Ctx } from "../../ctx";
import { dbCachePut, type CachedPart } from "../cache";
import { saveCompressedOriginals, type CompressedOriginal } from "../compressed-originals";
import { recordStats } from "../stats";

/**
 * Phase 6, persist: the new results, the originals they replace (compressed originals, redacted)
 * and a stats row, in one transaction.
 */
export function persist(
  ctx: Ctx,
  run: {
    sessionId: string;
    newRows: { key: string; value: CachedPart }[];
    newOriginals: Map<string, CompressedOriginal>;
    stats: { tokensBefore: number; tokensAfter: number; byStrategy: Record<string, number> };
    durationMs: number;
    now: number;
  },
): void {
  const { sessionId, newRows, newOriginals, stats, durationMs, now } = run;
  const cfg = ctx.config.compression;
  ctx.db.transaction(
    () => {
      if (newRows.length) dbCachePut(ctx, newRows, sessionId, now, cfg.ccrTtlDays);
      if (newOriginals.size) saveCompressedOriginals(ctx, [...newOriginals.values()], now, cfg.ccrTtlDays);
      recordStats(ctx, { sessionId, ...stats, durationMs, now });
    },
    { behavior: "immediate" },
  );
}
