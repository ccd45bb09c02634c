import type { Config } from "../config";
import { embeddingPrefixes } from "./prefixes";

/**
 * Turns texts into L2-normalized vectors. Implementations: transformers.js (local), HTTP; the
 * configured one is loaded by `loadProvider` (load-provider.ts).
 */
export interface EmbeddingProvider {
  /** What the vectors are recorded as having been built with (model id or directory + dtype). */
  readonly id: string;
  readonly dimension: number;
  embed(texts: string[]): Promise<Float32Array[]>;
  close?(): Promise<void>;
}

/** `onProgress` tells how a first download goes (lexical search meanwhile). */
export type ProviderFactory = (config: Config["embedding"], dataDir: string, onProgress?: (message: string) => void) => Promise<EmbeddingProvider>;

/** The id recorded in embedding_meta: a model change (or dtype change) means a reindex. */
export function providerId(config: Config["embedding"]): string {
  if (config.provider === "http") return `http:${config.model}`;
  // CLS pooling gives other vectors from the same weights; mean pooling keeps the ids stores already hold.
  // So does a passage prefix (stored texts are embedded with it); the query prefix changes no stored vector.
  const passage = embeddingPrefixes(config).passage;
  return `transformers:${config.modelDir || config.model}:${config.dtype}${config.pooling === "cls" ? ":cls" : ""}${passage ? `:passage=${passage.trim()}` : ""}`;
}

export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}
