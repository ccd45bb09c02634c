import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { logger } from "../logging/logger";
import { consolidate } from "./consolidate";
import { distill } from "./distill";
import { DAY_MS } from "./types";

const CHECK_EVERY_MS = 60 * 60 * 1000;
/** The first check waits a little after start, so it never competes with the boot's own work. */
const FIRST_CHECK_MS = 5 * 60 * 1000;

export interface DueRun {
  projectId: string;
  kind: "consolidate" | "distill";
  why: string;
}

/**
 * The projects whose consolidation is due: never run, last run `everyDays` ago or more, or
 * `afterNewMemories` memories stored since; distillation every `distillEveryDays`.
 */
export function dueRuns(ctx: Ctx, now = Date.now()): DueRun[] {
  const cfg = ctx.config.consolidation;
  const rows = prepared(
    ctx.sqlite,
    `SELECT p.id AS project_id,
            c.ran_at AS consolidated_at, c.seq_mark AS seq_mark, d.ran_at AS distilled_at,
            (SELECT count(*) FROM memories m WHERE m.project_id = p.id AND m.seq > coalesce(c.seq_mark, 0)) AS new_memories
       FROM projects p
       LEFT JOIN consolidation_runs c ON c.project_id = p.id AND c.kind = 'consolidate'
       LEFT JOIN consolidation_runs d ON d.project_id = p.id AND d.kind = 'distill'
      WHERE EXISTS (SELECT 1 FROM memories m WHERE m.project_id = p.id)
      ORDER BY p.id`,
  ).all() as { project_id: string; consolidated_at: number | null; distilled_at: number | null; new_memories: number }[];
  const out: DueRun[] = [];
  for (const r of rows) {
    if (r.consolidated_at === null) out.push({ projectId: r.project_id, kind: "consolidate", why: "never consolidated" });
    else if (now - r.consolidated_at >= cfg.everyDays * DAY_MS)
      out.push({ projectId: r.project_id, kind: "consolidate", why: `last run ${Math.floor((now - r.consolidated_at) / DAY_MS)} days ago` });
    else if (r.new_memories >= cfg.afterNewMemories) out.push({ projectId: r.project_id, kind: "consolidate", why: `${r.new_memories} new memories` });
    if (r.distilled_at === null || now - r.distilled_at >= cfg.distillEveryDays * DAY_MS)
      out.push({ projectId: r.project_id, kind: "distill", why: r.distilled_at === null ? "never distilled" : "monthly" });
  }
  return out;
}

/** Runs what is due, one project after another (each run yields the loop between slices). */
export async function runDue(ctx: Ctx, now = Date.now()): Promise<DueRun[]> {
  const due = dueRuns(ctx, now);
  for (const run of due) {
    try {
      if (run.kind === "consolidate") {
        const r = await consolidate(ctx, { project: run.projectId, now });
        logger.info("consolidation: automatic run", { project: run.projectId, why: run.why, created: r.created, autoApplied: r.autoApplied, tookMs: r.tookMs });
      } else {
        const r = await distill(ctx, { project: run.projectId, now });
        logger.info("distill: automatic run", { project: run.projectId, created: r.created });
      }
    } catch (error) {
      logger.warn("consolidation: automatic run failed", { project: run.projectId, kind: run.kind, error: (error as Error).message });
    }
  }
  return due;
}

/** The automatic runs, checked hourly off the request path (lib/background.ts). Returns the stop. */
export function startConsolidationSchedule(ctx: Ctx): () => void {
  if (!ctx.config.consolidation.auto) return () => {};
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void runDue(ctx).finally(() => (running = false));
  };
  const first = setTimeout(tick, FIRST_CHECK_MS);
  first.unref();
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
