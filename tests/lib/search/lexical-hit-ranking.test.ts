import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createMemory } from "../../../lib/memories";
import type { SearchFilters } from "../../../lib/search/filters";
import { lexicalSearch } from "../../../lib/search/lexical";
import { searchMemories } from "../../../lib/search/search";
import { testCtx } from "../../helpers/ctx";

let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
});
afterAll(() => ctx?.close());

const all: SearchFilters = { projectId: null, statuses: ["active"] };

const rowOf = (seq: number) =>
  ctx.sqlite
    .prepare("SELECT seq, pinned, category, created_at AS createdAt, access_count AS accessCount, project_id AS projectId FROM memories WHERE seq = ?")
    .get(seq) as { seq: number; pinned: number; category: string; createdAt: number; accessCount: number; projectId: string | null };

describe("lexical hits carry what ranking needs", () => {
  it("reads pinned, category, age, access count and project in the lexical statement itself", () => {
    createMemory(ctx, { content: "The deploy script needs the staging token", category: "procedure" });
    createMemory(ctx, { content: "The deploy failed on the staging host", category: "event" });
    createMemory(ctx, { content: "Nothing about releases here" });
    ctx.sqlite.prepare("UPDATE memories SET pinned = 1, access_count = 7 WHERE content LIKE '%token%'").run();
    const hits = lexicalSearch(ctx, ["deploy", "stage"], all, 10);
    expect(hits).toHaveLength(2);
    for (const hit of hits) {
      const row = rowOf(hit.seq);
      expect(hit.candidate).toEqual({ ...row, pinned: row.pinned === 1 });
    }
    expect(hits.map((h) => h.candidate.pinned).sort()).toEqual([false, true]);
    expect(hits.find((h) => h.candidate.pinned)?.candidate.accessCount).toBe(7);
  });

  it("ranks with those columns: the pinned boost shows in the search's explanation", async () => {
    createMemory(ctx, { content: "Rotate the signing key every quarter" });
    createMemory(ctx, { content: "The signing key lives in the vault" });
    ctx.sqlite.prepare("UPDATE memories SET pinned = 1 WHERE content LIKE '%vault%'").run();
    const out = await searchMemories(ctx, { query: "signing key", mode: "lexical", explain: true, purpose: "search" }, { countAccess: false });
    expect(out.results).toHaveLength(2);
    const pinned = out.results.find((r) => r.pinned);
    const other = out.results.find((r) => !r.pinned);
    expect(pinned?.explain?.boosts.pinned).toBeGreaterThan(1);
    expect(other?.explain?.boosts.pinned).toBe(1);
  });
});
