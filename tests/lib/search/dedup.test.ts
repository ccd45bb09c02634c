import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultThresholds, readDedupModel } from "../../../lib/embeddings/dedup-model";
import type { EmbeddingService } from "../../../lib/embeddings/service";
import { startEmbeddings, stopEmbeddings } from "../../../lib/embeddings/start";
import { createMemory, listLinks, listVersions, storeMemory } from "../../../lib/memories";
import { loadConfig } from "../../../lib/config";
import { storeSuggestions } from "../../../lib/extraction/store";
import { archiveMemory } from "../../../lib/memories";
import { ROOT } from "../../../scripts/build-if-needed";
import { codingMemories } from "../../fixtures/dedup/coding-memories";
import { testCtx } from "../../helpers/ctx";

import { createMemoryInput } from "../../../lib/contracts/memories";
// Deduplication on two signals (lib/indexing/near-duplicate.ts, docs/deduplication.md), with the
// tiny random-weight fixtures: tiny-model (texts sharing words are close) and tiny-model-degenerate
// (every text embeds to nearly the same vector, like the real-size MiniLM with random weights).
const TINY = path.join(ROOT, "tests/fixtures/tiny-model");
const DEGENERATE = path.join(ROOT, "tests/fixtures/tiny-model-degenerate");
const withModel = (dir: string, extra: Record<string, string> = {}) => ({
  RECOLLECT_EMBEDDING_PROVIDER: "transformers",
  RECOLLECT_EMBEDDING_MODEL_DIR: dir,
  ...extra,
});

type Ctx = ReturnType<typeof testCtx>;
const open: Ctx[] = [];
async function start(env: Record<string, string>): Promise<{ ctx: Ctx; service: EmbeddingService }> {
  const ctx = testCtx({ env });
  open.push(ctx);
  const service = startEmbeddings(ctx);
  await service.loaded;
  return { ctx, service };
}
afterEach(async () => {
  for (const ctx of open.splice(0)) {
    await stopEmbeddings(ctx);
    ctx.close();
  }
});

