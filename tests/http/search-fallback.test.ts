import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SearchOutput } from "../../lib/contracts/search";
import { startServer, tempDir, type TestServer } from "../helpers/server";

/** A server whose embedding model cannot load (offline, missing directory): lexical, and says why. */
let server: TestServer;
const missing = path.join(tempDir(), "missing-model");

beforeAll(async () => {
  server = await startServer({ env: { RECOLLECT_EMBEDDING_PROVIDER: "transformers", RECOLLECT_EMBEDDING_MODEL_DIR: missing } });
});
afterAll(async () => {
  await server?.stop();
});

describe("search without a model", () => {
  it("answers in lexical mode and /api/health says why", async () => {
    await server.api("/api/memories", { method: "POST", json: { content: "Elasticsearch shards are rebalanced nightly" } });
    const res = await server.api("/api/search", { method: "POST", json: { query: "elasticsearch shard" } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SearchOutput;
    expect(body.mode).toBe("lexical");
    expect(body.results).toHaveLength(1);
    // The load fails in the background; until then the reason says it is loading.
    const health = await vi.waitFor(
      async () => {
        const h = (await (await server.api("/api/health")).json()) as { search: { mode: string; reason: string } };
        expect(h.search.reason).not.toMatch(/^loading/);
        return h;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(health.search.mode).toBe("lexical");
    expect(health.search.reason).toContain("missing-model");
    expect(health.search.reason).toMatch(/could not be loaded/);
    const reindex = await server.api("/api/embeddings/reindex", { method: "POST" });
    expect(reindex.status).toBe(503);
  });
});
