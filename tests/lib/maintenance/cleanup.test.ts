import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../../lib/open-store";
import { backup } from "../../../lib/maintenance/backup";
import { cleanup } from "../../../lib/maintenance/cleanup";
import { vacuum } from "../../../lib/maintenance/vacuum";
import { createMemory, getMemory } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

import { backupInput, cleanupInput, vacuumInput } from "../../../lib/contracts/maintenance";
const ctxs: ReturnType<typeof testCtx>[] = [];
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};
afterEach(() => {
  while (ctxs.length) ctxs.pop()!.close();
});

const DAY = 86_400_000;

function seed(ctx: ReturnType<typeof testCtx>) {
  const ids: Record<string, string> = {};
  const add = (key: string, input: Parameters<typeof createMemory>[1], ageDays = 0) => {
    const m = createMemory(ctx, input).memory;
    if (ageDays) ctx.sqlite.prepare("UPDATE memories SET created_at = ? WHERE id = ?").run(Date.now() - ageDays * DAY, m.id);
    ids[key] = m.id;
  };
  add("oldNote", { content: "an old note about the build", category: "note" }, 100);
  add("oldPinned", { content: "an old pinned constraint", category: "constraint", pinned: true }, 100);
  add("oldDecision", { content: "an old decision on postgres", category: "decision" }, 40);
  add("newNote", { content: "a fresh note", category: "note" });
  add("suggested", { content: "a suggested gotcha", category: "gotcha", status: "suggested" }, 10);
  return ids;
}

describe("cleanup", () => {
  it("refuses to run without any filter", () => {
    const ctx = fresh();
    expect(() => cleanup(ctx, cleanupInput.parse({}))).toThrow(/at least one filter/);
  });

  it("dry run counts and samples without changing anything", () => {
    const ctx = fresh();
    const ids = seed(ctx);
    const r = cleanup(ctx, cleanupInput.parse({ olderThanDays: 30, dryRun: true }));
    expect(r.matched).toBe(2); // the pinned one is kept by default
    expect(r.affected).toBe(0);
    expect(r.sample.map((s) => s.id).sort()).toEqual([ids.oldNote, ids.oldDecision].sort());
    expect(getMemory(ctx, ids.oldNote).id).toBe(ids.oldNote);
  });

  it("deletes by age for good, keeping pinned memories and cleaning the index", () => {
    const ctx = fresh();
    const ids = seed(ctx);
    const r = cleanup(ctx, cleanupInput.parse({ olderThanDays: 30 }));
    expect(r).toMatchObject({ matched: 2, affected: 2, remaining: 0, action: "delete" });
    expect(() => getMemory(ctx, ids.oldNote)).toThrow(/not found|no memory/i);
    expect(getMemory(ctx, ids.oldPinned).pinned).toBe(true);
    const fts = ctx.sqlite.prepare("SELECT count(*) AS n FROM memory_fts").get() as { n: number };
    const rows = ctx.sqlite.prepare("SELECT count(*) AS n FROM memories").get() as { n: number };
    expect(fts.n).toBe(rows.n);
    const queue = ctx.sqlite.prepare("SELECT count(*) AS n FROM embedding_queue WHERE memory_id NOT IN (SELECT id FROM memories)").get() as { n: number };
    expect(queue.n).toBe(0);
  });

  it("combines filters (category and status) and includes pinned on request", () => {
    const ctx = fresh();
    const ids = seed(ctx);
    expect(cleanup(ctx, cleanupInput.parse({ category: ["gotcha"], status: ["suggested"] })).affected).toBe(1);
    expect(() => getMemory(ctx, ids.suggested)).toThrow();
    expect(cleanup(ctx, cleanupInput.parse({ olderThanDays: 60, includePinned: true, dryRun: true })).matched).toBe(2);
  });

  it("archives instead of deleting, and reports unknown ids", () => {
    const ctx = fresh();
    const ids = seed(ctx);
    const r = cleanup(ctx, cleanupInput.parse({ ids: [ids.newNote, "nope-1"], action: "archive" }));
    expect(r.affected).toBe(1);
    expect(r.unknownIds).toEqual(["nope-1"]);
    expect(getMemory(ctx, ids.newNote).status).toBe("archived");
    // Archiving again matches nothing.
    expect(cleanup(ctx, cleanupInput.parse({ ids: [ids.newNote], action: "archive" })).matched).toBe(0);
  });

  it("honours limit, leaving the rest for the next call", () => {
    const ctx = fresh();
    for (let i = 0; i < 7; i++) createMemory(ctx, { content: `memory number ${i}`, category: "fact" });
    const first = cleanup(ctx, cleanupInput.parse({ category: ["fact"], limit: 5 }));
    expect(first).toMatchObject({ matched: 7, affected: 5, remaining: 2 });
    expect(cleanup(ctx, cleanupInput.parse({ category: ["fact"], limit: 5 }))).toMatchObject({ matched: 2, affected: 2, remaining: 0 });
  });
});

