import { type ContextSummaryDto, type ParsedContextSummaryQuery, SUMMARY_LOOPS_LISTED } from "../contracts/context";
import type { Ctx } from "../ctx";
import { inboxCounts } from "../consolidation/inbox";
import { lookupProject } from "../projects/lookup";
import { VERSION } from "../version";
import { buildStableBlock } from "./stable";

/**
 * The figures of one project at a glance (OpenCode's `/memory` and its TUI sidebar, which polls it
 * every few seconds): a handful of indexed counts and the stable block, which the per-turn path
 * builds anyway. No search, no embedding.
 */
export function contextSummary(ctx: Ctx, q: ParsedContextSummaryQuery, nowMs = Date.now()): ContextSummaryDto {
  // identify, not resolve: a poll must not write (the project row is written by the per-turn calls).
  const projectId = q.directory ? lookupProject(ctx, q.directory) : (q.project ?? null);
  const count = (sql: string, ...args: unknown[]) => (ctx.sqlite.prepare(sql).get(...args) as { n: number }).n;
  const project = projectId
    ? count("SELECT count(*) AS n FROM memories WHERE scope IN ('project', 'session') AND project_id = ? AND status = 'active'", projectId)
    : 0;
  const global = count("SELECT count(*) AS n FROM memories WHERE scope = 'global' AND project_id IS NULL AND status = 'active'");
  const inbox = inboxCounts(ctx, projectId ?? undefined).total;
  const loopsRunning = projectId ? count("SELECT count(*) AS n FROM loops WHERE project_id = ? AND status = 'running'", projectId) : 0;
  // loops_project_idx (project_id, created_at): the newest few without a sort of the project's loops.
  const loops = loopsRunning
    ? (ctx.sqlite
        .prepare(
          `SELECT id, slug, phase, iteration, max_iterations AS maxIterations FROM loops
           WHERE project_id = ? AND status = 'running' ORDER BY created_at DESC, rowid DESC LIMIT ?`,
        )
        .all(projectId, SUMMARY_LOOPS_LISTED) as ContextSummaryDto["loops"])
    : [];
  const stable = buildStableBlock(ctx, projectId ? { project: projectId } : {});
  const last = ctx.sqlite
    .prepare(
      `SELECT id, session_id AS sessionId, trigger, created_at AS createdAt, json_extract(extracted, '$.task') AS task
       FROM checkpoints WHERE ${projectId ? "project_id = ?" : "project_id IS NULL"} ORDER BY created_at DESC LIMIT 1`,
    )
    .get(...(projectId ? [projectId] : [])) as { id: string; sessionId: string; trigger: string; createdAt: number; task: string | null } | undefined;
  const saved = q.sessionID ? count("SELECT coalesce(sum(tokens_before - tokens_after), 0) AS n FROM compression_stats WHERE session_id = ?", q.sessionID) : 0;
  return {
    version: VERSION,
    searchMode: ctx.services.searchStatus.mode,
    memories: { project, global },
    pinned: { count: stable.memoryIds.length, tokens: stable.tokens },
    inbox,
    loopsRunning,
    loops,
    lastCheckpoint: last
      ? {
          id: last.id,
          sessionId: last.sessionId,
          createdAt: new Date(last.createdAt).toISOString(),
          ageSeconds: Math.max(0, Math.round((nowMs - last.createdAt) / 1000)),
          task: typeof last.task === "string" ? last.task : null,
          trigger: last.trigger,
        }
      : null,
    tokensSaved: Math.max(0, saved),
  };
}
