import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EmbeddingStatus, ReindexProgress, SearchOutput } from "../../lib/contracts/search";
import { startServer, tempDir, type TestServer } from "../helpers/server";

/** POST /api/search and /api/embeddings/* against a server running the tiny local test model. */
const TINY = path.resolve(import.meta.dirname, "../fixtures/tiny-model");
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { RECOLLECT_EMBEDDING_PROVIDER: "transformers", RECOLLECT_EMBEDDING_MODEL_DIR: TINY } });
});
afterAll(async () => {
  await server?.stop();
});

const search = async (body: unknown) => {
  const res = await server.api("/api/search", { method: "POST", json: body });
  return { status: res.status, body: (await res.json()) as SearchOutput & { error?: { message: string } } };
};
const health = async () =>
  (await (await server.api("/api/health")).json()) as {
    search: { mode: string; reason: string; model: string | null; dimension: number | null; queueDepth: number };
  };
const waitOpts = { timeout: 30_000, interval: 100 };

describe("POST /api/search", () => {
  it("rejects a bad body with 400 naming the field", async () => {
    const missing = await search({});
    expect(missing.status).toBe(400);
    expect(missing.body.error!.message).toMatch(/^query/);
    const bad = await search({ query: "x", scopes: ["galaxy"] });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.message).toMatch(/^scopes/);
    expect((await search({ query: "x", limit: 1000 })).status).toBe(400);
  });

  it("searches a project plus global memories, hybrid once the vectors are in, and counts access", async () => {
    const dir = tempDir("proj-");
    const other = tempDir("other-");
    const post = async (json: unknown) => (await (await server.api("/api/memories", { method: "POST", json })).json()) as { id: string };
    const mine = await post({ content: "The deploy script needs the docker daemon running", directory: dir, category: "gotcha" });
    const global = await post({ content: "Prefer small docker images built in stages", category: "preference" });
    const theirs = await post({ content: "The deploy script of the other project uses docker swarm", directory: other });

    const h = await vi.waitFor(async () => {
      const x = await health();
      expect(x.search).toMatchObject({ mode: "hybrid", queueDepth: 0 });
      return x;
    }, waitOpts);
    expect(h.search).toMatchObject({ mode: "hybrid", dimension: 32, queueDepth: 0, model: expect.stringContaining("tiny-model") });
    // Which model and why: a model directory chosen in the configuration.
    expect((h.search as { choice?: string }).choice).toMatch(/local model directory .*tiny-model.* \(embedding\.modelDir/);

    const { status, body } = await search({ query: "deploy docker", directory: dir, explain: true, tokenBudget: 300, sessionId: "s-1" });
    expect(status).toBe(200);
    expect(body.mode).toBe("hybrid");
    const ids = body.results.map((r) => r.id);
    expect(new Set(ids)).toEqual(new Set([mine.id, global.id]));
    expect(ids).not.toContain(theirs.id);
    // Its age is read at the search, after the wait for the vectors: minutes on a loaded machine.
    expect(body.results[0]).toMatchObject({
      id: mine.id,
      category: "gotcha",
      scope: "project",
      age: expect.stringMatching(/^(just now|\d+m)$/),
      accessCount: 1,
    });
    expect(body.results[0].explain).toMatchObject({ lexicalRank: 1, vectorRank: expect.any(Number) });
    expect(body.formatted).toContain("docker daemon");
    expect(body.formatted).toContain(mine.id);

    // Access counts are written in batches, within about a second (lib/search/access-buffer.ts).
    const count = async () => ((await (await server.api(`/api/memories/${mine.id}`)).json()) as { accessCount: number }).accessCount;
    await expect.poll(count, { timeout: 30_000, interval: 200 }).toBe(1);
  });

  it("returns the existing memory for a near duplicate", async () => {
    const first = await (
      await server.api("/api/memories", { method: "POST", json: { content: "Run the migrations with npm run db:migrate before the tests start" } })
    ).json();
    const res = await server.api("/api/memories", { method: "POST", json: { content: "Run the migrations with npm run db:migrate, before the tests start!" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: first.id, deduplicated: true, duplicateOf: first.id });
  });
});

describe("/api/embeddings", () => {
  it("reports the status and reindexes with progress", async () => {
    // The memory stored by the previous test may still be in the embedding queue.
    const status = await vi.waitFor(async () => {
      const s = (await (await server.api("/api/embeddings/status")).json()) as EmbeddingStatus;
      expect(s).toMatchObject({ state: "ready", queueDepth: 0 });
      return s;
    }, waitOpts);
    expect(status).toMatchObject({ provider: "transformers", state: "ready", mode: "hybrid", dimension: 32, indexDimension: 32, queueDepth: 0 });
    expect(status.vectors).toBeGreaterThanOrEqual(4);

    const start = await server.api("/api/embeddings/reindex", { method: "POST" });
    expect(start.status).toBe(202);
    const started = (await start.json()) as ReindexProgress;
    expect(started.state).toBe("running");
    expect(started.total).toBe(status.vectors);
    const done = await vi.waitFor(async () => {
      const p = (await (await server.api("/api/embeddings/reindex")).json()) as ReindexProgress;
      expect(p.state).toBe("done");
      return p;
    }, waitOpts);
    expect(done).toMatchObject({ state: "done", done: started.total, total: started.total, dimension: 32 });
    const after = (await (await server.api("/api/embeddings/status")).json()) as EmbeddingStatus;
    expect(after).toMatchObject({ mode: "hybrid", vectors: status.vectors, queueDepth: 0 });
  });
});
