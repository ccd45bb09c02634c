import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ingestNotesInput } from "../../../lib/contracts/notes";
import { catchUpDerived } from "../../../lib/indexing";
import { ingestNotes, ingestNotesAsync } from "../../../lib/notes/ingest-notes";
import { yieldToLoop } from "../../../lib/slices";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { writeLockHeld } from "../../helpers/write-lock";

/**
 * Issue 37: the server's notes ingest decides every note and computes its index rows in slices,
 * and its write transaction only applies that plan: the same answer and store as the synchronous
 * verb, a first ingest and a re-ingest after edits, and nothing written when the write fails.
 */
const ctxs: ReturnType<typeof testCtx>[] = [];
afterEach(() => ctxs.splice(0).forEach((c) => c.close()));
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};

function notes(root: string, edit: number) {
  for (let f = 0; f < 3; f++) {
    const items = Array.from({ length: 150 }, (_, i) => `- step ${i} of file ${f}: run \`make test-${i}\` (#${i})${i % 50 === edit ? " edited" : ""}`);
    const text = `# Notes ${f}\n\n## Decisions\n\n${items.join("\n")}\n\n## Gotchas\n\nThe cache for ${f} lives in src/cache.ts.\n`;
    fs.writeFileSync(path.join(root, `notes-${f}.md`), edit === 2 && f === 2 ? "# Notes 2\n" : text);
  }
}

/** The store's memories and index rows, new ids replaced by their order. */
function store(c: ReturnType<typeof testCtx>) {
  const order = new Map((c.sqlite.prepare("SELECT id FROM memories ORDER BY seq").pluck().all() as string[]).map((id, i) => [id, i]));
  const id = (v: unknown) => order.get(v as string) ?? v;
  return {
    memories: (
      c.sqlite.prepare("SELECT id, title, content, tags, status, metadata, category FROM memories ORDER BY seq").all() as Record<string, unknown>[]
    ).map((r) => ({ ...r, id: id(r.id) })),
    versions: (c.sqlite.prepare("SELECT memory_id, version, content FROM memory_versions ORDER BY memory_id, version").all() as Record<string, unknown>[]).map(
      (r) => ({ ...r, memory_id: id(r.memory_id) }),
    ),
    fts: c.sqlite.prepare("SELECT rowid FROM memory_fts WHERE memory_fts MATCH 'step' ORDER BY rowid").pluck().all(),
    entities: c.sqlite.prepare("SELECT count(*) FROM memory_entities").pluck().get(),
    tags: c.sqlite.prepare("SELECT count(*) FROM memory_tags").pluck().get(),
  };
}

describe("the server's notes ingest: planned in slices, written in one transaction", () => {
  it("gives the same answer and store as the one-transaction verb, first and after edits", async () => {
    const root = tempDir("notes-write-");
    const [a, b] = [fresh(), fresh()];
    const input = ingestNotesInput.parse({ path: root, scope: "global" });
    const withoutIds = (r: ReturnType<typeof ingestNotes>) => ({ ...r, notes: r.notes.map(({ id, ...n }) => ({ ...n, id: typeof id })) });
    for (const edit of [-1, 7, 2]) {
      notes(root, edit);
      const sync = ingestNotes(a, input);
      const sliced = await ingestNotesAsync(b, input);
      expect(withoutIds(sliced)).toEqual(withoutIds(sync));
      expect(store(b)).toEqual(store(a));
    }
    const last = store(b);
    expect(last.fts.length).toBeGreaterThan(400);
    expect(last.versions.length).toBeGreaterThan(0);
    expect(last.memories.some((m) => (m as { status?: unknown }).status === "archived")).toBe(true);
  });

  it("writes nothing when the write fails part way", async () => {
    const root = tempDir("notes-fail-");
    notes(root, -1);
    const c = fresh();
    const input = ingestNotesInput.parse({ path: root, scope: "global" });
    await ingestNotesAsync(c, input);
    catchUpDerived(c.sqlite);
    const before = store(c);
    notes(root, 7);
    // A trigger of the file, not TEMP: the write runs on a connection of its own (lib/db/sliced-write.ts).
    c.sqlite.exec(
      "CREATE TRIGGER fail_ingest BEFORE UPDATE ON memories WHEN new.content LIKE '%step 107 of file 2%edited%' BEGIN SELECT RAISE(ABORT, 'disk trouble'); END",
    );
    await expect(ingestNotesAsync(c, input)).rejects.toThrow(/disk trouble/);
    c.sqlite.exec("DROP TRIGGER fail_ingest");
    expect(store(c)).toEqual(before);
  });

  it("lets the event loop run inside its write transaction (issue 37: health within 200 ms)", async () => {
    const root = tempDir("notes-turns-");
    notes(root, -1);
    const c = fresh();
    // A turn of the event loop that finds the write lock held (asked from a third connection,
    // without waiting) ran in the middle of the ingest's write; a write of one turn leaves none.
    let turnsWhileWriting = 0;
    let done = false;
    const turns = (async () => {
      for (; !done; await yieldToLoop()) if (writeLockHeld(c.sqlite.name)) turnsWhileWriting++;
    })();
    const result = await ingestNotesAsync(c, ingestNotesInput.parse({ path: root, scope: "global" }));
    done = true;
    await turns;
    expect(result.counts.new).toBeGreaterThan(450);
    expect(turnsWhileWriting, "event-loop turns inside the write transaction").toBeGreaterThanOrEqual(1);
  });
});
