import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchOutput } from "../../lib/contracts/search";
import { memoryConditions, type SearchFilters } from "../../lib/search/filters";
import { ftsQuery, POSTINGS_BUDGET } from "../../lib/search/lexical";
import { queryTerms } from "../../lib/search/tokenizer";
import { bulkMemories } from "../helpers/bulk-memories";
import { testCtx } from "../helpers/ctx";
import { startServer, tempDir, type TestServer } from "../helpers/server";

/**
 * POST /api/search on a store past the lexical plan's budget (2,400 memories written into the data
 * dir before the server starts): no query with a word in the store comes back empty, or short of
 * the limit when the exhaustive ranking (every posting scored, same filters) has that many.
 */
const N = 2400;
const PROJECT = "p_scale_http";
const topics = ["events", "children", "help", "deploy", "cluster", "migration", "painting", "support"];
const QUERIES = [
  "What events has Caroline participated in to help children?",
  "Which deploy broke the cluster?",
  "painting support group",
  "children events",
  "migration help",
  "zeppelin deploy",
  "nonexistentword cluster",
  "nonexistentword events",
  "notaword note",
];
let server: TestServer;
/** Per query and filter: how many memories the exhaustive ranking matches. */
const matching = new Map<string, number>();

/** The filters checked: none; the project (oldest memories); a rare tag; pinned. Body fields and their SQL. */
const VARIANTS = {
  all: { body: {}, filters: {} },
  project: { body: { project: PROJECT, scopes: ["project"] }, filters: { projectId: PROJECT, scopes: ["project"] } },
  tag: { body: { tags: ["Rare-Tag"] }, filters: { tags: ["rare-tag"] } },
  pinned: { body: { pinned: true }, filters: { pinned: true } },
} satisfies Record<string, { body: Record<string, unknown>; filters: Partial<SearchFilters> }>;
type Variant = keyof typeof VARIANTS;
const key = (query: string, variant: Variant) => `${variant}: ${query}`;

beforeAll(async () => {
  const dataDir = tempDir();
  const ctx = testCtx({ dataDir });
  try {
    bulkMemories(
      ctx.sqlite,
      Array.from({ length: N }, (_, i) => ({
        // Each topic word is in a share of the memories: several of them past the budget together.
        content: `note ${i}: ` + topics.filter((_, t) => i % (t + 2) === 0).join(" ") + (i === 11 ? " zeppelin" : ""),
        // The project's memories are the oldest few: only widening reaches them.
        projectId: i < 30 ? PROJECT : i % 3 === 0 ? "p_elsewhere" : null,
        status: i % 9 === 0 ? "archived" : "active",
        // Few and spread out: the newest window alone holds fewer than the limit.
        tags: i % 40 === 5 ? ["rare-tag"] : [],
        pinned: i % 75 === 1,
      })),
    );
    for (const query of QUERIES)
      for (const variant of Object.keys(VARIANTS) as Variant[]) {
        const filters: SearchFilters = { projectId: null, statuses: ["active"], ...VARIANTS[variant].filters };
        const cond = memoryConditions(filters);
        const n = ctx.sqlite
          .prepare(`SELECT count(*) FROM memory_fts CROSS JOIN memories m ON m.seq = memory_fts.rowid WHERE memory_fts MATCH ? AND ${cond.sql}`)
          .pluck()
          .get(ftsQuery(queryTerms(query)), ...cond.params) as number;
        matching.set(key(query, variant), n);
      }
  } finally {
    ctx.close();
  }
  server = await startServer({ dataDir });
});
afterAll(async () => {
  await server?.stop();
});

describe("lexical search past the plan's budget, over HTTP", () => {
  it("the store is past the budget and every query has a word in it", () => {
    expect(matching.get(key("children events", "all"))).toBeGreaterThan(POSTINGS_BUDGET);
    for (const query of QUERIES) expect(matching.get(key(query, "all"))).toBeGreaterThan(0);
  });

  for (const variant of Object.keys(VARIANTS) as Variant[])
    it(`no query comes back short of the exhaustive ranking (${variant === "all" ? "no filter" : `${variant} filter`})`, async () => {
      for (const query of QUERIES)
        for (const limit of [10, 50]) {
          const res = await server.api("/api/search", {
            method: "POST",
            json: { query, limit, mode: "lexical", ...VARIANTS[variant].body },
          });
          expect(res.status).toBe(200);
          const body = (await res.json()) as SearchOutput;
          const want = Math.min(limit, matching.get(key(query, variant))!);
          // "zeppelin" is in one memory, neither tagged nor pinned.
          if (variant === "all" || variant === "project") expect(want, query).toBeGreaterThan(0);
          expect(body.results.length, `${query} (limit ${limit})`).toBe(want);
        }
    });
});

describe("the search filters' bounds", () => {
  it("names the field of a bad tag or pinned value", async () => {
    for (const [json, field] of [
      [{ query: "events", tags: [] }, "tags"],
      [{ query: "events", tags: ["x".repeat(500)] }, "tags"],
      [{ query: "events", pinned: "yes" }, "pinned"],
    ] as const) {
      const res = await server.api("/api/search", { method: "POST", json });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(field);
    }
  });
});
