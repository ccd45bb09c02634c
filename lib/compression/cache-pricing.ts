import type { Config } from "../config";
import { ANTHROPIC_PRICES, type CachePrices } from "./phases/schedule";
import type { OcMessage } from "./schema";

/**
 * The session's provider: OpenCode puts `providerID` on an assistant message's info and
 * `model.providerID` on a user message's; the latest message that names one wins.
 */
export function providerOf(messages: readonly OcMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const info = messages[i].info as { providerID?: unknown; model?: { providerID?: unknown } };
    const id = info.providerID ?? info.model?.providerID;
    if (typeof id === "string" && id) return id;
  }
  return undefined;
}

/** The prompt-cache prices a rewrite is priced with (`compression.cachePricing`): the provider's, else `*`'s. */
export function cachePricesFor(cfg: Pick<Config["compression"], "cachePricing">, messages: readonly OcMessage[]): CachePrices {
  const provider = providerOf(messages);
  return (provider !== undefined ? cfg.cachePricing[provider] : undefined) ?? cfg.cachePricing["*"] ?? ANTHROPIC_PRICES;
}
