import { describe, expect, it } from "vitest";
import { cachePricesFor, providerOf } from "../../../lib/compression/cache-pricing";
import { expectedRemaining } from "../../../lib/compression/phases/schedule";
import type { OcMessage } from "../../../lib/compression/schema";
import { loadConfig } from "../../../lib/config";

const message = (role: "user" | "assistant", info: Record<string, unknown>) =>
  ({ info: { id: `m${Math.random()}`, role, ...info }, parts: [] }) as unknown as OcMessage;

describe("cache pricing by provider", () => {
  it("takes the provider of the latest message that names one, and its prices from compression.cachePricing", () => {
    const { config } = loadConfig({ env: {} });
    const openai = [message("user", { model: { providerID: "anthropic", modelID: "x" } }), message("assistant", { providerID: "openai" }), message("user", {})];
    expect(providerOf(openai)).toBe("openai");
    expect(cachePricesFor(config.compression, openai)).toEqual({ read: 0.5, write: 1 });
    expect(cachePricesFor(config.compression, [message("user", { model: { providerID: "anthropic" } })])).toEqual({ read: 0.1, write: 1.25 });
    // Unknown or unnamed provider: the `*` prices.
    expect(cachePricesFor(config.compression, [message("user", {})])).toEqual({ read: 0.1, write: 1.25 });
    expect(cachePricesFor(config.compression, [message("assistant", { providerID: "somewhere" })])).toEqual({ read: 0.1, write: 1.25 });
  });

  it("is configured per provider, from a file or the environment (JSON)", () => {
    const { config } = loadConfig({
      env: { RECOLLECT_COMPRESSION_CACHE_PRICING: JSON.stringify({ deepseek: { read: 0.1, write: 1 }, "*": { read: 1, write: 1 } }) },
    });
    expect(cachePricesFor(config.compression, [message("assistant", { providerID: "deepseek" })])).toEqual({ read: 0.1, write: 1 });
    expect(cachePricesFor(config.compression, [message("assistant", { providerID: "openai" })])).toEqual({ read: 1, write: 1 });
  });

  it("expects half as many requests to follow as the steps taken so far, at least 3, within the cap", () => {
    expect(expectedRemaining(0, 15)).toBe(3);
    expect(expectedRemaining(6, 15)).toBe(3);
    expect(expectedRemaining(10, 15)).toBe(5);
    expect(expectedRemaining(40, 15)).toBe(15);
    expect(expectedRemaining(0, 2)).toBe(2);
  });
});
