import { afterEach, describe, expect, it } from "vitest";
import { exportMemories, importMemories, importMemoriesAsync, parseMarkdown } from "../../../lib/export";
import { archiveMemory, createMemory, linkMemories, listMemories, updateMemory } from "../../../lib/memories";
import { updateMemoryInput } from "../../../lib/contracts/memories";
import { projects } from "../../../lib/db/schema";
import { testCtx } from "../../helpers/ctx";

import { exportQuery, importQuery } from "../../../lib/contracts/export";
import { listMemoriesQuery } from "../../../lib/contracts/memories";
const open: { close: () => void }[] = [];
const ctx = () => {
  const c = testCtx();
  open.push(c);
  return c;
};
afterEach(() => open.splice(0).forEach((c) => c.close()));

/** The fields the issue asks an export -> import round trip to keep, in a comparable order. */
function snapshot(c: ReturnType<typeof testCtx>) {
  return listMemories(c, listMemoriesQuery.parse({ status: "all", limit: 500 }))
    .items.map((m) => ({
      content: m.content,
      title: m.title,
      category: m.category,
      scope: m.scope,
      projectId: m.projectId,
      sessionId: m.sessionId,
      tags: m.tags,
      pinned: m.pinned,
      priority: m.priority,
      status: m.status,
    }))
    .sort((a, b) => a.content.localeCompare(b.content));
}

function seed(c: ReturnType<typeof testCtx>) {
  c.db.insert(projects).values({ id: "proj-1", name: "shop", rootPath: "/src/shop", identity: "path" }).run();
  createMemory(c, { content: "Never commit generated files.", category: "constraint", pinned: true, priority: 7, tags: ["git", "build"] });
  createMemory(c, { content: "Use pnpm, not npm.", category: "convention", project: "proj-1", tags: ["tooling"] });
  createMemory(c, {
    content: "Line one\n## not a heading of the export\n~~~~\nfenced ~~~~~ tildes\n<!-- recollect:memory {} -->\n```js\nx()\n```",
    category: "gotcha",
    title: "Tricky --> text",
  });
  createMemory(c, { content: "Session-only note: 在中文里也能找到", scope: "session", sessionId: "ses_1", project: "proj-1" });
  const archived = createMemory(c, { content: "Old decision we dropped", category: "decision" }).memory;
  archiveMemory(c, archived.id);
  createMemory(c, { content: "A suggestion from the extractor", status: "suggested", category: "idea", metadata: { from: "extractor", n: 3 } });
}

/**
 * The whole store as rows: every column of memories (but the local rowid), links, versions (but
 * their local ids) and projects, in a stable order.
 */
function wholeStore(c: ReturnType<typeof testCtx>) {
  const rows = (q: string) => c.sqlite.prepare(q).all();
  return {
    memories: rows(
      `SELECT id, project_id, scope, session_id, category, title, content, tags, source, status, pinned, priority, content_hash, metadata,
              created_at, updated_at, last_accessed_at, access_count FROM memories ORDER BY id`,
    ),
    links: rows("SELECT from_id, to_id, kind, created_at FROM memory_links ORDER BY from_id, to_id, kind"),
    versions: rows(
      "SELECT memory_id, version, title, content, category, tags, pinned, priority, status, scope, changed_by, reason, created_at FROM memory_versions ORDER BY memory_id, version",
    ),
    projects: rows("SELECT id, name, root_path, identity FROM projects ORDER BY id"),
  };
}

/** A store with what an export used to lose: links (a supersession), versions, sources other than import, access counts. */
function seedWhole(c: ReturnType<typeof testCtx>) {
  seed(c);
  const old = createMemory(c, { content: "Deploy with the blue pipeline.", category: "decision", source: "tool" }).memory;
  const next = createMemory(c, { content: "Deploy with the green pipeline since March.", category: "decision", source: "ui" }).memory;
  linkMemories(c, next.id, old.id, "supersedes");
  linkMemories(c, old.id, next.id, "relates");
  updateMemory(c, next.id, updateMemoryInput.parse({ content: "Deploy with the green pipeline since April.", source: "ui", reason: "date fixed" }));
  updateMemory(c, next.id, updateMemoryInput.parse({ tags: ["deploy"], priority: 3, source: "cli" }));
  archiveMemory(c, old.id);
  c.sqlite.prepare("UPDATE memories SET access_count = 4, last_accessed_at = 1700000000000 WHERE id = ?").run(next.id);
}

