import { afterAll, describe, expect, it } from "vitest";
import { parseEntities } from "../../../lib/entities/parse";
import { createMemory, listMemories, updateMemory } from "../../../lib/memories";
import { catchUpDerived } from "../../../lib/indexing";
import { testCtx } from "../../helpers/ctx";

import { listMemoriesQuery, updateMemoryInput } from "../../../lib/contracts/memories";
describe("parseEntities", () => {
  it("finds issues, merge requests, epics, URLs and file paths", () => {
    const found = parseEntities(
      "Fixes #123 and org/repo#45 (see !12, &7). Docs: https://example.com/a/b/?x=1. Touched lib/memories/create.ts:42 and ./README.md.",
    );
    expect(found).toEqual(
      expect.arrayContaining([
        { kind: "issue", value: "#123" },
        { kind: "issue", value: "org/repo#45" },
        { kind: "mr", value: "!12" },
        { kind: "epic", value: "&7" },
        { kind: "url", value: "https://example.com/a/b/?x=1" },
        { kind: "file", value: "lib/memories/create.ts" },
        { kind: "file", value: "README.md" },
      ]),
    );
    expect(found).toHaveLength(7);
  });

  it("ignores look-alikes: operators, colors, versions, domains, prose slashes, URL anchors", () => {
    const found = parseEntities("if (a && b || x != y) color #fff; v1.2.3 on example.com and/or client/server https://x.dev/p#section-2");
    expect(found).toEqual([{ kind: "url", value: "https://x.dev/p#section-2" }]);
  });

  it("reads references inside Chinese text", () => {
    expect(parseEntities("配置在 lib/config.ts 里，见 #88。")).toEqual([
      { kind: "issue", value: "#88" },
      { kind: "file", value: "lib/config.ts" },
    ]);
  });
});

describe("entity filter on the memory list", () => {
  const ctx = testCtx();
  afterAll(() => ctx.close());

  it("filters by #123, by file path in any spelling, by kind, and follows edits", () => {
    const a = createMemory(ctx, { content: "The login bug #123 lives in lib/auth/session.ts", category: "gotcha" }).memory;
    const b = createMemory(ctx, { content: "Release checklist is tracked in !45 and https://example.com/release/", category: "procedure" }).memory;
    const ids = (entity: string, extra: Record<string, string> = {}) => listMemories(ctx, listMemoriesQuery.parse({ entity, ...extra })).items.map((m) => m.id);

    expect(ids("#123")).toEqual([a.id]);
    expect(ids("./lib/auth/session.ts:10")).toEqual([a.id]);
    expect(ids("!45")).toEqual([b.id]);
    expect(ids("https://example.com/release")).toEqual([b.id]);
    expect(ids("file:lib/auth/session.ts")).toEqual([a.id]);
    expect(ids("#123", { entityKind: "mr" })).toEqual([]);
    expect(ids("#999")).toEqual([]);

    updateMemory(ctx, a.id, updateMemoryInput.parse({ content: "The login bug #124 lives in lib/auth/cookie.ts" }));
    expect(ids("#123")).toEqual([]);
    expect(ids("#124")).toEqual([a.id]);
    const rows = ctx.sqlite.prepare("SELECT kind, value FROM memory_entities WHERE memory_id = ? ORDER BY kind").all(a.id);
    expect(rows).toEqual([
      { kind: "file", value: "lib/auth/cookie.ts" },
      { kind: "issue", value: "#124" },
    ]);
  });
});

describe("entity backfill", () => {
  const ctx = testCtx();
  afterAll(() => ctx.close());

  it("re-parses memories written without entity rows once per parser version", async () => {
    const { backfillEntities } = await import("../../../lib/entities/backfill");
    const m = createMemory(ctx, { content: "See #77 in docs/guide.md", category: "note" }).memory;
    catchUpDerived(ctx.sqlite);
    ctx.sqlite.prepare("DELETE FROM memory_entities").run(); // as if written before entities existed
    expect(listMemories(ctx, listMemoriesQuery.parse({ entity: "#77" })).items).toEqual([]);
    expect(backfillEntities(ctx)).toBe(1);
    expect(listMemories(ctx, listMemoriesQuery.parse({ entity: "#77" })).items.map((x) => x.id)).toEqual([m.id]);
    expect(listMemories(ctx, listMemoriesQuery.parse({ entity: "docs/guide.md" })).items.map((x) => x.id)).toEqual([m.id]);
    expect(backfillEntities(ctx)).toBe(0);
  });

  it("re-parses in steps, one batch each, so the server can slice it; the result is the same", async () => {
    const { backfillEntitiesSteps } = await import("../../../lib/entities/backfill");
    const made = [1, 2, 3, 4, 5].map((n) => createMemory(ctx, { content: `Fixes #90${n} in lib/step${n}.ts`, category: "note" }).memory);
    catchUpDerived(ctx.sqlite);
    const before = ctx.sqlite.prepare("SELECT memory_id, kind, value FROM memory_entities ORDER BY 1, 2, 3").all();
    ctx.sqlite.prepare("DELETE FROM memory_entities").run();
    ctx.sqlite.prepare("DELETE FROM kv WHERE key = 'entities/parser-version'").run();
    const total = (ctx.sqlite.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
    const steps = backfillEntitiesSteps(ctx, 2);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    expect(step.value).toBe(total);
    // One yield per batch of 2: the event loop gets a turn between every two memories.
    expect(yields).toBe(Math.ceil(total / 2));
    expect(ctx.sqlite.prepare("SELECT memory_id, kind, value FROM memory_entities ORDER BY 1, 2, 3").all()).toEqual(before);
    expect(listMemories(ctx, listMemoriesQuery.parse({ entity: "#903" })).items.map((x) => x.id)).toEqual([made[2].id]);
  });

  it("a stopped backfill leaves the parser version unwritten, so the next start parses again", async () => {
    const { backfillEntities, backfillEntitiesSteps } = await import("../../../lib/entities/backfill");
    ctx.sqlite.prepare("DELETE FROM kv WHERE key = 'entities/parser-version'").run();
    const steps = backfillEntitiesSteps(ctx, 1, () => true);
    let step = steps.next();
    let yields = 0;
    for (; !step.done; step = steps.next()) yields++;
    expect([yields, step.value]).toEqual([1, 1]);
    expect(backfillEntities(ctx)).toBeGreaterThan(1);
  });
});
