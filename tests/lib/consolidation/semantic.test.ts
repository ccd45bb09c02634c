import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { consolidate } from "../../../lib/consolidation/consolidate";
import { learnedDecision } from "../../../lib/consolidation/learned";
import { createVectorTable } from "../../../lib/db/virtual-tables";
import type { EmbeddingService } from "../../../lib/embeddings/service";
import { createMemory } from "../../../lib/memories";
import type { Category } from "../../../lib/vocabulary";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { toward, VECTOR_DIM, writeVectorOf } from "./fixtures";

// Merges by meaning alone: pairs that share few words come from the vector index (kNN within the
// placement). The vectors are written by hand (a model's weights are outside the test), into the
// real vector table and the real in-process index; the service only says they are sound.
let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-semantic-");
});
afterAll(() => ctx?.close());

let clock = Date.now() - 20 * 86_400_000;
function remember(content: string, vector: Float32Array, category: Category = "fact") {
  const m = createMemory(ctx, { content, category, directory: dir }).memory;
  clock += 86_400_000;
  ctx.sqlite.prepare("UPDATE memories SET created_at = ?, updated_at = ? WHERE id = ?").run(clock, clock, m.id);
  writeVectorOf(ctx.sqlite, m.id, vector);
  return m.id;
}

/** A consolidation run while the embedding service says its vectors are sound (unset after: the writes above check duplicates without it). */
async function consolidateWithVectors() {
  ctx.services.embeddings = { ready: () => true, dedupStatus: () => ({ semantic: true }) } as unknown as EmbeddingService;
  try {
    return await consolidate(ctx, {});
  } finally {
    ctx.services.embeddings = undefined;
  }
}

const merges = () =>
  (
    ctx.sqlite.prepare("SELECT memory_ids, reason FROM proposals WHERE kind = 'merge' AND status = 'open'").all() as { memory_ids: string; reason: string }[]
  ).map((p) => ({ ids: (JSON.parse(p.memory_ids) as string[]).sort(), reason: p.reason }));