describe("export -> import round trip", () => {
  for (const format of ["markdown", "json"] as const) {
    it(`${format}: an empty store gets back the whole store: links, versions, sources, times and counts`, () => {
      const a = ctx();
      seedWhole(a);
      const before = wholeStore(a);
      expect(before.links.length).toBe(2);
      expect(before.versions.length).toBeGreaterThanOrEqual(3);
      const file = exportMemories(a, exportQuery.parse({ format }));
      const b = ctx();
      expect(importMemories(b, importQuery.parse({ format }), file.body)).toMatchObject({ created: 8, duplicates: 0, invalid: 0 });
      expect(wholeStore(b)).toEqual(before);
    });
  }

  for (const format of ["markdown", "json"] as const) {
    it(`${format}: an empty store gets back the same memories`, () => {
      const a = ctx();
      seed(a);
      const file = exportMemories(a, exportQuery.parse({ format }));
      expect(file.count).toBe(6);
      const b = ctx();
      const report = importMemories(b, importQuery.parse({ format }), file.body);
      expect(report).toMatchObject({ total: 6, created: 6, duplicates: 0, invalid: 0, dryRun: false });
      expect(snapshot(b)).toEqual(snapshot(a));
      // The project came along with its name.
      expect(b.db.select().from(projects).all()).toEqual([expect.objectContaining({ id: "proj-1", name: "shop", rootPath: "/src/shop" })]);
      // Imported memories are searchable like any other (the lexical index was filled).
      const fts = b.sqlite.prepare("SELECT count(*) AS n FROM memory_fts").get() as { n: number };
      expect(fts.n).toBe(6);
    });

    it(`${format}: importing again skips every memory as a duplicate and writes nothing`, () => {
      const a = ctx();
      seed(a);
      const file = exportMemories(a, exportQuery.parse({ format }));
      const before = snapshot(a);
      const report = importMemories(a, importQuery.parse({ format }), file.body);
      expect(report).toMatchObject({ created: 0, duplicates: 6, invalid: 0 });
      expect(report.items.every((i) => i.outcome === "duplicate" && i.id)).toBe(true);
      expect(snapshot(a)).toEqual(before);
    });
  }

  it("a dry run previews without writing, and counts repeats inside the file", () => {
    const a = ctx();
    createMemory(a, { content: "Already here" });
    const file = JSON.stringify([
      { content: "Already here" },
      { content: "Brand new", category: "fact", tags: ["x"] },
      { content: "brand   NEW" },
      { content: "" },
      { content: "project without project", scope: "project" },
    ]);
    const preview = importMemories(a, importQuery.parse({ format: "json", dryRun: "true" }), file);
    expect(preview).toMatchObject({ dryRun: true, total: 5, created: 1, duplicates: 2, invalid: 2 });
    expect(preview.items.map((i) => i.outcome)).toEqual(["duplicate", "new", "duplicate", "invalid", "invalid"]);
    expect(preview.items[3].error).toMatch(/^content: /);
    expect(preview.items[4].error).toMatch(/needs a project/);
    expect(listMemories(a, listMemoriesQuery.parse({ status: "all" })).items).toHaveLength(1);
    const real = importMemories(a, importQuery.parse({ format: "json" }), file);
    expect(real).toMatchObject({ created: 1, duplicates: 2, invalid: 2 });
    expect(
      listMemories(a, listMemoriesQuery.parse({ status: "all" }))
        .items.map((m) => m.content)
        .sort(),
    ).toEqual(["Already here", "Brand new"]);
  });

  it("redacts secrets on the way in", () => {
    const a = ctx();
    importMemories(a, importQuery.parse({ format: "json" }), JSON.stringify([{ content: "deploy key ghp_abcdefghijklmnopqrstuvwxyz0123456789 in CI" }]));
    const [m] = listMemories(a, listMemoriesQuery.parse({})).items;
    expect(m.content).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
  });

  it("the async form (the server's) redacts content, title, tags and metadata the same way", async () => {
    const token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    const file = JSON.stringify([
      { content: `deploy key ${token} in CI`, title: `key ${token}`, tags: [token], metadata: { note: [`use ${token}`] } },
      { content: "" },
    ]);
    const [a, b] = [ctx(), ctx()];
    const sync = importMemories(a, importQuery.parse({ format: "json" }), file);
    const viaAsync = await importMemoriesAsync(b, importQuery.parse({ format: "json" }), file);
    expect(viaAsync).toMatchObject({ created: 1, invalid: 1 });
    expect({ ...viaAsync, items: viaAsync.items.map(({ id: _, ...i }) => i) }).toEqual({ ...sync, items: sync.items.map(({ id: _, ...i }) => i) });
    const [m] = listMemories(b, listMemoriesQuery.parse({})).items;
    expect(JSON.stringify(m)).not.toContain(token);
    expect(m.content).toBe("deploy key [REDACTED:github_token] in CI");
  });

  it("the Markdown export is readable: grouped by scope and category with metadata visible", () => {
    const a = ctx();
    seed(a);
    const md = exportMemories(a, exportQuery.parse({ format: "markdown" })).body;
    expect(md).toMatch(/^# Recollect memories/);
    expect(md).toContain("## Global");
    expect(md).toContain("## Project: shop (`proj-1`)");
    expect(md).toContain("### Constraint (1)");
    expect(md).toContain("**pinned** yes · **priority** 7");
    expect(md).toContain("**tags** `git`, `build`");
    expect(md.indexOf("## Global")).toBeLessThan(md.indexOf("## Project: shop"));
    expect(parseMarkdown(md)).toHaveLength(6);
  });

  it("filters: category, pinned, ids", () => {
    const a = ctx();
    seed(a);
    expect(exportMemories(a, exportQuery.parse({ format: "json", category: "constraint,gotcha" })).count).toBe(2);
    expect(exportMemories(a, exportQuery.parse({ format: "json", pinned: "true" })).count).toBe(1);
    expect(exportMemories(a, exportQuery.parse({ format: "json", status: "archived" })).count).toBe(1);
    const ids = listMemories(a, listMemoriesQuery.parse({ limit: 2 })).items.map((m) => m.id);
    const file = JSON.parse(exportMemories(a, exportQuery.parse({ format: "json", ids: ids.join(",") })).body);
    expect(file.memories.map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());
  });

  it("rejects files that are not exports", () => {
    const a = ctx();
    expect(() => importMemories(a, importQuery.parse({ format: "json" }), "{nope")).toThrow(/not valid JSON/);
    expect(() => importMemories(a, importQuery.parse({ format: "json" }), '{"a":1}')).toThrow(/not a Recollect export/);
    expect(() => importMemories(a, importQuery.parse({ format: "markdown" }), "# Notes\n\n- just a list\n")).toThrow(/no memories found/);
  });
});
