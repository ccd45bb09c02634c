import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { addQueueWaker, removeQueueWaker } from "../indexing/rows";
import { hubWaitForChange } from "./hub-client";
import { joinedHub, sharedProjects } from "./link";
import { syncWithHub } from "./sync";

/** The slow round (RECOLLECT_TEAM_SYNC_MS; tests shorten it): retries after an error, and the rest. */
const DEFAULT_INTERVAL_MS = 5_000;
/** How long one long poll waits on the hub for a push before asking again. */
const WATCH_MS = 20_000;
/** How often the watchers are matched to the shared projects and an outbox filled without a write (a share) is pushed. */
const TICK_MS = 1_000;

/**
 * Team sync in the background, only once this machine joined a hub; per-turn work never waits on
 * it (the outbox is filled by triggers in the writing transaction). A round pushes the outbox then
 * pulls; one runs at a time, and a round asked for while one runs follows it. Rounds start:
 * - at once after a memory write on this connection (the outbox triggers have queued the change);
 * - when a project's long poll on the hub answers (another machine's push committed): a change
 *   made elsewhere arrives in one round trip, not at the next poll;
 * - every RECOLLECT_TEAM_SYNC_MS (after an error: offline work waits for that).
 * RECOLLECT_TEAM_SYNC_INSTANT=0 keeps only the interval (tests that drive every round by hand).
 * Returns the stop function.
 */
export function startTeamSync(ctx: Ctx, env: NodeJS.ProcessEnv = process.env): () => void {
  const interval = Math.max(50, Number(env.RECOLLECT_TEAM_SYNC_MS) || DEFAULT_INTERVAL_MS);
  const instant = env.RECOLLECT_TEAM_SYNC_INSTANT !== "0";
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  let failed = false;
  const run = (): Promise<void> => {
    if (stopping.signal.aborted) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        failed = (await syncWithHub(ctx)).error !== null;
      } while (again && !failed && !stopping.signal.aborted);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const queued = () => prepared(ctx.sqlite, "SELECT 1 FROM team_outbox LIMIT 1").get() !== undefined;
  // A write that queued a change: push now (an error waits for the interval, not for every write).
  const onWrite = () => {
    if (!failed && !stopping.signal.aborted && queued()) void run();
  };

  const watchers = new Map<string, AbortController>();
  const watch = async (hubProject: string, stop: AbortController) => {
    while (!stop.signal.aborted) {
      const link = joinedHub(ctx);
      const project = sharedProjects(ctx).find((p) => p.hubProject === hubProject);
      if (!link || !project) break;
      try {
        const page = await hubWaitForChange(link, hubProject, project.cursor, WATCH_MS, stop.signal);
        if (page.versions.length) await run();
        // Nothing pulled (the round failed): do not ask again at once.
        if (failed) await pause(interval, stop.signal);
      } catch {
        // The hub is unreachable or refused: the round records why; ask again later.
        await pause(interval, stop.signal);
      }
    }
    if (watchers.get(hubProject) === stop) watchers.delete(hubProject);
  };
  const tick = () => {
    if (stopping.signal.aborted) return;
    const shared = joinedHub(ctx) ? new Set(sharedProjects(ctx).map((p) => p.hubProject)) : new Set<string>();
    for (const [project, stop] of watchers) if (!shared.has(project)) stop.abort();
    for (const project of shared) {
      if (watchers.has(project)) continue;
      const stop = new AbortController();
      stopping.signal.addEventListener("abort", () => stop.abort(), { once: true });
      watchers.set(project, stop);
      void watch(project, stop);
    }
    if (shared.size && !failed && !running && queued()) void run();
  };

  const every = setInterval(() => void run(), interval).unref();
  const ticks = instant ? setInterval(tick, TICK_MS).unref() : null;
  if (instant) addQueueWaker(ctx.sqlite, onWrite);
  return () => {
    stopping.abort();
    clearInterval(every);
    if (ticks) clearInterval(ticks);
    if (instant) removeQueueWaker(ctx.sqlite, onWrite);
  };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
