import type { CompressStatsSummary, ParsedCompressStatsQuery } from "../contracts/compress";
import type { Ctx } from "../ctx";
import { DAY_MS } from "./compressed-originals";
import { statements } from "./statements";

/** One row per compress call; the dashboard charts tokens saved per day and per session. */
/** Inside the caller's transaction. */
export function recordStats(
  ctx: Ctx,
  row: { sessionId: string; tokensBefore: number; tokensAfter: number; byStrategy: Record<string, number>; durationMs: number; now: number },
): void {
  statements(ctx.sqlite).statsPut.run(row.sessionId, row.tokensBefore, row.tokensAfter, JSON.stringify(row.byStrategy), row.durationMs, row.now);
}

interface Agg {
  calls: number;
  tokensBefore: number;
  tokensAfter: number;
}
const saved = <T extends Agg>(r: T) => ({
  ...r,
  tokensBefore: r.tokensBefore ?? 0,
  tokensAfter: r.tokensAfter ?? 0,
  tokensSaved: (r.tokensBefore ?? 0) - (r.tokensAfter ?? 0),
});

/** Totals, per UTC day and per session, over the last `days` days (optionally one session). */
export function compressionStatsSummary(ctx: Ctx, q: ParsedCompressStatsQuery, now = Date.now()): CompressStatsSummary {
  const since = now - q.days * DAY_MS;
  const where = `created_at >= ?${q.sessionID ? " and session_id = ?" : ""}`;
  const args: (string | number)[] = q.sessionID ? [since, q.sessionID] : [since];
  const s = ctx.sqlite;
  const totals = s
    .prepare(
      `select count(*) as calls, coalesce(sum(tokens_before),0) as tokensBefore, coalesce(sum(tokens_after),0) as tokensAfter from compression_stats where ${where}`,
    )
    .get(...args) as Agg;
  const perDay = s
    .prepare(
      `select strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') as day, count(*) as calls, sum(tokens_before) as tokensBefore, sum(tokens_after) as tokensAfter
       from compression_stats where ${where} group by day order by day`,
    )
    .all(...args) as (Agg & { day: string })[];
  const perSession = s
    .prepare(
      `select session_id as sessionId, count(*) as calls, sum(tokens_before) as tokensBefore, sum(tokens_after) as tokensAfter, max(created_at) as lastAt
       from compression_stats where ${where} group by session_id order by lastAt desc limit 200`,
    )
    .all(...args) as (Agg & { sessionId: string; lastAt: number })[];
  const strategies = s
    .prepare(
      `select j.key as name, sum(j.value) as tokens from compression_stats, json_each(compression_stats.by_strategy) j where ${where} group by j.key order by j.key`,
    )
    .all(...args) as { name: string; tokens: number }[];
  return {
    totals: saved(totals),
    perDay: perDay.map(saved),
    perSession: perSession.map((r) => ({ ...saved(r), lastAt: new Date(r.lastAt).toISOString() })),
    byStrategy: Object.fromEntries(strategies.map((r) => [r.name, r.tokens])),
  };
}
