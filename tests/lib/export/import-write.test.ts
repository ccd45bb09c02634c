import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { importMemories, importMemoriesAsync } from "../../../lib/export";
import { importQuery } from "../../../lib/contracts/export";
import { catchUpDerived } from "../../../lib/indexing";
import { createMemory } from "../../../lib/memories";
import { tokenize } from "../../../lib/search/tokenizer";
import { enterWriteGate, writeGateState } from "../../../lib/db/write-gate";
import { yieldToLoop } from "../../../lib/slices";
import { databaseFile } from "../../../lib/paths";
import { ROOT } from "../../../scripts/build-if-needed";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { writeLockHeld } from "../../helpers/write-lock";

/**
 * Issue 37: the server's import plans everything (redaction, look-ups, rows, index rows) in slices
 * and its write transaction only inserts. The write stays all or nothing, a change to the store
 * between the plan and the write is seen (the plan is made again), and the store it leaves is the
 * one the synchronous verb (planned and written in one transaction) leaves.
 */
const open: { close: () => void }[] = [];
const ctx = () => {
  const c = testCtx();
  open.push(c);
  return c;
};
afterEach(() => open.splice(0).forEach((c) => c.close()));

const json = importQuery.parse({ format: "json" });

/** An export of `n` memories: links between them, versions, tags, entities, a secret, a repeat, an invalid entry. */
function exportFile(n: number) {
  const entries: unknown[] = Array.from({ length: n }, (_, i) => ({
    id: `m-${i}`,
    title: `Note ${i}`,
    content: `Note ${i}: the cache for #${i} lives in src/cache/${i}.ts; see https://example.com/n/${i}`,
    category: "note",
    scope: i % 3 ? "global" : "project",
    project: i % 3 ? undefined : { id: "proj-a", name: "shop", identity: "path" },
    tags: ["cache", `t${i % 7}`],
    createdAt: "2026-01-02T03:04:05.000Z",
    links: i ? [{ to: `m-${i - 1}`, kind: "relates", createdAt: "2026-01-02T03:04:05.000Z" }] : [],
    versions:
      i % 10
        ? []
        : [
            {
              version: 1,
              content: `old text ${i} with ghp_0123456789abcdefghijklmnopqrstuvwxyzAB`,
              category: "note",
              pinned: false,
              priority: 0,
              status: "active",
              scope: "global",
              changedBy: "user",
              createdAt: "2026-01-01T00:00:00.000Z",
            },
          ],
  }));
  entries.push({ id: "m-dup", content: "Note 1: the cache for #1 lives in src/cache/1.ts; see https://example.com/n/1", category: "note" });
  entries.push({ content: "token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB in a note", category: "note", createdAt: "2026-01-02T03:04:05.000Z" });
  entries.push({ content: "", category: "no-such-category" });
  return JSON.stringify(entries);
}

/** Every table an import writes, with the store's own ids and seqs left out where they are random. */
function store(c: ReturnType<typeof testCtx>) {
  const rows = (q: string) => c.sqlite.prepare(q).all();
  return {
    memories: rows(
      `SELECT id, project_id, scope, session_id, category, title, content, tags, source, status, pinned, priority, content_hash, metadata,
              created_at, updated_at, last_accessed_at, access_count FROM memories WHERE id LIKE 'm-%' ORDER BY seq`,
    ),
    others: rows("SELECT content FROM memories WHERE id NOT LIKE 'm-%' ORDER BY seq"),
    links: rows("SELECT from_id, to_id, kind, created_at FROM memory_links ORDER BY from_id, to_id"),
    versions: rows("SELECT memory_id, version, content FROM memory_versions ORDER BY memory_id, version"),
    // The lexical index is contentless: what it finds, by the store's ids (new ones as "new").
    fts: ["cache", "note", "redacted"].map((word) =>
      rows(
        `SELECT CASE WHEN m.id LIKE 'm-%' THEN m.id ELSE 'new' END AS id FROM memory_fts f JOIN memories m ON m.seq = f.rowid WHERE memory_fts MATCH '"${tokenize(word)[0]}"' ORDER BY m.seq`,
      ),
    ),
    tags: rows("SELECT t.memory_id, t.tag FROM memory_tags t ORDER BY 1, 2").length,
    entities: rows("SELECT memory_id, kind, value FROM memory_entities WHERE memory_id LIKE 'm-%' ORDER BY 1, 2, 3"),
    queue: rows("SELECT memory_id FROM embedding_queue").length,
    pending: rows("SELECT count(*) AS n FROM memories WHERE seq > (SELECT value FROM embedding_meta WHERE key = 'derived_seq')"),
  };
}

