import type { Config } from "../config";

/** The default local model (lib/config.ts). */
export const DEFAULT_MODEL = "Xenova/all-MiniLM-L6-v2";

/**
 * The larger English model, a documented setting (`embedding.model`), not the default: on the
 * tuning half of issue 42's paraphrase set it lifts hybrid hit@5 from 0.59 to 0.65 with no class
 * lower, but its q8 file is 181 MB (MiniLM: 23 MB) and it embeds about 4x slower
 * (docs/semantic-search.md). Mean pooling like MiniLM, and no query or passage prefix.
 */
export const LARGER_ENGLISH_MODEL = "Xenova/all-mpnet-base-v2";

/**
 * Which embedding model is in use and why, in one sentence for /api/health and `recollect doctor`.
 * The default's evidence is in docs/semantic-search.md (real q8 weights, LoCoMo dev and the
 * paraphrase set).
 */
export function modelChoice(config: Config["embedding"]): string {
  if (config.provider === "none") return "no embedding model (embedding.provider is none): lexical search only";
  if (config.provider === "http") return `${config.model || "the server's model"} over HTTP (embedding.provider http, set in the configuration)`;
  if (config.modelDir) return `the local model directory ${config.modelDir} (embedding.modelDir, set in the configuration)`;
  if (config.model === LARGER_ENGLISH_MODEL)
    return (
      `${LARGER_ENGLISH_MODEL} ${config.dtype} (embedding.model, set in the configuration): the larger English model, ` +
      "better on paraphrase questions than the default, 181 MB and about 4x slower to embed (docs/semantic-search.md)"
    );
  if (config.model !== DEFAULT_MODEL) return `${config.model} (embedding.model, set in the configuration)`;
  return (
    `${DEFAULT_MODEL} ${config.dtype} (the default): 23 MB, fast enough for hybrid search at 10,000 memories, and it lifts ` +
    "English paraphrase queries; it is English-only, so Chinese and cross-language questions are served by " +
    "lexical search (a multilingual model: embedding.model, see docs/semantic-search.md)"
  );
}
