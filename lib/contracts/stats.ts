import type { DbSize } from "../maintenance/db-size";
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
  embeddings: { queueDepth: number; failing: number; vectors: number | null };
  /** `estimatedSavedUsd`: at least what the removed tokens would have cost (lib/compression/money.ts). */
  compression: { runs: number; tokensBefore: number; tokensAfter: number; tokensSaved: number; estimatedSavedUsd: number };
  /** Blocks injected into a model's context since the server started, and their tokens, by kind (lib/metrics/injected.ts). */
  injected: Record<"stable" | "recall" | "resume", { blocks: number; tokens: number }>;
  database: DbSize;
  requests: { total: number; errors: number };
}
