import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { archiveMemory, createMemory, removeMemory, restoreMemory, updateMemory } from "../../../lib/memories";
import { markAllDerived } from "../../../lib/indexing";
import { identifyProject } from "../../../lib/projects/identify";
import { exhaustiveRanking } from "../../../lib/search/exhaustive";
import { searchMemories } from "../../../lib/search/search";
import { countTokens } from "../../../lib/token-count";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { inFts5 } from "../../helpers/statement-spy";

import { updateMemoryInput } from "../../../lib/contracts/memories";
import { searchInput } from "../../../lib/contracts/search";
import { termPostings } from "../../../lib/search/lexical-postings";
let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
});
afterAll(() => ctx?.close());

const ids = async (query: string, extra: Record<string, unknown> = {}) =>
  (await searchMemories(ctx, searchInput.parse({ query, ...extra }))).results.map((r) => r.id);

describe("searchMemories (lexical)", () => {
  it("finds a memory from a few words in another form (stemming, OR of terms, not a phrase)", async () => {
    const { memory } = createMemory(ctx, { content: "We decided to migrate the billing database to PostgreSQL" });
    createMemory(ctx, { content: "The frontend uses React with server components" });
    const out = await searchMemories(ctx, searchInput.parse({ query: "databases migrations" }));
    expect(out.mode).toBe("lexical");
    expect(out.results.map((r) => r.id)).toEqual([memory.id]);
    expect(out.results[0]).toMatchObject({ category: "note", scope: "global", snippet: memory.content });
    expect(out.results[0].score).toBeGreaterThan(0);
    expect(await ids("postgresql unrelatedword")).toEqual([memory.id]);
  });

  it("finds code identifiers by their parts and paths by their file name", async () => {
    const a = createMemory(ctx, { content: "getUserName throws a TypeError when the session expired" }).memory;
    const b = createMemory(ctx, { content: "The bug is in lib/search/sync.ts:42 where rowid is wrong" }).memory;
    expect(await ids("user name")).toEqual([a.id]);
    expect(await ids("TypeError")).toEqual([a.id]);
    expect(await ids("sync.ts")).toEqual([b.id]);
  });

  it("finds Chinese text by bigrams and by a single character", async () => {
    const a = createMemory(ctx, { content: "我们决定使用数据库连接池" }).memory;
    createMemory(ctx, { content: "前端使用组件" });
    expect(await ids("数据库")).toEqual([a.id]);
    expect(await ids("池")).toEqual([a.id]);
  });

  it("ranks a title or tag match above a content match", async () => {
    const inContent = createMemory(ctx, { content: "Some notes that mention deployment once among many other words here" }).memory;
    const inTitle = createMemory(ctx, { content: "Steps to follow on Fridays", title: "Deployment" }).memory;
    const inTags = createMemory(ctx, { content: "Check the checklist first", tags: ["deployment"] }).memory;
    const got = await ids("deployment");
    expect(got[0]).toBe(inTitle.id);
    expect(got.indexOf(inTags.id)).toBeLessThan(got.indexOf(inContent.id));
  });

  it("covers a project's memories plus global ones, never another project's, and boosts the project", async () => {
    const dirA = tempDir("proj-a-");
    const dirB = tempDir("proj-b-");
    const global = createMemory(ctx, { content: "redis cache eviction policy is allkeys-lru" }).memory;
    const mine = createMemory(ctx, { content: "redis cache eviction policy is volatile-lru", directory: dirA }).memory;
    const theirs = createMemory(ctx, { content: "redis cache eviction is noeviction", directory: dirB }).memory;
    const got = await ids("redis cache eviction policy", { directory: dirA, explain: true });
    expect(new Set(got)).toEqual(new Set([global.id, mine.id]));
    expect(got).not.toContain(theirs.id);
    const out = await searchMemories(ctx, searchInput.parse({ query: "redis cache eviction policy", project: identifyProject(dirA).id, explain: true }));
    const boost = Object.fromEntries(out.results.map((r) => [r.id, r.explain!.boosts.project]));
    expect(boost[mine.id]).toBeGreaterThan(1);
    expect(boost[global.id]).toBe(1);
    // Without a project: everything.
    expect(new Set(await ids("redis cache eviction"))).toEqual(new Set([global.id, mine.id, theirs.id]));
  });

  it("filters by scope, category, status (active by default) and session", async () => {
    const dir = tempDir("proj-");
    const decision = createMemory(ctx, { content: "kafka topic retention is seven days", category: "decision", directory: dir }).memory;
    const fact = createMemory(ctx, { content: "kafka topic has twelve partitions", category: "fact" }).memory;
    const suggested = createMemory(ctx, { content: "kafka topic naming uses dots", status: "suggested" }).memory;
    const s1 = createMemory(ctx, { content: "kafka topic work in progress here", scope: "session", sessionId: "s1", directory: dir }).memory;
    const s2 = createMemory(ctx, { content: "kafka topic other session note", scope: "session", sessionId: "s2", directory: dir }).memory;
    expect(new Set(await ids("kafka topic"))).toEqual(new Set([decision.id, fact.id, s1.id, s2.id]));
    expect(await ids("kafka topic", { categories: ["decision"] })).toEqual([decision.id]);
    expect(await ids("kafka topic", { scopes: ["global"] })).toEqual([fact.id]);
    expect(await ids("kafka topic", { statuses: ["suggested"] })).toEqual([suggested.id]);
    const withSession = await ids("kafka topic", { directory: dir, sessionId: "s1" });
    expect(withSession).toContain(s1.id);
    expect(withSession).not.toContain(s2.id);
  });

  it("keeps the index in step with every write: update, archive, restore, remove", async () => {
    const { memory } = createMemory(ctx, { content: "nginx proxy timeout is thirty seconds" });
    expect(await ids("nginx")).toEqual([memory.id]);
    updateMemory(ctx, memory.id, updateMemoryInput.parse({ content: "haproxy timeout is thirty seconds" }));
    expect(await ids("nginx")).toEqual([]);
    expect(await ids("haproxy")).toEqual([memory.id]);
    updateMemory(ctx, memory.id, updateMemoryInput.parse({ title: "Load balancer", tags: ["infra"] }));
    expect(await ids("balancer")).toEqual([memory.id]);
    expect(await ids("infra")).toEqual([memory.id]);
    archiveMemory(ctx, memory.id);
    expect(await ids("haproxy")).toEqual([]);
    expect(await ids("haproxy", { statuses: ["archived"] })).toEqual([memory.id]);
    restoreMemory(ctx, memory.id);
    expect(await ids("haproxy")).toEqual([memory.id]);
    removeMemory(ctx, memory.id);
    expect(await ids("haproxy", { statuses: ["active", "archived"] })).toEqual([]);
    expect(ctx.sqlite.prepare("SELECT count(*) AS n FROM memory_fts").get()).toEqual({ n: 0 });
  });

  it("counts each returned memory's access and logs it with its purpose", async () => {
    const { memory } = createMemory(ctx, { content: "terraform state lives in s3" });
    const out = await searchMemories(ctx, searchInput.parse({ query: "terraform", sessionId: "sess-1" }));
    expect(out.results[0].accessCount).toBe(1);
    await searchMemories(ctx, searchInput.parse({ query: "terraform state", purpose: "recall" }));
    const row = ctx.sqlite.prepare("SELECT access_count AS n, last_accessed_at AS at FROM memories WHERE id = ?").get(memory.id) as { n: number; at: number };
    expect(row.n).toBe(2);
    expect(row.at).toBeGreaterThan(Date.now() - 60_000);
    const log = ctx.sqlite.prepare("SELECT kind, session_id AS sessionId, query FROM access_log WHERE memory_id = ? ORDER BY id").all(memory.id);
    expect(log).toEqual([
      { kind: "search", sessionId: "sess-1", query: "terraform" },
      { kind: "recall", sessionId: null, query: "terraform state" },
    ]);
    // Nothing found: nothing logged.
    await searchMemories(ctx, searchInput.parse({ query: "kubernetes" }));
    expect((ctx.sqlite.prepare("SELECT count(*) AS n FROM access_log").get() as { n: number }).n).toBe(2);
  });

  it("explains ranks and boosts; pinned memories get a boost", async () => {
    const plain = createMemory(ctx, { content: "use pnpm for installs in this repo" }).memory;
    const pinned = createMemory(ctx, { content: "use pnpm for installs everywhere", pinned: true, category: "directive" }).memory;
    for (const other of ["yarn berry notes", "npm audit output", "bun lockfile", "deno tasks"]) createMemory(ctx, { content: other });
    const out = await searchMemories(ctx, searchInput.parse({ query: "pnpm installs", explain: true }));
    const byId = Object.fromEntries(out.results.map((r) => [r.id, r.explain!]));
    expect(byId[pinned.id].boosts.pinned).toBeGreaterThan(1);
    expect(byId[plain.id].boosts.pinned).toBe(1);
    expect(byId[plain.id].lexicalRank).toBeGreaterThan(0);
    expect(byId[plain.id].bm25).toBeLessThan(0);
    expect(byId[plain.id].vectorRank).toBeNull();
    expect(out.results[0].id).toBe(pinned.id);
    expect((await searchMemories(ctx, searchInput.parse({ query: "pnpm" }))).results[0].explain).toBeUndefined();
  });

  it("formats a compact block that fits the token budget", async () => {
    for (let i = 0; i < 20; i++) createMemory(ctx, { content: `webpack config detail number ${i}: ${"loader plugin option ".repeat(20)}` });
    const out = await searchMemories(ctx, searchInput.parse({ query: "webpack loader", limit: 20, tokenBudget: 200 }));
    expect(out.results).toHaveLength(20);
    expect(countTokens(out.formatted)).toBeLessThanOrEqual(200);
    expect(out.formatted).toContain("webpack");
    expect(out.formatted).toMatch(/more not shown/);
    const big = await searchMemories(ctx, searchInput.parse({ query: "webpack loader", limit: 3, tokenBudget: 5000 }));
    expect(big.formatted.split("\n")).toHaveLength(4);
  });

  it("leaves the text answer out for a caller that reads the results only (formatted: false), with the same results", async () => {
    for (let i = 0; i < 5; i++) createMemory(ctx, { content: `webpack loader note ${i}` });
    const input = searchInput.parse({ query: "webpack loader", limit: 5 });
    const full = await searchMemories(ctx, input, { countAccess: false });
    const lean = await searchMemories(ctx, input, { countAccess: false, formatted: false });
    expect(full.formatted).toContain("webpack");
    expect(lean.formatted).toBe("");
    expect(lean.results.map((r) => [r.id, r.score])).toEqual(full.results.map((r) => [r.id, r.score]));
  });

  it("makes a snippet around the match of a long memory", async () => {
    const long = "filler words here. ".repeat(60) + "The flaky test is caused by the clock skew in CI. " + "more filler text. ".repeat(60);
    createMemory(ctx, { content: long });
    const [r] = (await searchMemories(ctx, searchInput.parse({ query: "clock skew" }))).results;
    expect(r.snippet.length).toBeLessThan(300);
    expect(r.snippet).toContain("clock skew");
    expect(r.snippet.startsWith("…")).toBe(true);
  });

  it("rejects bad input naming the field", () => {
    expect(() => searchInput.parse({ query: "  " })).toThrow(/query/);
    expect(() => searchInput.parse({ query: "x", limit: 0 })).toThrow(/limit/);
    expect(() => searchInput.parse({ query: "x", categories: ["nope" as never] })).toThrow(/categories/);
    expect(() => searchInput.parse({ query: "x", bogus: 1 } as never)).toThrow(/bogus/);
  });
});

