import type { Ctx } from "../../ctx";
import { dbCachePut, type CachedPart } from "../cache";
import { saveCompressedOriginals, type CompressedOriginal } from "../compressed-originals";
import { runAll, type Steps } from "../../slices";
import { recordStats } from "../stats";

/**
 * Rows (or characters of them) written in one transaction: a request of 300,000 parts is written in
 * slices. A transaction is one step (lib/slices.ts), so it adds its whole length to the slice it
 * ends: at 500 rows a commit took 20-25 ms of the main thread's CPU on a compress of 100,000
 * messages, and health waited behind it (issue #37, bench/adversarial/long-tasks.ts).
 */
export const CHUNK_ROWS = 125;
export const CHUNK_CHARS = 256 * 1024;

interface PersistRun {
  sessionId: string;
  newRows: { key: string; value: CachedPart }[];
  newOriginals: Map<string, CompressedOriginal>;
  stats: { tokensBefore: number; tokensAfter: number; byStrategy: Record<string, number> };
  durationMs: number;
  now: number;
}

/**
 * Phase 6, persist: the originals the new results replace (compressed originals, redacted), then
 * the new results, then a stats row. A small request is one transaction; a big one is written in
 * transactions of CHUNK_ROWS rows with a step between them (lib/slices.ts), originals
 * first, so a stored result never points at an original not yet written. A crash in between
 * leaves only originals or results that a later call writes again.
 */
export function persist(ctx: Ctx, run: PersistRun): void {
  runAll(persistSteps(ctx, run));
}

export function* persistSteps(ctx: Ctx, run: PersistRun): Steps<void> {
  const { sessionId, newRows, newOriginals, stats, durationMs, now } = run;
  const cfg = ctx.config.compression;
  const originals = chunks([...newOriginals.values()], (o) => o.content.length);
  const results = chunks(newRows, (r) => r.key.length + 256);
  const last = results.length ? results.pop()! : [];
  for (const chunk of originals) {
    ctx.db.transaction(() => saveCompressedOriginals(ctx, chunk, now, cfg.ccrTtlDays), { behavior: "immediate" });
    yield;
  }
  for (const chunk of results) {
    ctx.db.transaction(() => dbCachePut(ctx, chunk, sessionId, now, cfg.ccrTtlDays), { behavior: "immediate" });
    yield;
  }
  ctx.db.transaction(
    () => {
      if (last.length) dbCachePut(ctx, last, sessionId, now, cfg.ccrTtlDays);
      recordStats(ctx, { sessionId, ...stats, durationMs, now });
    },
    { behavior: "immediate" },
  );
}

function chunks<T>(items: T[], size: (item: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    if (current.length >= CHUNK_ROWS || (current.length && chars + size(item) > CHUNK_CHARS)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += size(item);
  }
  if (current.length) out.push(current);
  return out;
}
