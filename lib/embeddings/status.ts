import type { EmbeddingStatus } from "../contracts/search";
import type { Ctx } from "../ctx";
import { catchUpForReader } from "../indexing";
import { indexMeta } from "./meta";
import { modelChoice } from "./model-choice";
import { reindexProgress } from "./reindex";
import { MAX_ATTEMPTS } from "./queue";
import { countVectors } from "../db/virtual-tables";

/** Which model is loaded, what the vectors were built with, queue depth, reindex progress. */
export function embeddingStatus(ctx: Ctx): EmbeddingStatus {
  const service = ctx.services.embeddings;
  if (service) return service.status();
  catchUpForReader(ctx.sqlite);
  const meta = indexMeta(ctx.sqlite);
  const count = (sql: string, ...p: unknown[]) => (ctx.sqlite.prepare(sql).get(...p) as { n: number }).n;
  return {
    provider: ctx.config.embedding.provider,
    state: "off",
    mode: "lexical",
    reason: "the embedding service has not been started",
    model: null,
    choice: modelChoice(ctx.config.embedding),
    dimension: null,
    indexModel: meta.model,
    indexDimension: meta.dimension,
    vectors: countVectors(ctx.sqlite),
    queueDepth: count("SELECT count(*) AS n FROM embedding_queue WHERE attempts < ?", MAX_ATTEMPTS),
    failed: count("SELECT count(*) AS n FROM embedding_queue WHERE attempts >= ?", MAX_ATTEMPTS),
    reindex: reindexProgress(ctx),
  };
}
