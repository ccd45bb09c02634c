import { sql } from "drizzle-orm";
import type { StatsDto } from "../contracts/stats";
import type { Ctx } from "../ctx";
import { dbSize } from "../maintenance/db-size";
import { catchUpForReader } from "../indexing";
import { VERSION } from "../version";
import { estimatedSavedUsd } from "../compression/money";
import { injectedSnapshot } from "./injected";
import { ACTIVITY_DAYS, activityPerDay, activityTotals } from "./activity";
import { requestSnapshot } from "./registry";

type Row = { k: string | null; n: number };

/** Everything `recollect stats` and the dashboard show: counts by dimension, sizes, queue, savings. */
export function getStats(ctx: Ctx): StatsDto {
  catchUpForReader(ctx.sqlite);
  const group = (column: string) => {
    const out: Record<string, number> = {};
    for (const r of ctx.sqlite.prepare(`SELECT ${column} AS k, count(*) AS n FROM memories GROUP BY ${column}`).all() as Row[]) out[r.k ?? "none"] = r.n;
    return out;
  };
  const one = (q: string) => (ctx.sqlite.prepare(q).get() as { n: number | null } | undefined)?.n ?? 0;
  const byStatus = group("status");
  const span = ctx.sqlite.prepare("SELECT min(created_at) AS oldest, max(created_at) AS newest FROM memories").get() as {
    oldest: number | null;
    newest: number | null;
  };

  const projects = ctx.sqlite
    .prepare(
      `SELECT p.id, p.name, p.root_path AS rootPath, (SELECT count(*) FROM memories m WHERE m.project_id = p.id) AS memories
       FROM projects p ORDER BY memories DESC, p.name LIMIT 100`,
    )
    .all() as StatsDto["projects"];

  const byTrigger: Record<string, number> = {};
  for (const r of ctx.sqlite.prepare("SELECT trigger AS k, count(*) AS n FROM checkpoints GROUP BY trigger").all() as Row[]) byTrigger[r.k ?? "none"] = r.n;

  const compression = ctx.sqlite
    .prepare("SELECT count(*) AS runs, coalesce(sum(tokens_before), 0) AS before, coalesce(sum(tokens_after), 0) AS after FROM compression_stats")
    .get() as { runs: number; before: number; after: number };

  const requests = requestSnapshot().requests;
  return {
    version: VERSION,
    uptimeSeconds: Math.round(process.uptime()),
    memories: {
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      pinned: one("SELECT count(*) AS n FROM memories WHERE pinned = 1"),
      byStatus,
      byScope: group("scope"),
      byCategory: group("category"),
      bySource: group("source"),
      oldest: span.oldest ? new Date(span.oldest).toISOString() : null,
      newest: span.newest ? new Date(span.newest).toISOString() : null,
    },
    projects,
    checkpoints: { total: Object.values(byTrigger).reduce((a, b) => a + b, 0), byTrigger },
    sessions: {
      total: one("SELECT count(*) AS n FROM sessions"),
      active: one("SELECT count(*) AS n FROM sessions WHERE status = 'active'"),
      ingested: one("SELECT count(*) AS n FROM ingested_sessions"),
    },
    embeddings: {
      provider: ctx.services.searchStatus.model ? "on" : "off",
      queueDepth: one("SELECT count(*) AS n FROM embedding_queue"),
      failing: one("SELECT count(*) AS n FROM embedding_queue WHERE last_error IS NOT NULL"),
      vectors: vectorCount(ctx),
    },
    activity: { days: ACTIVITY_DAYS, ...activityTotals(activityPerDay(ctx)) },
    compression: {
      runs: compression.runs,
      tokensBefore: compression.before,
      tokensAfter: compression.after,
      tokensSaved: Math.max(0, compression.before - compression.after),
      estimatedSavedUsd: estimatedSavedUsd(compression.before - compression.after, ctx.config.compression),
    },
    injected: injectedSnapshot(),
    database: dbSize(ctx.sqlite),
    requests: {
      total: requests.reduce((a, r) => a + r.count, 0),
      errors: requests.filter((r) => r.status >= 500).reduce((a, r) => a + r.count, 0),
    },
  };
}

/** The sqlite-vec table exists only once an embedding model has run. */
function vectorCount(ctx: Ctx): number | null {
  const exists = ctx.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM sqlite_master WHERE name = 'memory_vectors'`)?.n;
  if (!exists) return null;
  try {
    return (ctx.sqlite.prepare("SELECT count(*) AS n FROM memory_vectors").get() as { n: number }).n;
  } catch {
    return null;
  }
}