describe("near duplicates (lexical, no vectors)", () => {
  it("returns the existing memory with duplicateOf instead of a second row", () => {
    const first = createMemory(ctx, { content: "Always run the database migrations before starting the dev server locally" }).memory;
    const again = createMemory(ctx, { content: "Always run the database migrations before starting the dev server, locally!" });
    expect(again).toMatchObject({ deduplicated: true, duplicateOf: first.id });
    expect(again.memory.id).toBe(first.id);
    const different = createMemory(ctx, { content: "Always run the unit tests before pushing a branch" });
    expect(different.deduplicated).toBe(false);
    // Another scope is not a duplicate.
    const elsewhere = createMemory(ctx, { content: "Always run the database migrations before starting the dev server locally", directory: tempDir() });
    expect(elsewhere.deduplicated).toBe(false);
  });

  it("finds a near duplicate that lacks one of the new text's words, and not one that lacks two", () => {
    const words = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo".split(" ");
    const stored = createMemory(ctx, { content: words.join(" ") }).memory;
    // Token Jaccard 18/19 with the stored memory, which lacks the new word.
    expect(createMemory(ctx, { content: `${words.join(" ")} zanzibar` })).toMatchObject({ deduplicated: true, duplicateOf: stored.id });
    // Two words changed (Jaccard 16/20): not a duplicate.
    expect(createMemory(ctx, { content: [...words.slice(0, 16), "sierra", "tango"].join(" ") }).deduplicated).toBe(false);
  });
});

