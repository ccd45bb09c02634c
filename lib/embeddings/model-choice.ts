import type { Config } from "../config";

/** The default local model (lib/config.ts). */
export const DEFAULT_MODEL = "Xenova/all-MiniLM-L6-v2";

/**
 * Which embedding model is in use and why, in one sentence for /api/health and `recollect doctor`.
 * The default's evidence is in docs/semantic-search.md (real q8 weights, LoCoMo dev and the
 * paraphrase set).
 */
export function modelChoice(config: Config["embedding"]): string {
  if (config.provider === "none") return "no embedding model (embedding.provider is none): lexical search only";
  if (config.provider === "http") return `${config.model || "the server's model"} over HTTP (embedding.provider http, set in the configuration)`;
  if (config.modelDir) return `the local model directory ${config.modelDir} (embedding.modelDir, set in the configuration)`;
  if (config.model !== DEFAULT_MODEL) return `${config.model} (embedding.model, set in the configuration)`;
  return (
    `${DEFAULT_MODEL} ${config.dtype} (the default): 23 MB, fast enough for hybrid search at 10,000 memories, and it lifts ` +
    "English paraphrase queries; it is English-only, so Chinese and cross-language questions are served by " +
    "lexical search (a multilingual model: embedding.model, see docs/semantic-search.md)"
  );
}
