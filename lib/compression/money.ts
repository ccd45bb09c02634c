import type { Config } from "../config";
import { ANTHROPIC_PRICES } from "./phases/schedule";

/**
 * The money compression saved, estimated from the tokens it removed: every token left out of a
 * request would have cost at least a cached read (`compression.cachePricing["*"].read` of the input
 * price, `compression.inputUsdPerMTok`). A lower bound: a token left out from its first send also
 * saves its cache write.
 */
export function estimatedSavedUsd(tokensSaved: number, cfg: Pick<Config["compression"], "cachePricing" | "inputUsdPerMTok">): number {
  const read = (cfg.cachePricing["*"] ?? ANTHROPIC_PRICES).read;
  return Math.round(Math.max(0, tokensSaved) * read * cfg.inputUsdPerMTok * 100) / 1e8;
}
