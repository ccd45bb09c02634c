import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run";
import { startServer, tempDir, type TestServer } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";

/** `recollect reindex` against a server with the tiny local test model (tests/fixtures/tiny-model). */
const TINY = path.resolve(import.meta.dirname, "../fixtures/tiny-model");
let server: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startServer({ env: { RECOLLECT_EMBEDDING_PROVIDER: "transformers", RECOLLECT_EMBEDDING_MODEL_DIR: TINY } });
  env = { RECOLLECT_URL: server.url, RECOLLECT_DATA_DIR: server.dataDir, XDG_CONFIG_HOME: tempDir(), RECOLLECT_TOKEN: "" };
});
afterAll(async () => {
  await server?.stop();
});

describe("recollect reindex", { timeout: 200_000 }, () => {
  it("re-embeds every memory and reports the model", async () => {
    for (let i = 0; i < 12; i++) {
      const r = await server.api("/api/memories", { method: "POST", json: { content: `reindex memory number ${i} about caching` } });
      expect(r.status).toBe(201);
    }
    const r = await runCli(["reindex", "--json"], { env, timeoutMs: 180_000 });
    expect(r.code, r.stderr).toBe(0);
    const progress = r.json();
    expect(progress.state).toBe("done");
    expect(progress.total).toBeGreaterThanOrEqual(12);
    expect(progress.done).toBe(progress.total);
    const stats = (await runCli(["stats", "--json"], { env })).json();
    expect(stats.embeddings.vectors).toBeGreaterThanOrEqual(12);
  }, 200_000);

  it("explains that there is nothing to reindex when embeddings are off", async () => {
    const off = sharedServer(); // embeddings off
    const r = await runCli(["reindex"], { env: { ...env, RECOLLECT_URL: off.url, RECOLLECT_DATA_DIR: off.dataDir } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/embeddings are off/);
  }, 200_000);
});
