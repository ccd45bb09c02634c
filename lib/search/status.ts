/** Which search mode is active and why (the embeddings module keeps this up to date). */
export interface SearchStatus {
  mode: "hybrid" | "lexical";
  reason: string;
  model: string | null;
  dimension: number | null;
  queueDepth: number;
}

const g = globalThis as typeof globalThis & { __recollectSearchStatus?: SearchStatus };

export function searchStatus(): SearchStatus {
  return g.__recollectSearchStatus ?? { mode: "lexical", reason: "no embedding provider has been started", model: null, dimension: null, queueDepth: 0 };
}

export function setSearchStatus(status: SearchStatus) {
  g.__recollectSearchStatus = status;
}
