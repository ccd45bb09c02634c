import type { Ctx } from "../ctx";
import { LATENCY_BUCKETS, requestSnapshot } from "./registry";
import { getStats } from "./stats";

/** `GET /api/metrics`: the Prometheus text exposition format (version 0.0.4). */
export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const esc = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const labels = (l: Record<string, string | number>) => {
  const parts = Object.entries(l).map(([k, v]) => `${k}="${esc(String(v))}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
};
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN");

class Writer {
  private lines: string[] = [];
  family(name: string, type: "counter" | "gauge" | "histogram", help: string) {
    this.lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    return this;
  }
  sample(name: string, l: Record<string, string | number>, value: number) {
    this.lines.push(`${name}${labels(l)} ${num(value)}`);
    return this;
  }
  toString() {
    return this.lines.join("\n") + "\n";
  }
}

export function renderMetrics(ctx: Ctx): string {
  const w = new Writer();
  const snap = requestSnapshot();

  w.family("recollect_http_requests_total", "counter", "HTTP API requests by method, route pattern and status.");
  for (const r of snap.requests.sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method) || a.status - b.status)) {
    w.sample("recollect_http_requests_total", { method: r.method, route: r.route, status: r.status }, r.count);
  }

  w.family("recollect_http_request_duration_seconds", "histogram", "HTTP API request latency by method and route pattern.");
  for (const { method, route, histogram } of snap.latency.sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method))) {
    LATENCY_BUCKETS.forEach((le, i) => w.sample("recollect_http_request_duration_seconds_bucket", { method, route, le }, histogram.buckets[i]));
    w.sample("recollect_http_request_duration_seconds_bucket", { method, route, le: "+Inf" }, histogram.count);
    w.sample("recollect_http_request_duration_seconds_sum", { method, route }, histogram.sum);
    w.sample("recollect_http_request_duration_seconds_count", { method, route }, histogram.count);
  }

  const byScopeStatus = ctx.sqlite.prepare("SELECT scope, status, count(*) AS n FROM memories GROUP BY scope, status").all() as {
    scope: string;
    status: string;
    n: number;
  }[];
  w.family("recollect_memories", "gauge", "Stored memories by scope and status.");
  for (const scope of ["global", "project", "session"]) {
    for (const status of ["active", "suggested", "archived", "resolved", "superseded"]) {
      w.sample("recollect_memories", { scope, status }, byScopeStatus.find((r) => r.scope === scope && r.status === status)?.n ?? 0);
    }
  }

  const stats = getStats(ctx);
  w.family("recollect_embedding_queue_depth", "gauge", "Memories waiting for an embedding.").sample(
    "recollect_embedding_queue_depth",
    {},
    stats.embeddings.queueDepth,
  );
  w.family("recollect_embedding_queue_failing", "gauge", "Queued memories whose last embedding attempt failed.").sample(
    "recollect_embedding_queue_failing",
    {},
    stats.embeddings.failing,
  );
  const search = ctx.services.searchStatus;
  w.family("recollect_search_mode", "gauge", "1 for the active search mode.");
  for (const mode of ["hybrid", "lexical"]) w.sample("recollect_search_mode", { mode }, search.mode === mode ? 1 : 0);

  w.family("recollect_compression_runs_total", "counter", "History compressions performed.").sample(
    "recollect_compression_runs_total",
    {},
    stats.compression.runs,
  );
  w.family("recollect_compression_tokens_saved_total", "counter", "Tokens removed from histories by compression.").sample(
    "recollect_compression_tokens_saved_total",
    {},
    stats.compression.tokensSaved,
  );
  w.family("recollect_compression_saved_usd_estimate", "counter", "Money compression saved, estimated (at least a cached read per removed token).").sample(
    "recollect_compression_saved_usd_estimate",
    {},
    stats.compression.estimatedSavedUsd,
  );
  w.family("recollect_injected_blocks_total", "counter", "Blocks injected into a model's context since start, by kind.");
  for (const kind of ["stable", "recall", "resume"] as const) w.sample("recollect_injected_blocks_total", { kind }, stats.injected[kind].blocks);
  w.family("recollect_injected_tokens_total", "counter", "Tokens of the blocks injected into a model's context since start, by kind.");
  for (const kind of ["stable", "recall", "resume"] as const) w.sample("recollect_injected_tokens_total", { kind }, stats.injected[kind].tokens);
  w.family("recollect_checkpoints", "gauge", "Checkpoints by trigger.");
  for (const trigger of ["compaction", "manual", "ingest", "idle"]) w.sample("recollect_checkpoints", { trigger }, stats.checkpoints.byTrigger[trigger] ?? 0);
  w.family("recollect_sessions_active", "gauge", "OpenCode sessions seen recently.").sample("recollect_sessions_active", {}, stats.sessions.active);
  w.family("recollect_projects", "gauge", "Known projects.").sample("recollect_projects", {}, stats.projects.length);

  w.family("recollect_database_size_bytes", "gauge", "Size of the database file (without the WAL).").sample(
    "recollect_database_size_bytes",
    {},
    stats.database.sizeBytes,
  );
  w.family("recollect_database_wal_bytes", "gauge", "Size of the write-ahead log.").sample("recollect_database_wal_bytes", {}, stats.database.walBytes);
  w.family("recollect_database_free_bytes", "gauge", "Free pages inside the database file (reclaimable by vacuum).").sample(
    "recollect_database_free_bytes",
    {},
    stats.database.freeBytes,
  );

  const mem = process.memoryUsage();
  w.family("recollect_process_resident_memory_bytes", "gauge", "Resident set size of the server process.").sample(
    "recollect_process_resident_memory_bytes",
    {},
    mem.rss,
  );
  w.family("recollect_process_uptime_seconds", "gauge", "Seconds since the server process started.").sample(
    "recollect_process_uptime_seconds",
    {},
    Math.round(process.uptime()),
  );
  return w.toString();
}
