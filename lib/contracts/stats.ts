import type { DbSize } from "../maintenance/db-size";
import type { ActivityTotals } from "../metrics/activity";
/** Contracts of `GET /api/stats` and `GET /api/metrics` (the CLI imports these types). */

export interface StatsDto {
  version: string;
  uptimeSeconds: number;
  memories: {
    total: number;
    pinned: number;
    byStatus: Record<string, number>;
    byScope: Record<string, number>;
    byCategory: Record<string, number>;
    bySource: Record<string, number>;
    oldest: string | null;
    newest: string | null;
  };
  projects: { id: string; name: string; rootPath: string | null; memories: number }[];
  checkpoints: { total: number; byTrigger: Record<string, number> };
  sessions: { total: number; active: number; ingested: number };
  /**
   * `provider`: whether an embedding model is running; with none, `queueDepth` memories wait for
   * one and nothing is embedding them (`/api/health`'s `search.queueDepth` is the running queue's, 0).
   */
  embeddings: { provider: "on" | "off"; queueDepth: number; failing: number; vectors: number | null };
  /** The last 30 days of the agent's searches, deliveries and recalls (lib/metrics/activity.ts), as the dashboard shows them. */
  activity: { days: number } & ActivityTotals;
  /** `estimatedSavedUsd`: at least what the removed tokens would have cost (lib/compression/money.ts). */
  compression: { runs: number; tokensBefore: number; tokensAfter: number; tokensSaved: number; estimatedSavedUsd: number };
  /** Blocks injected into a model's context since the server started, and their tokens, by kind (lib/metrics/injected.ts). */
  injected: Record<"stable" | "recall" | "resume", { blocks: number; tokens: number }>;
  database: DbSize;
  requests: { total: number; errors: number };
}
