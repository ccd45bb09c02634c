import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../lib/config";
import { BGE_QUERY_INSTRUCTION, defaultPrefixes, embeddingPrefixes } from "../../../lib/embeddings/prefixes";
import { providerId, type EmbeddingProvider, type ProviderFactory } from "../../../lib/embeddings/provider";
import { startEmbeddings, stopEmbeddings } from "../../../lib/embeddings/start";
import { createMemory } from "../../../lib/memories";
import { searchMemories } from "../../../lib/search/search";
import { searchInput } from "../../../lib/contracts/search";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

const embeddingConfig = (env: Record<string, string>) => loadConfig({ env: { XDG_CONFIG_HOME: tempDir(), ...env } }).config.embedding;

describe("query / passage prefixes", () => {
  it("default to what each model was trained with, by its name or its directory's", () => {
    expect(defaultPrefixes("Xenova/e5-small-v2")).toEqual({ query: "query: ", passage: "passage: " });
    expect(defaultPrefixes("/models/cache/multilingual-e5-small/")).toEqual({ query: "query: ", passage: "passage: " });
    expect(defaultPrefixes("Xenova/bge-small-en-v1.5")).toEqual({ query: BGE_QUERY_INSTRUCTION, passage: "" });
    expect(defaultPrefixes("Xenova/all-MiniLM-L6-v2")).toEqual({ query: "", passage: "" });
    // Not an e5 model, though "e5" is in the name.
    expect(defaultPrefixes("some/modele5large")).toEqual({ query: "", passage: "" });
  });

  it("are overridden by embedding.queryPrefix / passagePrefix (an empty string turns a default off); not sent over HTTP", () => {
    expect(embeddingPrefixes(embeddingConfig({ RECOLLECT_EMBEDDING_MODEL: "Xenova/e5-small-v2", RECOLLECT_EMBEDDING_QUERY_PREFIX: "" }))).toEqual({
      query: "",
      passage: "passage: ",
    });
    expect(embeddingPrefixes(embeddingConfig({ RECOLLECT_EMBEDDING_PASSAGE_PREFIX: "doc: " }))).toEqual({ query: "", passage: "doc: " });
    expect(embeddingPrefixes(embeddingConfig({ RECOLLECT_EMBEDDING_PROVIDER: "http", RECOLLECT_EMBEDDING_MODEL: "e5-small-v2" }))).toEqual({
      query: "",
      passage: "",
    });
  });

  it("a passage prefix is part of the provider id (the stored vectors change), a query prefix is not", () => {
    const minilm = embeddingConfig({});
    expect(providerId(minilm)).toBe("transformers:Xenova/all-MiniLM-L6-v2:q8");
    expect(providerId(embeddingConfig({ RECOLLECT_EMBEDDING_QUERY_PREFIX: "q: " }))).toBe(providerId(minilm));
    expect(providerId(embeddingConfig({ RECOLLECT_EMBEDDING_MODEL: "Xenova/e5-small-v2" }))).toBe("transformers:Xenova/e5-small-v2:q8:passage=passage:");
  });
});

/** A provider that records what it is asked to embed (the model itself is not what is tested here). */
function recordingFactory(seen: string[]): ProviderFactory {
  return async (config) => {
    const provider: EmbeddingProvider = {
      id: providerId(config),
      dimension: 4,
      embed: async (texts) => {
        seen.push(...texts);
        return texts.map((t) => {
          const v = new Float32Array([1, t.length % 7, t.includes("redis") ? 1 : 0, 0.5]);
          const n = Math.hypot(...v);
          return v.map((x) => x / n);
        });
      },
    };
    return provider;
  };
}

describe("the embedding service with an e5 model", () => {
  const opened: ReturnType<typeof testCtx>[] = [];
  afterEach(async () => {
    for (const ctx of opened.splice(0)) {
      await stopEmbeddings(ctx);
      ctx.close();
    }
  });

  it("embeds stored memories and near-duplicate checks as passages, search questions as queries", async () => {
    const ctx = testCtx({ env: { RECOLLECT_EMBEDDING_PROVIDER: "transformers", RECOLLECT_EMBEDDING_MODEL: "Xenova/e5-small-v2" } });
    opened.push(ctx);
    const seen: string[] = [];
    const service = startEmbeddings(ctx, recordingFactory(seen));
    await service.loaded;
    expect(service.ready()).toBe(true);
    createMemory(ctx, { content: "The session cache lives in redis with a one day expiry" });
    await service.drain();
    expect(seen.filter((t) => t.includes("session cache"))).toEqual(["passage: The session cache lives in redis with a one day expiry"]);

    const out = await searchMemories(ctx, searchInput.parse({ query: "where are logins kept" }));
    expect(out.mode).toBe("hybrid");
    expect(seen).toContain("query: where are logins kept");
    expect(seen).not.toContain("where are logins kept");

    // What the near-duplicate check embeds (once the model is fit for it) is compared with stored passages.
    await service.embedQuery("Sessions are cached in redis", "passage");
    expect(service.cachedEmbedding("Sessions are cached in redis", "passage")).toBeInstanceOf(Float32Array);
    expect(service.cachedEmbedding("Sessions are cached in redis", "query")).toBeUndefined();
    expect(seen).toContain("passage: Sessions are cached in redis");
  });
});
