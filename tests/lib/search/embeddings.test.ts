import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { embeddingStatus } from "../../../lib/embeddings/status";
import type { EmbeddingService } from "../../../lib/embeddings/service";
import { startEmbeddings, stopEmbeddings } from "../../../lib/embeddings/start";
import { reindexProgress, startReindex } from "../../../lib/embeddings/reindex";
import { archiveMemory, createMemory, removeMemory } from "../../../lib/memories";
import { prepareNearDuplicateCheck } from "../../../lib/indexing/near-duplicate";
import { searchMemories } from "../../../lib/search/search";
import { ROOT } from "../../../scripts/build-if-needed";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

import { searchInput } from "../../../lib/contracts/search";
const TINY = path.join(ROOT, "tests/fixtures/tiny-model");
const TINY16 = path.join(ROOT, "tests/fixtures/tiny-model-16");
const withModel = (dir: string, extra: Record<string, string> = {}) => ({
  RECOLLECT_EMBEDDING_PROVIDER: "transformers",
  RECOLLECT_EMBEDDING_MODEL_DIR: dir,
  ...extra,
});

const open: { ctx: ReturnType<typeof testCtx> }[] = [];
async function start(env: Record<string, string>, dataDir?: string): Promise<{ ctx: ReturnType<typeof testCtx>; service: EmbeddingService }> {
  const ctx = testCtx({ env, dataDir });
  open.push({ ctx });
  const service = startEmbeddings(ctx);
  await service.loaded;
  return { ctx, service };
}
async function close(ctx: ReturnType<typeof testCtx>) {
  await stopEmbeddings(ctx);
  ctx.close();
  open.splice(
    open.findIndex((o) => o.ctx === ctx),
    1,
  );
}
afterEach(async () => {
  for (const { ctx } of [...open]) await close(ctx);
});

const vectorRow = (ctx: ReturnType<typeof testCtx>, id: string) =>
  ctx.sqlite.prepare("SELECT v.status, v.project, v.category FROM memory_vectors v JOIN memories m ON m.seq = v.seq WHERE m.id = ?").get(id) as
    | { status: string; project: string; category: string }
    | undefined;

