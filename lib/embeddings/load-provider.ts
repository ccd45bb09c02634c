import type { Config } from "../config";
import type { EmbeddingProvider } from "./provider";

/**
 * Loads the configured provider; rejects with a message that says what to fix. Imported lazily: a
 * server without embeddings never loads transformers.js.
 */
export async function loadProvider(config: Config["embedding"], dataDir: string, onProgress?: (message: string) => void): Promise<EmbeddingProvider> {
  if (config.provider === "http") return (await import("./http")).createHttpProvider(config);
  if (config.provider === "transformers") return (await import("./transformers")).createTransformersProvider(config, dataDir, onProgress);
  throw new Error("embedding provider is 'none'");
}
