import type { DedupStatus } from "../embeddings/dedup-model";

/** Which search mode is active and why (the embedding service keeps `ctx.services.searchStatus` up to date). */
export interface SearchStatus {
  mode: "hybrid" | "lexical";
  reason: string;
  model: string | null;
  /** Which model is in use and why (lib/embeddings/model-choice.ts). */
  choice: string;
  dimension: number | null;
  queueDepth: number;
  /** Whether the model takes part in deduplication (docs/deduplication.md). */
  dedup: DedupStatus;
}

export const LEXICAL_DEDUP: DedupStatus = {
  semantic: false,
  reason: "no embedding model in use: exact and lexical deduplication only",
  model: null,
  strictCosine: null,
  similarCosine: null,
  randomPairCosine: null,
  sampleBasis: null,
  sampleSize: 0,
};

/** Before an embedding service publishes anything. */
export const NO_PROVIDER_STATUS: SearchStatus = {
  mode: "lexical",
  reason: "no embedding provider has been started",
  model: null,
  choice: "no embedding provider has been started",
  dimension: null,
  queueDepth: 0,
  dedup: LEXICAL_DEDUP,
};