describe("the server's import: planned in slices, written in one transaction", () => {
  it("leaves the same store as the one-transaction verb, index rows included", async () => {
    const file = exportFile(1_200);
    const [a, b] = [ctx(), ctx()];
    const sync = importMemories(a, json, file);
    const sliced = await importMemoriesAsync(b, json, file);
    const withoutNewIds = (r: typeof sync) => ({ ...r, items: r.items.map((i) => ({ ...i, id: i.id?.startsWith("m-") ? i.id : typeof i.id })) });
    expect(withoutNewIds(sliced)).toEqual(withoutNewIds(sync));
    expect(sliced).toMatchObject({ total: 1_203, created: 1_201, duplicates: 1, invalid: 1 });
    expect(store(b)).toEqual(store(a));
    expect(store(b).fts[0]).toHaveLength(1_200);
    expect(store(b).pending).toEqual([{ n: 0 }]);
    expect(store(b).others).toEqual([{ content: "token [REDACTED:github_token] in a note" }]);
  });

  it("writes nothing when the write fails part way", async () => {
    const c = ctx();
    createMemory(c, { content: "Kept before the import." });
    catchUpDerived(c.sqlite); // its index rows now, not by the timer while the import runs
    const before = store(c);
    // The 700th insert fails inside the write transaction (a trigger of the file: the write has a connection of its own).
    c.sqlite.exec("CREATE TRIGGER fail_import BEFORE INSERT ON memories WHEN new.id = 'm-700' BEGIN SELECT RAISE(ABORT, 'disk trouble'); END");
    await expect(importMemoriesAsync(c, json, exportFile(1_000))).rejects.toThrow(/disk trouble/);
    c.sqlite.exec("DROP TRIGGER fail_import");
    expect(store(c)).toEqual(before);
    expect(writeGateState()).toEqual({ held: false, writers: 0, idle: 0 });
  });

  it("sees a memory created between the plan and the write, and plans again", async () => {
    const c = ctx();
    // Another writer gets in after the plan, just before the import's write begins: the test holds
    // the write gate until the planned import waits for it, then creates a memory the file holds.
    const release = await enterWriteGate();
    const importing = importMemoriesAsync(c, json, exportFile(300));
    while (writeGateState().writers === 0) await yieldToLoop();
    createMemory(c, { content: "Note 5: the cache for #5 lives in src/cache/5.ts; see https://example.com/n/5", category: "note" });
    release();
    const report = await importing;
    const five = report.items.find((i) => i.index === 5);
    expect(five).toMatchObject({ outcome: "duplicate" });
    expect(five?.id).not.toBe("m-5");
    // Its link (m-6 -> m-5) now points to the memory that held the text.
    const counted = c.sqlite.prepare("SELECT count(*) AS n FROM memories WHERE content LIKE 'Note 5:%'").get();
    expect(counted).toEqual({ n: 1 });
    expect(c.sqlite.prepare("SELECT to_id FROM memory_links WHERE from_id = 'm-6'").get()).toEqual({ to_id: five?.id });
    expect(store(c).pending).toEqual([{ n: 0 }]);
  });
});

