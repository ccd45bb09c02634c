import type { Ctx } from "../ctx";
import { syncWithHub } from "./sync";

/** How often a joined machine syncs (RECOLLECT_TEAM_SYNC_MS; tests shorten it). */
const DEFAULT_INTERVAL_MS = 5_000;

/**
 * Team sync in the background: one round at a time, every few seconds, only once this machine joined
 * a hub. Per-turn work never waits on it: the outbox is filled by triggers in the writing
 * transaction and pushed from here. Returns the stop function.
 */
export function startTeamSync(ctx: Ctx, env: NodeJS.ProcessEnv = process.env): () => void {
  const interval = Math.max(50, Number(env.RECOLLECT_TEAM_SYNC_MS) || DEFAULT_INTERVAL_MS);
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await syncWithHub(ctx);
    } finally {
      running = false;
    }
  };
  const every = setInterval(() => void run(), interval).unref();
  return () => {
    stopped = true;
    clearInterval(every);
  };
}