describe("consolidate: merges by meaning", () => {
  it("proposes a paraphrase that shares few words when its vectors are close; not a near pair below the threshold, nor one of opposite polarity", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    const a = remember("Deploys need a green build on main before they start.", toward(0, 1, 1));
    const b = remember("Nothing ships to production unless the CI of the main branch passes.", toward(0, 0.95, 1));
    // Hard negatives: related but another fact (cosine 0.7); close vectors, opposite polarity.
    remember("Production releases happen on Tuesdays and Thursdays.", toward(0, 0.7, 2));
    remember("Run the database migrations as part of every deploy.", toward(3, 1, 4));
    remember("Do not run database migrations during a deploy; they run in a separate job.", toward(3, 0.96, 4));

    // Without sound vectors the words alone do not pair the paraphrase.
    await consolidate(ctx, { dryRun: true }).then((r) => expect(r.found.merge).toBe(0));

    const run = await consolidateWithVectors();
    expect(run.semanticPairs).toBe(1);
    expect(merges()).toEqual([{ ids: [a, b].sort(), reason: expect.stringContaining("meaning: cosine 0.95") }]);
  });

  it("needs each to be the other's nearest neighbour, standing out: not one frame written for several subjects, nor two Chinese notes with other values", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    // Three siblings of one frame: close to each other, none stands out.
    remember("The sync worker retries failed uploads.", toward(0, 1, 1));
    remember("The watch worker retries failed scans.", toward(0, 0.97, 1));
    remember("The auth worker retries failed logins.", toward(0, 0.96, 2));
    // Two Chinese notes an English model calls close (0.95): another subject, another value (the value guard refuses them).
    remember("请求超时时间是 5 秒。", toward(3, 1, 4));
    remember("列表页默认每页 20 条。", toward(3, 0.95, 4));
    // A true paraphrase, each the other's nearest.
    const a = remember("Never edit a migration that is already on main; add a new one.", toward(5, 1, 6));
    const b = remember("Migrations merged to main are immutable: write a new migration instead of changing one.", toward(5, 0.9, 6));
    const run = await consolidateWithVectors();
    expect(run.semanticPairs).toBe(1);
    expect(merges().map((m) => m.ids)).toEqual([[a, b].sort()]);
  });

  it("a decision naming another thing in the same slot is a supersession, not a merge; a Chinese paraphrase from 0.8 is a merge", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    const older = remember("Navigation uses Navigator 1.0 with named routes declared in lib/routes.dart.", toward(0, 1, 1), "decision");
    const newer = remember("Navigation uses go_router; the routes are declared in lib/router.dart.", toward(0, 0.9, 1), "decision");
    // Another subject in the same frame, far from both: no pair.
    remember("Theming uses Material 3 with a seed colour.", toward(2, 1, 3), "decision");
    const a = remember("所有新功能必须包含单元测试。", toward(5, 1, 6), "constraint");
    const b = remember("每个新功能都必须附带单元测试。", toward(5, 0.9, 6), "constraint");
    // A Chinese pair below semanticChineseCosine (0.8) is left to the words.
    remember("发布前在预发环境验证一遍。", toward(4, 1, 7), "convention");
    remember("上线前先在预发环境走查主要流程。", toward(4, 0.75, 7), "convention");
    await consolidateWithVectors();
    const supersessions = ctx.sqlite.prepare("SELECT memory_ids, reason FROM proposals WHERE kind = 'supersede' AND status = 'open'").all() as {
      memory_ids: string;
      reason: string;
    }[];
    expect(supersessions.map((p) => JSON.parse(p.memory_ids))).toEqual([[newer, older]]);
    expect(supersessions[0]!.reason).toContain('"Navigator" changed to "go_router"');
    expect(merges().map((m) => m.ids)).toEqual([[a, b].sort()]);
  });

  it("pairs a memory stored since the last run with an older neighbour (only new memories are probed)", async () => {
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    remember("The nightly job compacts the event store.", toward(5, 1, 6));
    await consolidateWithVectors();
    expect(merges()).toEqual([]);
    const older = ctx.sqlite.prepare("SELECT id FROM memories").get() as { id: string };
    const newer = remember("A scheduled task squashes old events every night.", toward(5, 0.97, 6));
    const run = await consolidateWithVectors();
    expect(run.semanticPairs).toBe(1);
    expect(merges().map((m) => m.ids)).toEqual([[older.id, newer].sort()]);
  });
});

describe("consolidate: the learned decision (consolidation.learnedDecision)", () => {
  it("is off by default; on, it weighs the rules' pairs and the vector neighbours, and decides a changed port as a supersession, not a merge", async () => {
    expect(ctx.config.consolidation.learnedDecision).toBe(false);
    createVectorTable(ctx.sqlite, VECTOR_DIM);
    const older = remember("The backend listens on port 3001 in development.", toward(0, 1, 1));
    const newer = remember("The backend listens on port 8080 in development.", toward(0, 0.97, 1));
    remember("Release notes are written in CHANGELOG.md.", toward(3, 1, 4));
    ctx.config.consolidation.learnedDecision = true;
    const rows: { older: string; newer: string; features: number[] }[] = [];
    ctx.services.embeddings = { ready: () => true, dedupStatus: () => ({ semantic: true }) } as unknown as EmbeddingService;
    try {
      const run = await consolidate(ctx, { dryRun: true, onPairFeatures: (r) => rows.push(r) });
      expect(rows.map((r) => [r.older, r.newer])).toContainEqual([older, newer]);
      expect(rows.every((r) => r.features.every(Number.isFinite))).toBe(true);
      const kinds = (run.proposals ?? []).filter((p) => p.kind === "merge" || p.kind === "supersede").map((p) => [p.kind, p.memoryIds]);
      expect(kinds).toEqual([["supersede", [newer, older]]]);
      // Decided by the model: its probability is on the proposal.
      const learned = (run.proposals ?? []).find((p) => p.kind === "supersede")!.evidence.learned;
      expect(learned).toBeGreaterThanOrEqual(learnedDecision()!.supersede.threshold);
    } finally {
      ctx.services.embeddings = undefined;
    }
  });
});
