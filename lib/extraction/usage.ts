import type { Ctx } from "../ctx";

/** The UTC day the daily cap of the LLM extractor counts against. */
export const usageDay = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

export function usageToday(ctx: Ctx, now = Date.now()): { day: string; tokens: number; calls: number } {
  const day = usageDay(now);
  const row = ctx.sqlite.prepare("SELECT tokens, calls FROM llm_usage WHERE day = ?").get(day) as { tokens: number; calls: number } | undefined;
  return { day, tokens: row?.tokens ?? 0, calls: row?.calls ?? 0 };
}

/**
 * Reserves `tokens` of today's budget before a call, atomically (two concurrent extractions
 * cannot both pass the check). Returns false, reserving nothing, when the cap would be exceeded.
 */
export function reserveTokens(ctx: Ctx, tokens: number, cap: number, now = Date.now()): boolean {
  const day = usageDay(now);
  return ctx.sqlite
    .transaction(() => {
      const used = (ctx.sqlite.prepare("SELECT tokens FROM llm_usage WHERE day = ?").get(day) as { tokens: number } | undefined)?.tokens ?? 0;
      if (used + tokens > cap) return false;
      ctx.sqlite
        .prepare(
          "INSERT INTO llm_usage(day, tokens, calls) VALUES (?, ?, 1) ON CONFLICT(day) DO UPDATE SET tokens = tokens + excluded.tokens, calls = calls + 1",
        )
        .run(day, tokens);
      return true;
    })
    .immediate();
}

/** Settles a reservation to what the call really used (never below zero). */
export function settleTokens(ctx: Ctx, reserved: number, actual: number, now = Date.now()) {
  const delta = actual - reserved;
  if (delta === 0) return;
  ctx.sqlite.prepare("UPDATE llm_usage SET tokens = max(0, tokens + ?) WHERE day = ?").run(delta, usageDay(now));
}