describe("bounded lexical work on large stores", () => {
  it("scores the memories of the rare terms across the store, and only the newest memories when every term is in too many", async () => {
    const { POSTINGS_BUDGET, SCAN_CAP, lexicalSearch, scanPlan } = await import("../../../lib/search/lexical");
    const { tokenize } = await import("../../../lib/search/tokenizer");
    const big = testCtx();
    try {
      const n = Math.max(POSTINGS_BUDGET, SCAN_CAP) + 200;
      // Straight into the tables the verbs write (the verbs' own near-duplicate check is not under test).
      const ins = big.sqlite.prepare(
        "INSERT INTO memories (id, scope, category, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at) VALUES (?, 'global', 'fact', ?, '[]', 'user', 'active', 0, 0, ?, '{}', 0, 0) RETURNING seq",
      );
      const fts = big.sqlite.prepare("INSERT INTO memory_fts(rowid, title, tags, content) VALUES (?, '', '', ?)");
      big.sqlite.transaction(() => {
        for (let i = 0; i < n; i++) {
          const content = `the kubernetes cluster note number ${i}${i === 7 ? " mentions zeppelin" : ""}`;
          const { seq } = ins.get(`m-${i}`, content, `h${i}`) as { seq: number };
          fts.run(seq, tokenize(content).join(" "));
        }
        markAllDerived(big.sqlite);
      })();
      // A rare term with a common one: both are scored; the memories holding the rare one are the
      // candidates across the whole store, the newest fill the rest of the limit.
      expect(scanPlan(big.sqlite, ["kubernet", "zeppelin"])).toMatchObject({ terms: ["zeppelin", "kubernet"], candidates: '"zeppelin"' });
      // Inside a transaction, FTS5's statements answer (the postings held in memory are not trusted
      // there, lexical-postings.ts): the budgeted plan under test; outside, the exact top k.
      const rare = inFts5(big.sqlite, () => lexicalSearch(big, ["kubernet", "zeppelin"], { projectId: null, statuses: ["active"] }, 10));
      expect(rare).toHaveLength(10);
      expect(rare[0].seq).toBe(8);
      // Only common terms: about SCAN_CAP postings' worth of the newest memories are scored.
      const plan = scanPlan(big.sqlite, ["kubernet"]);
      expect(plan.terms).toEqual(["kubernet"]);
      expect(plan.fromSeq).toBeGreaterThan(1);
      expect(n - plan.fromSeq + 1).toBeLessThanOrEqual(SCAN_CAP + 1);
      const hits = inFts5(big.sqlite, () => lexicalSearch(big, ["kubernet"], { projectId: null, statuses: ["active"] }, 50));
      expect(hits).toHaveLength(50);
      expect(hits.every((h) => h.seq >= plan.fromSeq)).toBe(true);
      // Filters that leave too few in the window (here: the newest are archived) widen it.
      big.sqlite.prepare("UPDATE memories SET status = 'archived' WHERE seq >= ?").run(plan.fromSeq - 100);
      const older = inFts5(big.sqlite, () => lexicalSearch(big, ["kubernet"], { projectId: null, statuses: ["active"] }, 50));
      expect(older).toHaveLength(50);
      expect(older.every((h) => h.seq < plan.fromSeq - 100)).toBe(true);
      // Outside a transaction, once its postings are held (a first search loads them after it
      // answers; here at once), the same search is the exhaustive ranking's.
      expect(termPostings(big.sqlite, ["kubernet"])).not.toBeNull();
      const exact = lexicalSearch(big, ["kubernet"], { projectId: null, statuses: ["active"] }, 50);
      const want = exhaustiveRanking(big.sqlite, ["kubernet"], { projectId: null, statuses: ["active"] }, 50);
      expect(exact).toHaveLength(50);
      exact.forEach((h, i) => expect(h.bm25).toBeCloseTo(want[i].bm25, 9));
    } finally {
      big.close();
    }
  });
});