describe("the transformers provider", () => {
  it("embeds a batch (sorted by length into small groups inside) with each vector in its text's place", async () => {
    const { createTransformersProvider } = await import("../../../lib/embeddings/transformers");
    const { loadConfig } = await import("../../../lib/config");
    const { config } = loadConfig({ env: { ...withModel(TINY), XDG_CONFIG_HOME: tempDir() } });
    const provider = await createTransformersProvider(config.embedding, tempDir());
    try {
      const texts = [
        "a much longer text about the deploy pipeline, its retries and the redis cache in front of it",
        "short",
        "medium length text here",
        "x",
        "another fairly long sentence about migrations and indexes",
        "tiny one",
        "the end",
      ];
      const batch = await provider.embed(texts);
      expect(batch).toHaveLength(texts.length);
      for (let i = 0; i < texts.length; i++) {
        const [alone] = await provider.embed([texts[i]]);
        batch[i].forEach((v, d) => expect(v).toBeCloseTo(alone[d], 4));
      }
    } finally {
      await provider.close?.();
    }
  });

  it("pools the first token's vector with embedding.pooling cls (BGE) and records it in the provider id", async () => {
    const { createTransformersProvider } = await import("../../../lib/embeddings/transformers");
    const { loadConfig } = await import("../../../lib/config");
    const { env, pipeline } = await import("@huggingface/transformers");
    const { config } = loadConfig({ env: { ...withModel(TINY, { RECOLLECT_EMBEDDING_POOLING: "cls" }), XDG_CONFIG_HOME: tempDir() } });
    expect(config.embedding.pooling).toBe("cls");
    const cls = await createTransformersProvider({ ...config.embedding, workers: 1 }, tempDir());
    const mean = await createTransformersProvider({ ...config.embedding, pooling: "mean", workers: 1 }, tempDir());
    try {
      expect(cls.id).toMatch(/:cls$/);
      expect(mean.id).not.toMatch(/:cls$/);
      const text = "the deploy pipeline retries the redis cache";
      const [[a], [b]] = await Promise.all([cls.embed([text]), mean.embed([text])]);
      // The reference: transformers.js itself, asked for the first token.
      env.allowRemoteModels = false;
      env.allowLocalModels = true;
      const extractor = await pipeline("feature-extraction", TINY, { dtype: config.embedding.dtype as "q8", device: "cpu" });
      const first = (await extractor([text], { pooling: "cls", normalize: true })).data as Float32Array;
      a.forEach((v, d) => expect(v).toBeCloseTo(first[d], 4));
      expect(Math.max(...a.map((v, d) => Math.abs(v - b[d])))).toBeGreaterThan(0.01);
    } finally {
      await Promise.all([cls.close?.(), mean.close?.()]);
    }
  });

  it("runs the model in worker threads: a batch dealt out to three copies gives the vectors of one copy, and a closed provider rejects", async () => {
    const { createTransformersProvider } = await import("../../../lib/embeddings/transformers");
    const { loadConfig } = await import("../../../lib/config");
    const { config } = loadConfig({ env: { ...withModel(TINY), XDG_CONFIG_HOME: tempDir() } });
    const one = await createTransformersProvider({ ...config.embedding, workers: 1 }, tempDir());
    const three = await createTransformersProvider({ ...config.embedding, workers: 3 }, tempDir());
    try {
      const texts = Array.from({ length: 23 }, (_, i) => `memory ${i} about ${"the redis cache ".repeat(1 + (i % 5))}`);
      const [a, b] = await Promise.all([one.embed(texts), three.embed(texts)]);
      expect(b).toHaveLength(texts.length);
      for (let i = 0; i < texts.length; i++) b[i].forEach((v, d) => expect(v).toBeCloseTo(a[i][d], 4));
      // Two different texts never come back as the same vector (no mix-up of places across copies).
      expect(b[0]).not.toEqual(b[1]);
    } finally {
      await one.close?.();
      await three.close?.();
    }
    await expect(three.embed(["after close"])).rejects.toThrow(/closed/);
  });

  it("keeps embedding with the other copy when one crashes", async () => {
    const { createTransformersProvider } = await import("../../../lib/embeddings/transformers");
    const { loadConfig } = await import("../../../lib/config");
    // The workers are started from $RECOLLECT_APP_DIR/lib/embeddings: there, a wrapper around the
    // real worker that ends its thread (a crash) when it is sent "crash now".
    const app = tempDir();
    fs.mkdirSync(path.join(app, "lib", "embeddings"), { recursive: true });
    const real = pathToFileURL(path.join(ROOT, "lib", "embeddings", "embed-worker.mjs")).href;
    fs.writeFileSync(
      path.join(app, "lib", "embeddings", "embed-worker.mjs"),
      `import { parentPort } from "node:worker_threads";
parentPort.on("message", (m) => { if (m.texts && m.texts[0] === "crash now") process.exit(1); });
await import(${JSON.stringify(real)});
`,
    );
    const { config } = loadConfig({ env: { ...withModel(TINY), XDG_CONFIG_HOME: tempDir() } });
    const before = process.env.RECOLLECT_APP_DIR;
    process.env.RECOLLECT_APP_DIR = app;
    try {
      const provider = await createTransformersProvider({ ...config.embedding, workers: 2 }, tempDir());
      try {
        await expect(provider.embed(["crash now"])).rejects.toThrow(/exited/);
        // A batch would have been dealt out to both copies: it all goes to the living one now.
        const texts = Array.from({ length: 12 }, (_, i) => `note ${i} about the deploy pipeline`);
        const vectors = await provider.embed(texts);
        expect(vectors).toHaveLength(12);
        expect(vectors.every((v) => v.length === 32)).toBe(true);
        expect((await provider.embed(["a query"]))[0]).toHaveLength(32);
      } finally {
        await provider.close?.();
      }
    } finally {
      if (before === undefined) delete process.env.RECOLLECT_APP_DIR;
      else process.env.RECOLLECT_APP_DIR = before;
    }
  });

  it("reports a model that cannot load with the loader's own message", async () => {
    const { createTransformersProvider } = await import("../../../lib/embeddings/transformers");
    const { loadConfig } = await import("../../../lib/config");
    const broken = tempDir();
    fs.writeFileSync(path.join(broken, "config.json"), "{}");
    const { config } = loadConfig({ env: { RECOLLECT_EMBEDDING_MODEL_DIR: broken, XDG_CONFIG_HOME: tempDir() } });
    await expect(createTransformersProvider(config.embedding, tempDir())).rejects.toThrow(/not found locally/);
  });
});

