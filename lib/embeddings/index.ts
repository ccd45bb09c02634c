export { EmbeddingService } from "./service";
export { startEmbeddings, stopEmbeddings } from "./start";
export { startReindex, reindexProgress } from "./reindex";
export { embeddingStatus } from "./status";
export type { EmbeddingProvider } from "./provider";
