import type { Ctx } from "../ctx";

/**
 * What the agent did with its memories per day, from `access_log`: one row per memory returned or
 * injected, written together (one `created_at`, session and query) per search or delivery. So a
 * search is a distinct (time, session, query) and its rows are the memories it returned. The
 * dashboard's chart and `/api/stats` both read this, so they show the same numbers.
 * Searches that found nothing are not logged: they are not counted.
 */
export interface ActivityDay {
  day: string;
  /** Agent searches (memory_search, /api/search) that returned at least one memory. */
  searches: number;
  /** The memories those searches returned, summed. */
  memoriesReturned: number;
  /** Blocks delivered into a model's context (a stable block once per session and version, recall blocks). */
  deliveries: number;
  /** The memories those blocks carried, summed. */
  memoriesInjected: number;
  /** Recall searches (the plugin's per-message search) that found something. */
  recalls: number;
  /** The memories those recalls returned. */
  memoriesRecalled: number;
}

export type ActivityTotals = Omit<ActivityDay, "day">;

const DAY_MS = 86_400_000;
const ZERO: ActivityTotals = { searches: 0, memoriesReturned: 0, deliveries: 0, memoriesInjected: 0, recalls: 0, memoriesRecalled: 0 };
/** The window of the dashboard's charts and of `/api/stats`' `activity`. */
export const ACTIVITY_DAYS = 30;

/** `days` UTC days up to today's, oldest first, every day present (zeros where nothing happened). */
export function activityPerDay(ctx: Ctx, days = ACTIVITY_DAYS, nowMs = Date.now()): ActivityDay[] {
  const since = nowMs - (nowMs % DAY_MS) - (days - 1) * DAY_MS;
  const rows = ctx.sqlite
    .prepare(
      `SELECT created_at / ${DAY_MS} AS day, kind, count(*) AS memories,
              count(DISTINCT created_at || '|' || coalesce(session_id, '') || '|' || coalesce(query, '')) AS events
       FROM access_log WHERE created_at >= ? AND kind IN ('search', 'inject', 'recall') GROUP BY day, kind`,
    )
    .all(since) as { day: number; kind: string; memories: number; events: number }[];
  const byDay = new Map<string, ActivityTotals>();
  for (const r of rows) {
    const key = new Date(r.day * DAY_MS).toISOString().slice(0, 10);
    const d = byDay.get(key) ?? { ...ZERO };
    if (r.kind === "search") Object.assign(d, { searches: r.events, memoriesReturned: r.memories });
    else if (r.kind === "inject") Object.assign(d, { deliveries: r.events, memoriesInjected: r.memories });
    else Object.assign(d, { recalls: r.events, memoriesRecalled: r.memories });
    byDay.set(key, d);
  }
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(since + i * DAY_MS).toISOString().slice(0, 10);
    return { day, ...(byDay.get(day) ?? ZERO) };
  });
}

export function activityTotals(days: ActivityDay[]): ActivityTotals {
  const t = { ...ZERO };
  for (const d of days) for (const k of Object.keys(ZERO) as (keyof ActivityTotals)[]) t[k] += d[k];
  return t;
}
