import { afterAll, describe, expect, it } from "vitest";
import { bulkMemories } from "../../helpers/bulk-memories";
import { testCtx } from "../../helpers/ctx";
import { BROWSE_WINDOW, searchForBrowser } from "../../../lib/views/search";
import { bulkMatching } from "../../../lib/memories/bulk-matching";
import { bulkMatchingInput } from "../../../lib/contracts/memories";

/** The browser's own search on a real SQLite file: pages by position over the ranked window, counts nothing. */
const ctx = testCtx();
afterAll(() => ctx.close());
bulkMemories(ctx.sqlite, [
  ...Array.from({ length: 140 }, (_, i) => ({ content: `windowword memory ${"abcdefghij"[i % 10]}${"klmnopqrst"[Math.floor(i / 10) % 10]} stands alone` })),
  { content: "an unrelated memory" },
]);
const accessRows = () => (ctx.sqlite.prepare("SELECT count(*) AS n FROM access_log").get() as { n: number }).n;

describe("searchForBrowser", () => {
  it("pages by offset over every ranked match, with their total, and records no access", async () => {
    const first = await searchForBrowser(ctx, { query: "windowword", limit: 50 });
    const third = await searchForBrowser(ctx, { query: "windowword", limit: 50, offset: 100 });
    expect(first).toMatchObject({ total: 140, more: false });
    expect(first.items).toHaveLength(50);
    expect(third.items).toHaveLength(40);
    expect(first.seqs).toHaveLength(140);
    // The pages are slices of one ranking: disjoint, in its order.
    expect(third.items.map((m) => m.id)).not.toContain(first.items[0].id);
    expect(first.seqs).toEqual(third.seqs);
    expect(accessRows()).toBe(0);
    expect(BROWSE_WINDOW).toBe(1000);
  });

  it("select all matching acts on every match of the search in one call, not only a page", async () => {
    const result = await bulkMatching(ctx, bulkMatchingInput.parse({ query: "windowword", action: "archive", source: "ui" }));
    expect(result).toMatchObject({ matched: 140, more: false, unchanged: [], notFound: [] });
    expect(result.changed).toHaveLength(140);
    expect((ctx.sqlite.prepare("SELECT count(*) AS n FROM memories WHERE status = 'archived'").get() as { n: number }).n).toBe(140);
    expect((ctx.sqlite.prepare("SELECT status FROM memories WHERE content = 'an unrelated memory'").get() as { status: string }).status).toBe("active");
    expect(accessRows()).toBe(0);
  });
});
