import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgvectorIndexSql, pgvectorSearch, pgvectorSearchSql, vectorLiteral } from "../../../lib/team/hub/vectors";
import { ROOT } from "../../../scripts/build-if-needed";

/**
 * The hub's pgvector path (docs/team.md): its SQL run on PGlite (PostgreSQL in WebAssembly, from
 * npm) with PGlite's build of the `vector` extension (pgvector 0.8), over the hub's own migrations.
 * The machines' PostgreSQL 15 has no pgvector package here; PGlite validates the SQL (index, cast,
 * distance, filters), not pgvector's speed.
 */
describe("the hub's pgvector SQL on PGlite with the vector extension", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create({ extensions: { vector } });
    await db.exec("CREATE EXTENSION IF NOT EXISTS vector");
    const dir = path.join(ROOT, "drizzle-hub");
    const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
    for (const { tag } of journal.entries)
      for (const statement of fs.readFileSync(path.join(dir, `${tag}.sql`), "utf8").split("--> statement-breakpoint")) await db.exec(statement);
    const put = (id: string, project: string, embedding: number[] | null, deleted = false) =>
      db.query(
        `INSERT INTO hub_memories (id, project, seq, deleted, category, content, tags, tokens, embedding, updated_by)
         VALUES ($1, $2, (SELECT coalesce(max(seq), 0) + 1 FROM hub_memories), $3, 'fact', $1, '[]', ''::tsvector, $4::real[], 'ana')`,
        [id, project, deleted, embedding === null ? null : `{${embedding.join(",")}}`],
      );
    await put("east", "acme", [1, 0, 0]);
    await put("north", "acme", [0, 1, 0]);
    await put("north-east", "acme", [0.7, 0.7, 0]);
    await put("gone", "acme", [1, 0.01, 0], true);
    await put("other-project", "zeta", [1, 0, 0]);
    await put("other-model", "acme", [1, 0, 0, 0]);
    await put("no-vector", "acme", null);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("ranks a project's live memories of the query's dimension by cosine distance, through the HNSW index", async () => {
    // The hub's own function, with PGlite answering its two statements (CREATE INDEX, then the search).
    const hits = await pgvectorSearch(db as unknown as pg.Pool, new Set(), "acme", Float32Array.from([0.9, 0.2, 0]), 10);
    const byId = new Map((await db.query<{ id: string; seq: number }>("SELECT id, seq::float8 AS seq FROM hub_memories")).rows.map((r) => [r.seq, r.id]));
    expect(hits.map((h) => byId.get(h.seq))).toEqual(["east", "north-east", "north"]);
    expect(hits[0]!.distance).toBeCloseTo(1 - 0.9 / Math.hypot(0.9, 0.2), 5);

    const indexes = await db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE indexname = 'hub_memories_embedding_3_idx'");
    expect(indexes.rows[0]?.indexdef).toMatch(/USING hnsw .*vector_cosine_ops/);
    // With sequential scans priced out, the search is planned on that index (what a large table gets).
    await db.exec("SET enable_seqscan = off");
    const plan = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${pgvectorSearchSql(3)}`, ["acme", vectorLiteral([1, 0, 0]), 5]);
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("hub_memories_embedding_3_idx");
    await db.exec("RESET enable_seqscan");
  });

  it("a small project on a large hub still gets k neighbours: fewer from the HNSW scan, the project compared exactly", async () => {
    // 1,000 vectors of another project around the query's direction, 12 of a small project away from it:
    // HNSW's scan (ef_search 40 of the whole hub) finds only the large project's, and the filter drops them all.
    await db.exec(`INSERT INTO hub_memories (id, project, seq, deleted, category, content, tags, tokens, embedding, updated_by)
      SELECT 'big' || i, 'big', 1000 + i, false, 'fact', 'b', '[]', ''::tsvector, ARRAY[1, (i % 37) / 370.0, (i % 41) / 410.0]::real[], 'ana'
        FROM generate_series(1, 1000) i`);
    await db.exec(`INSERT INTO hub_memories (id, project, seq, deleted, category, content, tags, tokens, embedding, updated_by)
      SELECT 'tiny' || i, 'tiny', 3000 + i, false, 'fact', 't', '[]', ''::tsvector, ARRAY[0.05 * i, 1, 0.5]::real[], 'ana'
        FROM generate_series(1, 12) i`);
    await db.exec("SET enable_seqscan = off");
    try {
      const query = Float32Array.from([1, 0, 0]);
      const hnswOnly = await db.query<{ seq: number }>(pgvectorSearchSql(3), ["tiny", vectorLiteral(query), 10]);
      expect(hnswOnly.rows.length).toBeLessThan(10);
      const hits = await pgvectorSearch(db as unknown as pg.Pool, new Set([3]), "tiny", query, 10);
      // The exhaustive answer: the twelve ranked by cosine distance to the query, the ten closest.
      const cosine = (i: number) => (0.05 * i) / Math.hypot(0.05 * i, 1, 0.5);
      const expected = Array.from({ length: 12 }, (_, j) => j + 1)
        .sort((x, y) => cosine(y) - cosine(x))
        .slice(0, 10)
        .map((i) => 3000 + i);
      expect(hits.map((h) => h.seq)).toEqual(expected);
      // The large project itself is still served by the index (k found there: no exact query).
      expect(await pgvectorSearch(db as unknown as pg.Pool, new Set([3]), "big", query, 10)).toHaveLength(10);
    } finally {
      await db.exec("RESET enable_seqscan");
    }
  });

  it("refuses a dimension that is not a positive integer before it reaches SQL", () => {
    expect(() => pgvectorIndexSql(0)).toThrow(/dimension/);
    expect(() => pgvectorSearchSql(1.5)).toThrow(/dimension/);
  });
});
