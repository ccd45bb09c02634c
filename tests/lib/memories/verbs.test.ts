import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  archiveMemory,
  createMemory,
  getMemory,
  linkMemories,
  listLinks,
  listMemories,
  listVersions,
  removeMemory,
  restoreMemory,
  updateMemory,
} from "../../../lib/memories";
import { AppError } from "../../../lib/errors";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { tokenize } from "../../../lib/search/tokenizer";
import { catchUpDerived } from "../../../lib/indexing";

import { listMemoriesQuery, updateMemoryInput } from "../../../lib/contracts/memories";
let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
});
afterAll(() => ctx?.close());

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : (e as Error).name;
  }
  return "no error";
};

describe("createMemory", () => {
  it("stores a global memory with defaults", () => {
    const { memory, deduplicated } = createMemory(ctx, { content: "Always run the linter before committing" });
    expect(deduplicated).toBe(false);
    expect(memory).toMatchObject({ scope: "global", projectId: null, category: "note", status: "active", pinned: false, source: "api", tags: [] });
    expect(memory.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(memory.age).toBe("just now");
    expect(getMemory(ctx, memory.id).content).toBe("Always run the linter before committing");
  });

  it("puts a memory in a project when a directory is given, and requires one for scope project", () => {
    const dir = tempDir();
    const { memory } = createMemory(ctx, { content: "Use pnpm", directory: dir, category: "convention" });
    expect(memory.scope).toBe("project");
    expect(memory.projectId).toMatch(/^p_[0-9a-f]{16}$/);
    expect(code(() => createMemory(ctx, { content: "x", scope: "project" }))).toBe("bad_request");
  });

  it("requires a session id for scope session", () => {
    expect(code(() => createMemory(ctx, { content: "x", scope: "session" }))).toBe("bad_request");
    const { memory } = createMemory(ctx, { content: "x", scope: "session", sessionId: "ses_1" });
    expect(memory).toMatchObject({ scope: "session", sessionId: "ses_1" });
  });

  it("returns the existing memory for an exact duplicate (after normalization) in the same scope only", () => {
    const first = createMemory(ctx, { content: "Deploys  happen on Fridays", tags: ["Ops", "ops"] }).memory;
    expect(first.tags).toEqual(["ops"]);
    const again = createMemory(ctx, { content: "deploys happen on fridays " });
    expect(again.deduplicated).toBe(true);
    expect(again.memory.id).toBe(first.id);
    const elsewhere = createMemory(ctx, { content: "Deploys happen on Fridays", directory: tempDir() });
    expect(elsewhere.deduplicated).toBe(false);
    expect(ctx.db.get<{ n: number }>(sql`select count(*) as n from memories`)!.n).toBe(2);
  });

  it("does not treat an archived memory as a duplicate", () => {
    const first = createMemory(ctx, { content: "Old fact" }).memory;
    archiveMemory(ctx, first.id);
    const second = createMemory(ctx, { content: "Old fact" });
    expect(second.deduplicated).toBe(false);
    expect(second.memory.id).not.toBe(first.id);
  });

  it("rejects bad input naming the field", () => {
    expect(() => createMemory(ctx, { content: "x", category: "nope" as never })).toThrow(/category|Invalid/);
    expect(() => createMemory(ctx, { content: "   " })).toThrow(/content/);
    expect(() => createMemory(ctx, { content: "x", unknown: 1 } as never)).toThrow(/unknown|Unrecognized/i);
    expect(ctx.db.get<{ n: number }>(sql`select count(*) as n from memories`)!.n).toBe(0);
  });

  it("indexes title and content (written behind the create: see derived.test.ts)", () => {
    const { memory } = createMemory(ctx, { content: "Redis TTL is 300 seconds", title: "Cache" });
    catchUpDerived(ctx.sqlite);
    const hits = (q: string) => ctx.db.all<{ id: string }>(sql`select m.id from memory_fts f join memories m on m.seq = f.rowid where memory_fts match ${q}`);
    expect(hits("ttl AND 300").map((h) => h.id)).toEqual([memory.id]);
    expect(hits(`title:${tokenize("Cache")[0]}`).map((h) => h.id)).toEqual([memory.id]);
    expect(ctx.db.get<{ n: number }>(sql`select count(*) as n from embedding_queue where memory_id = ${memory.id}`)!.n).toBe(1);
  });
});

describe("listMemories", () => {
  it("filters by scope, category, status, tag, pinned and project in SQL", () => {
    const dir = tempDir();
    createMemory(ctx, { content: "a", category: "decision", tags: ["db"] });
    createMemory(ctx, { content: "b", category: "constraint", pinned: true, directory: dir });
    const c = createMemory(ctx, { content: "c", category: "gotcha", tags: ["db", "perf"] }).memory;
    archiveMemory(ctx, c.id);
    expect(
      listMemories(ctx, listMemoriesQuery.parse({}))
        .items.map((m) => m.content)
        .sort(),
    ).toEqual(["a", "b"]);
    expect(listMemories(ctx, listMemoriesQuery.parse({ status: "all" })).items).toHaveLength(3);
    expect(listMemories(ctx, listMemoriesQuery.parse({ status: "archived" })).items.map((m) => m.content)).toEqual(["c"]);
    expect(listMemories(ctx, listMemoriesQuery.parse({ tag: "db", status: "all" })).items).toHaveLength(2);
    expect(listMemories(ctx, listMemoriesQuery.parse({ tag: "db,perf", status: "all" })).items.map((m) => m.content)).toEqual(["c"]);
    expect(listMemories(ctx, listMemoriesQuery.parse({ pinned: "true" as never })).items.map((m) => m.content)).toEqual(["b"]);
    expect(listMemories(ctx, listMemoriesQuery.parse({ directory: dir })).items.map((m) => m.content)).toEqual(["b"]);
    expect(listMemories(ctx, listMemoriesQuery.parse({ scope: "global" as never })).items.map((m) => m.content)).toEqual(["a"]);
    expect(listMemories(ctx, listMemoriesQuery.parse({ category: "decision,constraint" as never })).items).toHaveLength(2);
  });

  it("pages with a cursor through every row exactly once", () => {
    for (let i = 0; i < 25; i++) createMemory(ctx, { content: `memory ${i}` });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = listMemories(ctx, listMemoriesQuery.parse({ limit: 10 as never, cursor }));
      seen.push(...page.items.map((m) => m.content));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen[0]).toBe("memory 24");
    expect(code(() => listMemories(ctx, listMemoriesQuery.parse({ cursor: "garbage" })))).toBe("bad_request");
  });

  it("merges the statuses of a list by time in order, page after page, both ways", () => {
    const statuses = ["active", "archived", "suggested", "resolved"] as const;
    const ids = Array.from(
      { length: 30 },
      (_, i) => createMemory(ctx, { content: `mixed memory number ${i}`, status: i % 4 === 2 ? "suggested" : "active" }).memory.id,
    );
    // Times out of seq order, some equal (the seq breaks ties), statuses interleaved.
    ids.forEach((id, i) => {
      const at = 1_000_000 + ((i * 7) % 10) * 1000;
      ctx.sqlite.prepare("UPDATE memories SET status = ?, created_at = ?, updated_at = ? WHERE id = ?").run(statuses[i % 4], at, 2_000_000 - at, id);
    });
    const rows = ctx.sqlite.prepare("SELECT id, seq, created_at AS c, updated_at AS u FROM memories").all() as {
      id: string;
      seq: number;
      c: number;
      u: number;
    }[];
    for (const [sort, order, key] of [
      ["created", "desc", "c"],
      ["created", "asc", "c"],
      ["updated", "desc", "u"],
    ] as const) {
      const sign = order === "desc" ? -1 : 1;
      const expected = [...rows].sort((a, b) => sign * (a[key] - b[key] || a.seq - b.seq)).map((r) => r.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = listMemories(ctx, listMemoriesQuery.parse({ status: "all", sort, order, limit: 7 as never, cursor }));
        seen.push(...page.items.map((m) => m.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(expected);
      // Two of the four statuses: the same order, without the others.
      const two = listMemories(ctx, listMemoriesQuery.parse({ status: "archived,resolved" as never, sort, order, limit: 100 as never })).items.map((m) => m.id);
      expect(two).toEqual(expected.filter((id) => ["archived", "resolved"].includes(statuses[ids.indexOf(id) % 4])));
      // A status named twice is listed once.
      expect(
        listMemories(ctx, listMemoriesQuery.parse({ status: "archived,resolved,archived" as never, sort, order, limit: 100 as never })).items.map((m) => m.id),
      ).toEqual(two);
    }
  });
});

describe("updateMemory", () => {
  it("keeps the previous text as a version and reindexes", () => {
    const { memory } = createMemory(ctx, { content: "Use Postgres 15", category: "decision" });
    const updated = updateMemory(ctx, memory.id, updateMemoryInput.parse({ content: "Use Postgres 16", source: "ui", reason: "upgrade" }));
    expect(updated.content).toBe("Use Postgres 16");
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(memory.updatedAt));
    const versions = listVersions(ctx, memory.id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, content: "Use Postgres 15", changedBy: "ui", reason: "upgrade" });
    const hits = (q: string) => ctx.db.all<{ id: string }>(sql`select m.id from memory_fts f join memories m on m.seq = f.rowid where memory_fts match ${q}`);
    expect(hits("16").map((h) => h.id)).toEqual([memory.id]);
    expect(hits("15")).toEqual([]);
  });

  it("redacts secrets in updates", () => {
    const { memory } = createMemory(ctx, { content: "token location" });
    const updated = updateMemory(ctx, memory.id, updateMemoryInput.parse({ content: "use ghp_abcdefghijklmnopqrstuvwxyz0123456789 for CI" }));
    expect(updated.content).toBe("use [REDACTED:github_token] for CI");
  });

  it("refuses content that duplicates another live memory (409) and stale writes (409)", () => {
    createMemory(ctx, { content: "one" });
    const two = createMemory(ctx, { content: "two" }).memory;
    expect(code(() => updateMemory(ctx, two.id, updateMemoryInput.parse({ content: "ONE" })))).toBe("conflict");
    expect(code(() => updateMemory(ctx, two.id, updateMemoryInput.parse({ pinned: true, expectedUpdatedAt: "2000-01-01T00:00:00.000Z" })))).toBe("conflict");
    expect(updateMemory(ctx, two.id, updateMemoryInput.parse({ pinned: true, expectedUpdatedAt: two.updatedAt })).pinned).toBe(true);
  });

  it("rejects an empty change and an unknown id", () => {
    const { memory } = createMemory(ctx, { content: "x" });
    expect(() => updateMemory(ctx, memory.id, updateMemoryInput.parse({}))).toThrow(/nothing to update/);
    expect(code(() => updateMemory(ctx, "missing", updateMemoryInput.parse({ pinned: true })))).toBe("not_found");
  });
});

describe("archive, restore, remove, link", () => {
  it("archives and restores, recording both in the history", () => {
    const { memory } = createMemory(ctx, { content: "temp" });
    expect(archiveMemory(ctx, memory.id).status).toBe("archived");
    expect(restoreMemory(ctx, memory.id).status).toBe("active");
    expect(listVersions(ctx, memory.id).map((v) => v.status)).toEqual(["archived", "active"]);
  });

  it("removes a memory with its versions, links, tags and index rows", () => {
    const a = createMemory(ctx, { content: "a", tags: ["x"] }).memory;
    const b = createMemory(ctx, { content: "b" }).memory;
    updateMemory(ctx, a.id, updateMemoryInput.parse({ content: "a2" }));
    linkMemories(ctx, a.id, b.id, "supersedes");
    const seq = ctx.db.get<{ seq: number }>(sql`select seq from memories where id = ${a.id}`)!.seq;
    removeMemory(ctx, a.id);
    expect(code(() => getMemory(ctx, a.id))).toBe("not_found");
    for (const table of ["memory_versions", "memory_tags", "embedding_queue"]) {
      expect(ctx.db.get<{ n: number }>(sql.raw(`select count(*) as n from ${table} where memory_id = '${a.id}'`))!.n).toBe(0);
    }
    expect(ctx.db.get<{ n: number }>(sql`select count(*) as n from memory_links`)!.n).toBe(0);
    expect(ctx.db.get<{ n: number }>(sql`select count(*) as n from memory_fts where rowid = ${seq}`)!.n).toBe(0);
  });

  it("links idempotently, both directions visible, never to itself or to nothing", () => {
    const a = createMemory(ctx, { content: "a" }).memory;
    const b = createMemory(ctx, { content: "b" }).memory;
    linkMemories(ctx, a.id, b.id, "relates");
    linkMemories(ctx, a.id, b.id, "relates");
    expect(listLinks(ctx, b.id)).toEqual([expect.objectContaining({ from: a.id, to: b.id, kind: "relates" })]);
    expect(code(() => linkMemories(ctx, a.id, a.id))).toBe("bad_request");
    expect(code(() => linkMemories(ctx, a.id, "missing"))).toBe("not_found");
  });
});

describe("suggestions", () => {
  it("are confirmed (made active) when the same memory is stored as active", () => {
    const suggested = createMemory(ctx, { content: "We use tabs in Go files", status: "suggested", source: "extractor", category: "convention" }).memory;
    expect(suggested.status).toBe("suggested");
    const again = createMemory(ctx, { content: "we use tabs in go files", source: "tool" });
    expect(again).toMatchObject({ deduplicated: true, memory: { id: suggested.id, status: "active" } });
    expect(listVersions(ctx, suggested.id)[0]).toMatchObject({ status: "suggested", changedBy: "tool", reason: "confirmed" });
    // A second suggestion of it changes nothing.
    expect(createMemory(ctx, { content: "We use tabs in Go files", status: "suggested", source: "extractor" }).memory.status).toBe("active");
  });
});
