import type Database from "better-sqlite3";
import type { ReindexProgress } from "../contracts/search";
import type { EmbeddingProvider } from "./provider";
import { readMeta, writeMeta } from "./meta";
import { enqueueAll, pendingCount } from "./queue";
import { createVectorTable, dropVectorTable } from "../db/virtual-tables";

/** Drops the vectors, makes a table for this model and queues every memory; the meta says a reindex runs. */
export function beginReindex(sqlite: Database.Database, provider: EmbeddingProvider) {
  sqlite
    .transaction(() => {
      dropVectorTable(sqlite);
      createVectorTable(sqlite, provider.dimension);
      enqueueAll(sqlite);
      const total = (sqlite.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
      writeMeta(sqlite, {
        model: provider.id,
        dimension: provider.dimension,
        reindex_state: "running",
        reindex_total: total,
        reindex_started_at: Date.now(),
        reindex_finished_at: null,
        reindex_error: null,
      });
    })
    .immediate();
}

export function finishReindex(sqlite: Database.Database) {
  writeMeta(sqlite, { reindex_state: "done", reindex_finished_at: Date.now() });
}

export function reindexProgress(sqlite: Database.Database): ReindexProgress {
  const m = readMeta(sqlite);
  const total = Number(m.reindex_total ?? 0);
  const state = (m.reindex_state as ReindexProgress["state"]) ?? "idle";
  const pending = state === "running" ? pendingCount(sqlite) : 0;
  return {
    state,
    total,
    done: state === "done" ? total : Math.max(0, total - pending),
    startedAt: m.reindex_started_at ? new Date(Number(m.reindex_started_at)).toISOString() : null,
    finishedAt: m.reindex_finished_at ? new Date(Number(m.reindex_finished_at)).toISOString() : null,
    error: m.reindex_error ?? null,
    model: m.model ?? null,
    dimension: m.dimension ? Number(m.dimension) : null,
  };
}
