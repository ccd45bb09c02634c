import type { Ctx } from "../../ctx";
import { dbCachePut, type CachedPart } from "../cache";
import { saveCcrEntries, type CcrEntry } from "../compressed-originals";
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
    newCcr: Map<string, CcrEntry>;
    stats: { tokensBefore: number; tokensAfter: number; byStrategy: Record<string, number> };
    durationMs: number;
    now: number;
  },
): void {
  const { sessionId, newRows, newCcr, stats, durationMs, now } = run;
  const cfg = ctx.config.compression;
  ctx.db.transaction(
    () => {
      if (newRows.length) dbCachePut(ctx, newRows, sessionId, now, cfg.ccrTtlDays);
      if (newCcr.size) saveCcrEntries(ctx, [...newCcr.values()], now, cfg.ccrTtlDays);
      recordStats(ctx, { sessionId, ...stats, durationMs, now });
    },
    { behavior: "immediate" },
  );
}
