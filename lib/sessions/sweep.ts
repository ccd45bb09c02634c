import type { Ctx } from "../context";
import { purgeExpiredKv } from "../kv/store";
import { expireStale } from "./expire";

/** One pass of the sweep: stale sessions end, lapsed claims go, expired KV entries are purged. */
export function sweepOnce(ctx: Ctx, now = Date.now()) {
  const expired = expireStale(ctx, now);
  return { ...expired, kv: purgeExpiredKv(ctx, now) };
}

/** Every `sessions.sweepIntervalSeconds`, off the request path (timers unref'd: they never hold the process). */
export function startSessionSweep(ctx: Ctx): void {
  const run = () => {
    try {
      sweepOnce(ctx);
    } catch (error) {
      console.warn("[recollect] session/KV sweep failed:", (error as Error).message);
    }
  };
  setTimeout(run, 2_000).unref();
  setInterval(run, ctx.config.sessions.sweepIntervalSeconds * 1000).unref();
}
