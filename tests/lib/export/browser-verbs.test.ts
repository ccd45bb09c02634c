import { afterEach, describe, expect, it } from "vitest";
import { overview } from "../../../lib/views/overview";
import { constraintsView } from "../../../lib/views/constraints";
import { highlight } from "../../../lib/views/highlight";
import { browseMemories, countMatching, parseBrowseParams } from "../../../lib/views/memories";
import { settingsRows } from "../../../lib/views/settings";
import { memoryDetail } from "../../../lib/views/detail";
import { loadConfig } from "../../../lib/config";
import { projects } from "../../../lib/db/schema";
import { createMemory, getMemory, listVersions, updateMemory } from "../../../lib/memories";
import { bulkMemories } from "../../../lib/memories/bulk";
import { reorderMemory } from "../../../lib/memories/reorder";
import { rescopeMemory } from "../../../lib/memories/rescope";
import { testCtx } from "../../helpers/ctx";

import { bulkInput, rescopeInput, updateMemoryInput } from "../../../lib/contracts/memories";
/** The verbs and read models behind the memory browser's pages. */
const open: { close: () => void }[] = [];
const ctx = () => {
  const c = testCtx();
  open.push(c);
  c.db.insert(projects).values({ id: "p1", name: "shop", identity: "path" }).run();
  return c;
};
afterEach(() => open.splice(0).forEach((c) => c.close()));

