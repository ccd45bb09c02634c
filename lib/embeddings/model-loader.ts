import type { Config } from "../config";
import type { EmbeddingProvider, ProviderFactory } from "./provider";

const LOAD_TIMEOUT_MS = 5 * 60_000;

/** Loads the configured model, or fails after LOAD_TIMEOUT_MS (a stuck download must not hang the status forever). */
export function loadModel(
  factory: ProviderFactory,
  cfg: Config["embedding"],
  dataDir: string,
  onProgress?: (message: string) => void,
): Promise<EmbeddingProvider> {
  const timeout = new Promise<never>((_, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${LOAD_TIMEOUT_MS / 1000}s`)), LOAD_TIMEOUT_MS);
    t.unref?.();
  });
  return Promise.race([factory(cfg, dataDir, onProgress), timeout]);
}

/** The first line of a load failure, short enough for a status line. */
export const loadFailure = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 300);