describe("backup and vacuum", () => {
  it("backs up a consistent, checked copy while writes go on", async () => {
    const ctx = fresh();
    for (let i = 0; i < 200; i++) createMemory(ctx, { content: `backup memory ${i} ${"x".repeat(500)}` });
    const dest = path.join(tempDir(), "copy.db");
    let writes = 0;
    const writer = setInterval(() => {
      createMemory(ctx, { content: `written during the backup ${writes++}` });
    }, 1);
    const r = await backup(ctx, backupInput.parse({ destination: dest }));
    clearInterval(writer);
    expect(r.integrity).toBe("ok");
    expect(r.path).toBe(dest);
    // One committed state: once opened, index and rows agree (memories still pending in the copy
    // are indexed by the open, as after a crash).
    const copy = openStore(dest).sqlite;
    const n = (copy.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
    const fts = (copy.prepare("SELECT count(*) AS n FROM memory_fts").get() as { n: number }).n;
    copy.close();
    expect(n).toBeGreaterThanOrEqual(200);
    expect(fts).toBe(n);
    expect(fs.statSync(dest).mode & 0o077).toBe(0);
    await expect(backup(ctx, backupInput.parse({ destination: dest }))).rejects.toThrow(/exists/);
    await expect(backup(ctx, backupInput.parse({ destination: dest, overwrite: true }))).resolves.toMatchObject({ integrity: "ok" });
  });

  it("writes to <dataDir>/backups by default and refuses the live file", async () => {
    const ctx = fresh();
    const r = await backup(ctx, backupInput.parse({}));
    expect(path.dirname(r.path)).toBe(path.join(ctx.dataDir, "backups"));
    await expect(backup(ctx, backupInput.parse({ destination: ctx.sqlite.name, overwrite: true }))).rejects.toThrow(/live database/);
  });

  it("full vacuum turns incremental auto-vacuum on for an old database", () => {
    const ctx = fresh();
    expect(vacuum(ctx, vacuumInput.parse({})).before.autoVacuum).toBe("incremental");
    ctx.sqlite.pragma("auto_vacuum = NONE");
    ctx.sqlite.exec("VACUUM");
    const inc = vacuum(ctx, vacuumInput.parse({ mode: "incremental" }));
    expect(inc.hint).toMatch(/full vacuum/);
    const full = vacuum(ctx, vacuumInput.parse({ mode: "full" }));
    expect(full.after.autoVacuum).toBe("incremental");
  });
});

describe("housekeeping", () => {
  it("vacuums only when free pages pile up", async () => {
    const { housekeep } = await import("../../../lib/maintenance/housekeeping");
    const ctx = fresh();
    expect(housekeep(ctx).vacuumed).toBe(false);
    const ids = Array.from({ length: 400 }, (_, i) => createMemory(ctx, { content: `filler ${i} ${"y".repeat(4000)}` }).memory.id);
    // Delete without the cleanup verb (it would vacuum itself): the way single deletes leave pages.
    ctx.sqlite.prepare(`DELETE FROM memories WHERE id IN (${ids.map(() => "?").join(",")})`).run(...ids);
    ctx.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    expect(ctx.sqlite.pragma("freelist_count", { simple: true })).toBeGreaterThan(100);
    const r = housekeep(ctx);
    expect(r.vacuumed).toBe(true);
    expect(ctx.sqlite.pragma("freelist_count", { simple: true })).toBe(0);
  });
});

describe("cleanup with vectors", () => {
  it("removes the deleted memories' vectors too", async () => {
    const { createVectorTable, countVectors } = await import("../../../lib/db/virtual-tables");
    const { writeVectors } = await import("../../../lib/embeddings/write-vectors");
    const ctx = fresh();
    createVectorTable(ctx.sqlite, 4);
    const rows = [0, 1, 2].map((i) => createMemory(ctx, { content: `vector memory ${i}`, category: i === 0 ? "fact" : "note" }).memory);
    const meta = ctx.sqlite.prepare("SELECT seq, project_id AS projectId, scope, category, status, session_id AS sessionId FROM memories").all() as never[];
    ctx.sqlite.transaction(() =>
      writeVectors(
        ctx.sqlite,
        meta,
        meta.map(() => new Float32Array([1, 0, 0, 0])),
      ),
    )();
    expect(countVectors(ctx.sqlite)).toBe(3);
    expect(cleanup(ctx, cleanupInput.parse({ category: ["note"] })).affected).toBe(2);
    expect(countVectors(ctx.sqlite)).toBe(1);
    expect(getMemory(ctx, rows[0].id).id).toBe(rows[0].id);
  });
});