describe("browser verbs", () => {
  it("reorder raises a memory above its neighbour (swap, or +1 when equal), versioned", () => {
    const c = ctx();
    const a = createMemory(c, { content: "rule A", category: "constraint", pinned: true, priority: 5 }).memory;
    const b = createMemory(c, { content: "rule B", category: "constraint", pinned: true, priority: 2 }).memory;
    reorderMemory(c, { id: b.id, over: a.id });
    expect([getMemory(c, a.id).priority, getMemory(c, b.id).priority]).toEqual([2, 5]);
    expect(listVersions(c, b.id)[0]).toMatchObject({ priority: 2, reason: "reordered", changedBy: "ui" });
    const d = createMemory(c, { content: "rule D", category: "constraint", pinned: true, priority: 5 }).memory;
    reorderMemory(c, { id: d.id, over: b.id });
    expect(getMemory(c, d.id).priority).toBe(6);
    expect(() => reorderMemory(c, { id: d.id, over: d.id })).toThrow(/itself/);
    // The preview follows: D (6) before B (5) before A (2).
    const block = constraintsView(c).block.text;
    expect(block.indexOf("rule D")).toBeLessThan(block.indexOf("rule B"));
    expect(block.indexOf("rule B")).toBeLessThan(block.indexOf("rule A"));
  });

  it("rescope moves a memory between global and a project, refusing a duplicate there", () => {
    const c = ctx();
    const g = createMemory(c, { content: "shared text" }).memory;
    const moved = rescopeMemory(c, g.id, rescopeInput.parse({ scope: "project", project: "p1" }));
    expect(moved).toMatchObject({ scope: "project", projectId: "p1" });
    createMemory(c, { content: "shared text" });
    expect(() => rescopeMemory(c, g.id, rescopeInput.parse({ scope: "global" }))).toThrow(/already has this content/);
    expect(() => rescopeMemory(c, g.id, rescopeInput.parse({ scope: "project" }))).toThrow(/needs a directory or a project/);
  });

  it("bulk archive/restore/delete in one transaction, reporting unknown and unchanged ids", () => {
    const c = ctx();
    const x = createMemory(c, { content: "x" }).memory;
    const y = createMemory(c, { content: "y" }).memory;
    expect(bulkMemories(c, bulkInput.parse({ ids: [x.id, "nope"], action: "archive" }))).toMatchObject({ changed: [x.id], notFound: ["nope"] });
    expect(bulkMemories(c, bulkInput.parse({ ids: [x.id, y.id], action: "archive" }))).toMatchObject({ changed: [y.id], unchanged: [x.id] });
    expect(bulkMemories(c, bulkInput.parse({ ids: [x.id, y.id], action: "restore" })).changed).toHaveLength(2);
    expect(bulkMemories(c, bulkInput.parse({ ids: [x.id], action: "delete" })).changed).toEqual([x.id]);
    expect(() => getMemory(c, x.id)).toThrow(/not found/);
    expect(c.sqlite.prepare("SELECT count(*) AS n FROM memory_fts").get()).toEqual({ n: 1 });
  });

  it("constraints view: pinned and rule memories of global + project, marked when injected", () => {
    const c = ctx();
    createMemory(c, { content: "global pinned", category: "constraint", pinned: true });
    createMemory(c, { content: "project pinned", category: "directive", pinned: true, project: "p1" });
    createMemory(c, { content: "unpinned constraint", category: "constraint" });
    createMemory(c, { content: "plain note" });
    const global = constraintsView(c);
    expect(global.items.map((i) => [i.content, i.injected])).toEqual([
      ["global pinned", true],
      ["unpinned constraint", false],
    ]);
    const project = constraintsView(c, "p1");
    expect(project.items.map((i) => i.content)).toEqual(["global pinned", "project pinned", "unpinned constraint"]);
    expect(project.block.text).toContain("project pinned");
    expect(project.block.tokens).toBeGreaterThan(0);
  });

  it("browse: filters, counts and keyset pages", async () => {
    const c = ctx();
    for (let i = 0; i < 25; i++) createMemory(c, { content: `memory ${i}`, category: i % 2 ? "fact" : "note", tags: i % 5 ? [] : ["five"] });
    expect(countMatching(c, { category: "fact" })).toBe(12);
    expect(countMatching(c, { tag: "five" })).toBe(5);
    const p1 = await browseMemories(c, parseBrowseParams({ limit: "10" }));
    expect(p1.items).toHaveLength(10);
    expect(p1.total).toBe(25);
    const p2 = await browseMemories(c, parseBrowseParams({ limit: "10", cursor: p1.nextCursor! }));
    expect(p2.items[0].content).not.toBe(p1.items[0].content);
    expect(new Set([...p1.items, ...p2.items].map((m) => m.id)).size).toBe(20);
    // Bad parameters are dropped, never an error.
    expect(parseBrowseParams({ scope: "nowhere", limit: "abc", q: "x" })).toEqual({ q: "x" });
    const found = await browseMemories(c, parseBrowseParams({ q: "memory 7" }));
    expect(found.search).not.toBeNull();
    expect(found.items.some((m) => m.content === "memory 7")).toBe(true);
  });

  it("detail: versions with a word diff and field changes", () => {
    const c = ctx();
    const m = createMemory(c, { content: "use npm for installs", category: "fact" }).memory;
    updateMemory(c, m.id, updateMemoryInput.parse({ content: "use pnpm for installs", category: "convention", source: "ui" }));
    const d = memoryDetail(c, m.id)!;
    expect(d.versions).toHaveLength(1);
    expect(d.versions[0].diff.filter((p) => p.kind === "removed").map((p) => p.text)).toEqual(["npm"]);
    expect(d.versions[0].diff.filter((p) => p.kind === "added").map((p) => p.text)).toEqual(["pnpm"]);
    expect(d.versions[0].fieldChanges).toEqual(["category: fact → convention"]);
    expect(memoryDetail(c, "missing")).toBeNull();
  });

  it("highlight marks the words search matched (stems, identifiers, CJK bigrams)", () => {
    const hits = (text: string, q: string) =>
      highlight(text, q)
        .filter((s) => s.hit)
        .map((s) => s.text);
    expect(hits("Deploying the deploy script", "deploy")).toEqual(["Deploying", "deploy"]);
    expect(hits("call getUserName() here", "user")).toEqual(["getUserName"]);
    expect(hits("数据库连接失败", "连接")).toEqual(["连接"]);
    expect(highlight("nothing", "")).toEqual([{ text: "nothing", hit: false }]);
  });

  it("dashboard overview and settings rows", () => {
    const c = ctx();
    createMemory(c, { content: "a", pinned: true });
    createMemory(c, { content: "b", project: "p1" });
    c.sqlite.prepare("INSERT INTO compression_stats(session_id, tokens_before, tokens_after, by_strategy) VALUES ('s1', 1000, 400, '{}')").run();
    const o = overview(c);
    expect(o.total).toBe(2);
    expect(o.byScope).toEqual(
      expect.arrayContaining([
        { key: "global", n: 1 },
        { key: "project", n: 1 },
      ]),
    );
    expect(o.byProject).toEqual(expect.arrayContaining([expect.objectContaining({ id: "p1", key: "shop", n: 1 })]));
    expect(o.memoriesPerDay).toHaveLength(30);
    expect(o.memoriesPerDay.at(-1)!.created).toBe(2);
    expect(o.compressionPerDay.at(-1)!.saved).toBe(600);
    expect(o.compressionBySession).toEqual([{ sessionId: "s1", saved: 600, runs: 1 }]);
    const rows = settingsRows(loadConfig({ env: { RECOLLECT_EMBEDDING_API_KEY: "sk-secret", RECOLLECT_PORT: "9999", XDG_CONFIG_HOME: "/nonexistent" } }));
    expect(rows.find((r) => r.key === "embedding.apiKey")).toMatchObject({ value: "•••••• (set)", kind: "env" });
    expect(rows.find((r) => r.key === "server.port")).toMatchObject({ value: "9999", source: "env:RECOLLECT_PORT" });
    expect(rows.find((r) => r.key === "search.defaultLimit")).toMatchObject({ kind: "default" });
  });
});