describe("the server's import writes in slices (issue 37: health within 200 ms)", () => {
  it("lets the event loop run while its write transaction is open, and no one sees its rows before the commit", async () => {
    const c = ctx();
    const file = c.sqlite.name;
    let turnsWhileWriting = 0;
    let seenBeforeCommit = 0;
    let done = false;
    // One event-loop turn after another while the import runs: a turn that finds the write lock
    // held ran in the middle of the write transaction (a write of one turn leaves none).
    const turns = (async () => {
      while (!done) {
        if (writeLockHeld(file)) {
          turnsWhileWriting++;
          seenBeforeCommit = Math.max(seenBeforeCommit, (c.sqlite.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n);
        }
        await yieldToLoop();
      }
    })();
    const report = await importMemoriesAsync(c, json, exportFile(2_000));
    done = true;
    await turns;
    expect(report.created).toBe(2_001);
    expect(turnsWhileWriting, "event-loop turns inside the write transaction").toBeGreaterThanOrEqual(5);
    expect(seenBeforeCommit, "rows the server's connection saw before the commit").toBe(0);
    expect(store(c).pending).toEqual([{ n: 0 }]);
    expect(writeGateState().held).toBe(false);
  });

  it("has the server's near-duplicate index read the new memories before it answers, so the next check holds nothing", async () => {
    const c = ctx();
    // Built, as the server builds it at start: the import's rows arrive from another connection.
    while (c.services.nearDuplicates.buildSlice(500));
    const report = await importMemoriesAsync(c, json, exportFile(1_000));
    expect(report.created).toBe(1_001);
    // Without the catch-up in slices, the next create's check read and tokenized all 1,001 in one go.
    expect(c.services.nearDuplicates.catchUpSlice(1), "new memories left for the next check").toBe(false);
    // And the index answers from what it read: a near copy of an imported memory is found.
    const near = createMemory(c, { content: "Note 7: the cache for #7 lives in src/cache/7.ts; see https://example.com/n/7 now", category: "note" });
    expect(near.deduplicated).toBe(true);
    expect(near.memory.id).toBe("m-7");
  });

  it("leaves nothing after kill -9 in the middle of its write", { timeout: 300_000 }, async () => {
    const dataDir = tempDir();
    const module = (file: string) => JSON.stringify(path.join(ROOT, file));
    // The child stops for good after a few turns inside the write transaction (the write lock held,
    // some chunks inserted, nothing committed), says so, and is killed there.
    const script = [
      `import { testCtx } from ${module("tests/helpers/ctx.ts")};`,
      `import { importMemoriesAsync } from ${module("lib/export/index.ts")};`,
      `import { importQuery } from ${module("lib/contracts/export.ts")};`,
      `import { writeGateState } from ${module("lib/db/write-gate.ts")};`,
      `const c = testCtx({ dataDir: ${JSON.stringify(dataDir)} });`,
      `const body = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ content: "Imported note " + i + " about the cache", tags: ["t" + (i % 9)] })));`,
      `let turns = 0;`,
      `const watch = () => { if (writeGateState().held && ++turns === 3) { process.stdout.write("writing\\n"); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); } setImmediate(watch); };`,
      `watch();`,
      `await importMemoriesAsync(c, importQuery.parse({ format: "json" }), body);`,
      `process.stdout.write("committed\\n");`,
    ].join("\n");
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d) => {
        out += d;
        if (out.includes("writing")) resolve();
        if (out.includes("committed")) reject(new Error("the import committed in one turn: no turn ran inside its write"));
      });
      child.on("exit", () => reject(new Error(`the child ended before its write: ${out} ${err}`)));
    });
    const file = databaseFile(dataDir);
    expect(writeLockHeld(file)).toBe(true);
    child.kill("SIGKILL");
    await exited;
    expect(out).not.toContain("committed");
    // Opened again the way Recollect opens it: the uncommitted transaction is gone, the file is sound.
    const reopened = testCtx({ dataDir });
    open.push(reopened);
    const count = (table: string) => (reopened.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(["memories", "memory_fts", "memory_tags", "memory_entities", "embedding_queue"].map(count)).toEqual([0, 0, 0, 0, 0]);
    expect(reopened.sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
  });
});
