import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Hooks } from "@opencode-ai/plugin";
import { createRecollect } from "../../plugin/recollect";
import { ROOT } from "../../scripts/build-if-needed";
import { codingMemories } from "../fixtures/dedup/coding-memories";
import { startServer, tempDir, type TestServer } from "../helpers/server";

// Deduplication over HTTP and through the plugin's memory_store (docs/deduplication.md).
const model = (dir: string, extra: Record<string, string> = {}) => ({
  RECOLLECT_EMBEDDING_PROVIDER: "transformers",
  RECOLLECT_EMBEDDING_MODEL_DIR: path.join(ROOT, "tests/fixtures", dir),
  ...extra,
});

async function ready(server: TestServer) {
  await vi.waitFor(
    async () => {
      const health = await (await server.api("/api/health")).json();
      expect(health.search.mode).toBe("hybrid");
      expect(health.search.dedup.randomPairCosine).not.toBeNull();
    },
    { timeout: 60_000, interval: 100 },
  );
}
async function embedded(server: TestServer) {
  await vi.waitFor(async () => expect((await (await server.api("/api/embeddings/status")).json()).queueDepth).toBe(0), { timeout: 30_000, interval: 20 });
}
const post = (server: TestServer, json: Record<string, unknown>) => server.api("/api/memories", { method: "POST", json: { scope: "global", ...json } });

describe("with a degenerate model", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: model("tiny-model-degenerate") });
    await ready(server);
  });
  afterAll(async () => server?.stop());

  it("health says the model is unfit for deduplication, and 300 distinct memories stored over the API are 300 memories", async () => {
    const health = await (await server.api("/api/health")).json();
    expect(health.search.dedup).toMatchObject({ semantic: false });
    expect(health.search.dedup.reason).toMatch(/^model embeddings are degenerate \(mean random-pair cosine (0\.9\d|1\.00) > 0\.8/);

    const statuses: number[] = [];
    for (const content of codingMemories(300)) {
      const res = await post(server, { content, category: "fact" });
      statuses.push(res.status);
      expect(await res.json()).toMatchObject({ deduplicated: false, dedup: null });
      await embedded(server);
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const after = await (await server.api("/api/health")).json();
    expect(after.counts.memories.total).toBe(300);
    expect(after.search.dedup).toMatchObject({ semantic: false, sampleBasis: "memories" });
  }, 180_000);
});

describe("with a sound model", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: model("tiny-model", { RECOLLECT_SEARCH_DEDUP_THRESHOLD: "0.9", RECOLLECT_SEARCH_SIMILAR_THRESHOLD: "0.55" }) });
    await ready(server);
  });
  afterAll(async () => server?.stop());

  it("answers exact (200), near (200, kept as a version) and similar (201, linked) creates, and says which", async () => {
    const health = await (await server.api("/api/health")).json();
    expect(health.search.dedup).toMatchObject({ semantic: true, strictCosine: 0.9, similarCosine: 0.55 });

    const firstRes = await post(server, { content: "the deploy queue retries each build token for the session" });
    expect(firstRes.status).toBe(201);
    const first = await firstRes.json();
    await embedded(server);

    const exact = await post(server, { content: "The deploy queue retries each build token for the session" });
    expect(exact.status).toBe(200);
    expect(await exact.json()).toMatchObject({
      id: first.id,
      deduplicated: true,
      duplicateOf: null,
      dedup: { kind: "exact", memoryId: first.id, keptAs: "existing" },
    });

    const nearText = "the deploy queue retries every build token for the session";
    const near = await post(server, { content: nearText });
    expect(near.status).toBe(200);
    const nearBody = await near.json();
    expect(nearBody).toMatchObject({
      id: first.id,
      deduplicated: true,
      duplicateOf: first.id,
      dedup: { kind: "near", memoryId: first.id, keptAs: "version", version: 1 },
    });
    expect(nearBody.dedup.cosine).toBeGreaterThanOrEqual(0.9);
    const versions = await (await server.api(`/api/memories/${first.id}/versions`)).json();
    expect(JSON.stringify(versions)).toContain(nearText);

    const similar = await post(server, { content: "the session token queue is flushed after every deploy build" });
    expect(similar.status).toBe(201);
    const similarBody = await similar.json();
    expect(similarBody).toMatchObject({ deduplicated: false, dedup: { kind: "similar", memoryId: first.id, keptAs: "memory" } });
    expect(similarBody.id).not.toBe(first.id);
    const links = await (await server.api(`/api/memories/${similarBody.id}/links`)).json();
    expect(JSON.stringify(links)).toContain(first.id);
  });

  it("the plugin's memory_store says what happened", async () => {
    const directory = tempDir("dedup-plugin-");
    const hooks = (await createRecollect({ directory }, { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 10_000 })) as Hooks;
    const ctx = {
      sessionID: "ses_dedup",
      messageID: "m",
      agent: "build",
      directory,
      worktree: directory,
      abort: new AbortController().signal,
      metadata() {},
      ask: async () => {},
    };
    // Project scope (the default): apart from the global memories of the test above.
    const store = (content: string) => hooks.tool!.memory_store!.execute({ content } as never, ctx as never) as Promise<string>;

    const stored = await store("the cache worker retries each queue token for the build session");
    const id = /Stored (\S+) /.exec(stored)![1];
    await embedded(server);
    expect(await store("the cache worker retries each queue token for the build session")).toBe(`Already remembered as ${id}.`);
    expect(await store("the cache worker retries every queue token for the build session")).toMatch(
      new RegExp(`^Merged into ${id}, a near duplicate \\(cosine 0\\.9\\d*, words 0\\.\\d+\\): your text is kept as version 1 of it\\.$`),
    );
    expect(await store("each build session flushes the cache worker queue")).toMatch(
      new RegExp(`^Stored \\S+ \\(note, project\\)\\. Similar to ${id} \\(cosine 0\\.\\d+, words 0\\.\\d+\\): linked and proposed as a merge for review\\.$`),
    );
  });
});
