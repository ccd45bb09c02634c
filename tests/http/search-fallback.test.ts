import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    let health: { search: { mode: string; reason: string } };
    const deadline = Date.now() + 30_000;
    do {
      health = (await (await server.api("/api/health")).json()) as typeof health;
      if (!health.search.reason.startsWith("loading")) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < deadline);
    expect(health.search.mode).toBe("lexical");
    expect(health.search.reason).toContain("missing-model");
    expect(health.search.reason).toMatch(/could not be loaded/);
    const reindex = await server.api("/api/embeddings/reindex", { method: "POST" });
    expect(reindex.status).toBe(503);
  });
});
