import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../lib/config";
import { modelChoice } from "../../../lib/embeddings/model-choice";

const embedding = (env: Record<string, string>) => loadConfig({ env: { XDG_CONFIG_HOME: "/nonexistent-recollect-config", ...env } }).config.embedding;

describe("which embedding model is in use and why", () => {
  it("names the default and that it serves English only", () => {
    const choice = modelChoice(embedding({}));
    expect(choice).toContain("Xenova/all-MiniLM-L6-v2 q8 (the default)");
    expect(choice).toContain("English-only");
    expect(choice).toContain("docs/semantic-search.md");
  });

  it("names the setting that chose another model", () => {
    expect(modelChoice(embedding({ RECOLLECT_EMBEDDING_MODEL: "Xenova/multilingual-e5-small" }))).toBe(
      "Xenova/multilingual-e5-small (embedding.model, set in the configuration)",
    );
    expect(modelChoice(embedding({ RECOLLECT_EMBEDDING_MODEL: "Xenova/all-mpnet-base-v2" }))).toContain(
      "Xenova/all-mpnet-base-v2 q8 (embedding.model, set in the configuration): the larger English model",
    );
    expect(modelChoice(embedding({ RECOLLECT_EMBEDDING_MODEL_DIR: "/models/e5" }))).toContain("embedding.modelDir");
    expect(modelChoice(embedding({ RECOLLECT_EMBEDDING_PROVIDER: "none" }))).toContain("lexical search only");
  });
});