const memoryCount = (ctx: Ctx) => (ctx.sqlite.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;

describe("a degenerate model", () => {
  it("is measured, reported unfit, and takes no part: 300 distinct memories stored one by one are 300 memories", async () => {
    const { ctx, service } = await start(withModel(DEGENERATE));
    const status = service.dedupStatus();
    expect(status).toMatchObject({ semantic: false, sampleBasis: "probe" });
    expect(status.reason).toMatch(/degenerate \(mean random-pair cosine (0\.9\d|1\.00) > 0\.8/);
    expect(ctx.services.searchStatus.dedup.semantic).toBe(false);

    const outcomes: string[] = [];
    for (const content of codingMemories(300)) {
      const res = await storeMemory(ctx, createMemoryInput.parse({ content, scope: "global" }));
      outcomes.push(res.dedup?.kind ?? "stored");
      await service.drain(); // each embedded before the next, as in a session
    }
    expect(outcomes.filter((o) => o !== "stored")).toEqual([]);
    expect(memoryCount(ctx)).toBe(300);
    // Measured again on the stored memories once enough have vectors: still degenerate.
    expect(service.dedupStatus()).toMatchObject({ semantic: false, sampleBasis: "memories", sampleSize: 64 });
    expect(readDedupModel(ctx.sqlite, service.provider!.id)!.randomPairCosine).toBeGreaterThan(0.8);
  });

  it("still lets exact and lexical deduplication run", async () => {
    const { ctx } = await start(withModel(DEGENERATE));
    const first = (await storeMemory(ctx, createMemoryInput.parse({ content: "the server cache uses a queue of tokens for each session" }))).memory;
    expect(await storeMemory(ctx, createMemoryInput.parse({ content: "The server cache uses  a queue of tokens for each session" }))).toMatchObject({
      deduplicated: true,
      dedup: { kind: "exact", memoryId: first.id, keptAs: "existing" },
    });
    const near = await storeMemory(ctx, createMemoryInput.parse({ content: "tokens for each session: the server cache uses a queue of them" }));
    expect(near).toMatchObject({
      deduplicated: true,
      duplicateOf: first.id,
      dedup: { kind: "near", memoryId: first.id, cosine: null, lexical: 1, keptAs: "version" },
    });
  });
});

describe("a sound model", () => {
  const env = withModel(TINY, { RECOLLECT_SEARCH_DEDUP_THRESHOLD: "0.9", RECOLLECT_SEARCH_SIMILAR_THRESHOLD: "0.6" });

  it("stores the thresholds with the model, and reports it fit", async () => {
    const { ctx, service } = await start(env);
    expect(readDedupModel(ctx.sqlite, service.provider!.id)).toMatchObject({ strictCosine: 0.9, similarCosine: 0.6, sampleBasis: "probe" });
    expect(service.dedupStatus()).toMatchObject({ semantic: true, strictCosine: 0.9, similarCosine: 0.6 });
    expect(service.dedupStatus().randomPairCosine!).toBeLessThan(0.8);
  });

  it("answers an exact duplicate as before", async () => {
    const { ctx, service } = await start(env);
    const first = (await storeMemory(ctx, createMemoryInput.parse({ content: "Deploys run from the main branch only" }))).memory;
    await service.drain();
    const again = await storeMemory(ctx, createMemoryInput.parse({ content: "deploys run from the main branch only" }));
    expect(again).toMatchObject({ memory: { id: first.id }, deduplicated: true, dedup: { kind: "exact", memoryId: first.id } });
    expect(again.duplicateOf).toBeUndefined();
    expect(memoryCount(ctx)).toBe(1);
  });

  it("folds a near duplicate (strict cosine and the words agree) and keeps its text as a version", async () => {
    const { ctx, service } = await start(env);
    const first = (await storeMemory(ctx, createMemoryInput.parse({ content: "the server cache uses a queue of tokens for each session", tags: ["cache"] })))
      .memory;
    await service.drain();
    const text = "the server cache uses a queue of tokens for every session";
    const res = await storeMemory(ctx, createMemoryInput.parse({ content: text, category: "fact", source: "tool" }));
    expect(res).toMatchObject({
      memory: { id: first.id },
      deduplicated: true,
      duplicateOf: first.id,
      dedup: { kind: "near", memoryId: first.id, keptAs: "version", version: 1 },
    });
    expect(res.dedup!.cosine!).toBeGreaterThanOrEqual(0.9);
    expect(res.dedup!.lexical).toBeGreaterThanOrEqual(0.8);
    expect(memoryCount(ctx)).toBe(1);
    const [kept] = listVersions(ctx, first.id);
    expect(kept).toMatchObject({ version: 1, content: text, category: "fact", changedBy: "tool" });
    expect(kept.reason).toMatch(/^absorbed a near duplicate \(cosine 0\.9\d*, words 0\.8\d*\)$/);
  });

  it("stores a grey-zone paraphrase, links it to the similar memory and proposes a merge", async () => {
    const { ctx, service } = await start(env);
    const first = (await storeMemory(ctx, createMemoryInput.parse({ content: "the server cache uses a queue of tokens for each session" }))).memory;
    await service.drain();
    const res = await storeMemory(ctx, createMemoryInput.parse({ content: "the server cache keeps one token queue per session, flushed at the end" }));
    expect(res).toMatchObject({ deduplicated: false, dedup: { kind: "similar", memoryId: first.id, keptAs: "memory" } });
    expect(res.dedup!.cosine!).toBeGreaterThanOrEqual(0.6);
    expect(res.dedup!.cosine!).toBeLessThan(0.9);
    expect(res.memory.id).not.toBe(first.id);
    expect(memoryCount(ctx)).toBe(2);
    expect(listLinks(ctx, res.memory.id)).toEqual([expect.objectContaining({ from: res.memory.id, to: first.id, kind: "relates" })]);
    expect(ctx.sqlite.prepare("SELECT memory_id AS memoryId, similar_to AS similarTo, status FROM merge_proposals").all()).toEqual([
      { memoryId: res.memory.id, similarTo: first.id, status: "open" },
    ]);
  });

  it("stores a text the words call a duplicate when the vectors disagree (one signal), linked for review", async () => {
    // Strict cosine out of reach: the words alone (Jaccard 0.86, above the lexical threshold) must not drop the text.
    const { ctx, service } = await start(
      withModel(TINY, {
        RECOLLECT_SEARCH_DEDUP_THRESHOLD: "0.999",
        RECOLLECT_SEARCH_SIMILAR_THRESHOLD: "0.999",
        RECOLLECT_SEARCH_LEXICAL_DEDUP_THRESHOLD: "0.85",
      }),
    );
    const first = (await storeMemory(ctx, createMemoryInput.parse({ content: "the server cache uses a queue of tokens for each session" }))).memory;
    await service.drain();
    const res = await storeMemory(ctx, createMemoryInput.parse({ content: "the server cache uses a queue of tokens for every session" }));
    expect(res).toMatchObject({ deduplicated: false, dedup: { kind: "similar", memoryId: first.id, lexical: 0.8571 } });
    expect(res.dedup!.cosine!).toBeLessThan(0.999);
    expect(memoryCount(ctx)).toBe(2);
  });

  it("without the new text's embedding at hand (a synchronous bulk caller), folds on the words only at the strict lexical threshold", async () => {
    const { ctx, service } = await start({ ...env, RECOLLECT_SEARCH_LEXICAL_DEDUP_THRESHOLD: "0.85" });
    const first = createMemory(ctx, { content: "the server cache uses a queue of tokens for each session" }).memory;
    await service.drain();
    expect(createMemory(ctx, { content: "the server cache keeps one token queue per session, flushed at the end" }).dedup).toBeUndefined();
    expect(createMemory(ctx, { content: "the server cache uses a queue of tokens for every session" }).dedup).toMatchObject({
      kind: "near",
      memoryId: first.id,
      cosine: null,
      keptAs: "version",
    });
  });
});

describe("thresholds per model", () => {
  it("gives the default model its own conservative thresholds and others the configured ones", () => {
    const { config } = loadConfig({ env: { XDG_CONFIG_HOME: "/nonexistent", RECOLLECT_SEARCH_DEDUP_THRESHOLD: "0.95" } });
    expect(defaultThresholds("transformers:Xenova/all-MiniLM-L6-v2:q8", config.search)).toEqual({ strictCosine: 0.93, similarCosine: 0.75 });
    expect(defaultThresholds("http:text-embedding-3-small", config.search)).toEqual({ strictCosine: 0.95, similarCosine: 0.8 });
  });
});

describe("extraction suggestions (a bulk path)", () => {
  it("stores a suggestion merely similar to a live memory, linked for review; drops one like a rejected memory or nearly the same", () => {
    const ctx = testCtx();
    open.push(ctx);
    const dir = "/tmp/dedup-extraction-project";
    const live = createMemory(ctx, { content: "the deploy queue retries each build token for the session", directory: dir }).memory;
    const projectId = live.projectId!;
    const rejected = createMemory(ctx, { content: "staging database resets every sunday night at midnight utc", directory: dir }).memory;
    archiveMemory(ctx, rejected.id);
    const pending = createMemory(ctx, { content: "the nightly report mails each failed job to the owner", status: "suggested", directory: dir }).memory;
    const [similar, paraphrase, likeRejected, same] = storeSuggestions(ctx, projectId, "ses_x", [
      // Jaccard 0.875 with the suggestion: above extraction.dedupThreshold (0.8), below search.lexicalDedupThreshold (0.9).
      { category: "convention", content: "the nightly report mails every failed job to the owner", via: "rules" },
      // The same closeness to an active memory: the store holds the fact, nothing is suggested (issue 40).
      { category: "convention", content: "the deploy queue retries every build token for the session", via: "rules" },
      { category: "convention", content: "staging database resets every sunday night at midnight", via: "rules" },
      { category: "convention", content: "The deploy queue retries each build token for the session", via: "rules" },
    ]);
    expect(similar).toMatchObject({ deduplicated: false, similarTo: pending.id });
    expect(similar.memoryId).not.toBe(pending.id);
    expect(listLinks(ctx, similar.memoryId)).toEqual([expect.objectContaining({ from: similar.memoryId, to: pending.id, kind: "relates" })]);
    expect(paraphrase).toMatchObject({ deduplicated: true, alreadyActive: true, memoryId: live.id });
    expect(likeRejected).toMatchObject({ deduplicated: true, memoryId: rejected.id });
    expect(same).toMatchObject({ deduplicated: true, memoryId: live.id });
  });
});