describe("embeddings with the tiny local model", () => {
  it("loads offline from a model directory, embeds the queue and switches search to hybrid", async () => {
    const { ctx, service } = await start(withModel(TINY));
    expect(service.state).toBe("ready");
    const a = createMemory(ctx, { content: "the database index is slow on large tables" }).memory;
    createMemory(ctx, { content: "music and dance on the river at night" });
    await service.drain();
    const status = embeddingStatus(ctx);
    expect(status).toMatchObject({ state: "ready", mode: "hybrid", dimension: 32, indexDimension: 32, vectors: 2, queueDepth: 0 });
    expect(ctx.services.searchStatus).toMatchObject({ mode: "hybrid", dimension: 32, queueDepth: 0 });
    const out = await searchMemories(ctx, searchInput.parse({ query: "database index slow", explain: true }));
    expect(out.mode).toBe("hybrid");
    expect(out.results[0].id).toBe(a.id);
    expect(out.results[0].explain!.vectorRank).toBe(1);
    expect(out.results[0].explain!.vectorDistance).toBeLessThan(0.5);
    // A vector-only match (no shared term) still comes back in hybrid mode...
    const vectorOnly = await searchMemories(ctx, searchInput.parse({ query: "zzzqqq", explain: true }));
    expect(vectorOnly.results.length).toBe(2);
    expect(vectorOnly.results.every((r) => r.explain!.lexicalRank === null)).toBe(true);
    // ...and lexical mode can still be forced.
    expect((await searchMemories(ctx, searchInput.parse({ query: "zzzqqq", mode: "lexical" }))).results).toEqual([]);
  });

  it("embeds the question without the names its memories are filed under; the lexical list still matches them", async () => {
    const { ctx, service } = await start(withModel(TINY));
    for (let i = 0; i < 3; i++) createMemory(ctx, { title: "Caroline", content: `Caroline talked about topic ${i}` });
    const painted = createMemory(ctx, { title: "Melanie", content: "I painted a sunrise over the lake last year" }).memory;
    await service.drain();
    const asked: string[] = [];
    const embedQuery = service.embedQuery.bind(service);
    service.embedQuery = (text: string) => {
      asked.push(text);
      return embedQuery(text);
    };
    const out = await searchMemories(ctx, searchInput.parse({ query: "What did Caroline and Melanie paint?" }));
    expect(out.mode).toBe("hybrid");
    // Caroline labels three memories; Melanie only one (a name, not a label): it stays.
    expect(asked).toEqual(["What did and Melanie paint?"]);
    expect(out.results.map((r) => r.id)).toContain(painted.id);
    // Lexical mode embeds nothing.
    await searchMemories(ctx, searchInput.parse({ query: "What did Caroline paint?", mode: "lexical" }));
    expect(asked).toHaveLength(1);
  });

  it("applies filters inside the vector query and follows status changes and removals", async () => {
    const { ctx, service } = await start(withModel(TINY));
    const dirA = tempDir("proj-a-");
    const dirB = tempDir("proj-b-");
    // Many other-project memories nearer to the query than ours: a top-k-then-filter would lose ours.
    for (let i = 0; i < 30; i++) createMemory(ctx, { content: `deploy the server with docker compose ${i}`, directory: dirB });
    const mine = createMemory(ctx, { content: "music and dance on the river", directory: dirA, category: "fact" }).memory;
    await service.drain();
    const q = { query: "deploy the server with docker", directory: dirA, explain: true, limit: 5 };
    const got = await searchMemories(ctx, searchInput.parse(q));
    expect(got.mode).toBe("hybrid");
    expect(got.results.map((r) => r.id)).toEqual([mine.id]);
    expect(got.results[0].explain!.vectorRank).toBe(1);
    expect(vectorRow(ctx, mine.id)).toEqual({ status: "active", project: expect.stringMatching(/^p_/), category: "fact" });
    archiveMemory(ctx, mine.id);
    expect(vectorRow(ctx, mine.id)?.status).toBe("archived");
    expect((await searchMemories(ctx, searchInput.parse(q))).results).toEqual([]);
    expect((await searchMemories(ctx, searchInput.parse({ ...q, statuses: ["archived"] }))).results.map((r) => r.id)).toEqual([mine.id]);
    expect((await searchMemories(ctx, searchInput.parse({ ...q, categories: ["decision"], statuses: ["archived"] }))).results).toEqual([]);
    removeMemory(ctx, mine.id);
    expect(vectorRow(ctx, mine.id)).toBeUndefined();
    expect(embeddingStatus(ctx).vectors).toBe(30);
  });

  it("degrades to lexical with a clear reason when the model cannot load", async () => {
    const missing = path.join(tempDir(), "no-such-model");
    const { ctx, service } = await start(withModel(missing));
    expect(service.state).toBe("failed");
    expect(service.reason).toMatch(/could not be loaded.*lexical/);
    expect(ctx.services.searchStatus).toMatchObject({ mode: "lexical", reason: expect.stringContaining("no-such-model") });
    createMemory(ctx, { content: "graphql schema stitching notes" });
    const out = await searchMemories(ctx, searchInput.parse({ query: "graphql schema" }));
    expect(out).toMatchObject({ mode: "lexical" });
    expect(out.results).toHaveLength(1);
    await expect(startReindex(ctx)).rejects.toThrow(/no embedding model is loaded/);
  });

  it("says lexical when the provider is none", async () => {
    const { ctx, service } = await start({ RECOLLECT_EMBEDDING_PROVIDER: "none" });
    expect(service.state).toBe("off");
    expect(ctx.services.searchStatus).toMatchObject({ mode: "lexical", reason: expect.stringContaining("none") });
    createMemory(ctx, { content: "queued while off" });
    expect(embeddingStatus(ctx).queueDepth).toBe(1);
  });

  it("keeps pending work across a restart and embeds it when the model comes", async () => {
    const dataDir = tempDir();
    const first = await start({ RECOLLECT_EMBEDDING_PROVIDER: "none" }, dataDir);
    for (let i = 0; i < 5; i++) createMemory(first.ctx, { content: `pending memory number ${i} about tables` });
    await close(first.ctx);
    const second = await start(withModel(TINY), dataDir);
    await second.service.drain();
    expect(embeddingStatus(second.ctx)).toMatchObject({ vectors: 5, queueDepth: 0, mode: "hybrid" });
  });

  it("detects a model/dimension change, stays lexical, and reindexes with progress", async () => {
    const dataDir = tempDir();
    const first = await start(withModel(TINY), dataDir);
    for (let i = 0; i < 40; i++) createMemory(first.ctx, { content: `memory ${i} about the search index and tables` });
    await first.service.drain();
    expect(embeddingStatus(first.ctx).vectors).toBe(40);
    await close(first.ctx);

    const second = await start(withModel(TINY16, { RECOLLECT_EMBEDDING_BATCH_SIZE: "8" }), dataDir);
    expect(second.service.state).toBe("mismatch");
    expect(second.service.reason).toMatch(/32 dims.*16 dims.*reindex/);
    expect((await searchMemories(second.ctx, searchInput.parse({ query: "search index" }))).mode).toBe("lexical");
    const started = await startReindex(second.ctx);
    expect(started).toMatchObject({ state: "running", total: 40, dimension: 16 });
    expect(second.service.state).toBe("reindexing");
    await second.service.drain();
    expect(reindexProgress(second.ctx)).toMatchObject({ state: "done", total: 40, done: 40, dimension: 16 });
    expect(embeddingStatus(second.ctx)).toMatchObject({ state: "ready", mode: "hybrid", indexDimension: 16, vectors: 40 });
    expect((await searchMemories(second.ctx, searchInput.parse({ query: "search index" }))).mode).toBe("hybrid");
  });

  it("finds near duplicates by cosine when the new text's embedding is at hand", async () => {
    const { ctx, service } = await start(withModel(TINY, { RECOLLECT_SEARCH_DEDUP_THRESHOLD: "0.9", RECOLLECT_SEARCH_LEXICAL_DEDUP_THRESHOLD: "1" }));
    const first = createMemory(ctx, { content: "the server cache uses a queue of tokens for each session" }).memory;
    await service.drain();
    const text = "the server cache uses a queue of tokens for every session";
    await prepareNearDuplicateCheck(ctx, text);
    const again = createMemory(ctx, { content: text });
    expect(again).toMatchObject({ deduplicated: true, duplicateOf: first.id });
    const other = "music and dance on the river at night";
    await prepareNearDuplicateCheck(ctx, other);
    expect(createMemory(ctx, { content: other }).deduplicated).toBe(false);
  });
});
