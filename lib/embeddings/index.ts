export { embeddingService, startEmbeddings, stopEmbeddings, EmbeddingService } from "./service";
export { startReindex, reindexProgress } from "./reindex";
export { embeddingStatus } from "./status";
export type { EmbeddingProvider } from "./provider";
