import { describe, expect, it, vi } from "vitest";
import { archiveMemory, createMemory, removeMemory, restoreMemory, updateMemory } from "../../../lib/memories";
import type { Placement } from "../../../lib/memories/scope";
import { CHANGE_LOG_KEPT, trimChangeLog } from "../../../lib/maintenance/change-log";
import { processSingleton } from "../../../lib/process-singleton";
import { warmNearDuplicateIndex } from "../../../lib/indexing/near-duplicate-warm";
import { tokenize } from "../../../lib/search/tokenizer";
import type { testCtx } from "../../helpers/ctx";
import { ctxsClosedAfterEach } from "../../helpers/ctxs";
import { tempDir } from "../../helpers/server";

import { updateMemoryInput } from "../../../lib/contracts/memories";
// The in-memory index behind the lexical near-duplicate check (lib/indexing/near-duplicate-index.ts):
// it must agree with the database whoever writes to it, and after a rollback.

const fresh = ctxsClosedAfterEach();

const GLOBAL: Placement = { scope: "global", projectId: null, sessionId: null };
const WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango".split(" ");
/** 20 words; `drop` and `add` change some (each change costs about 0.05 of Jaccard similarity). */
const text = (drop: string[] = [], add: string[] = []) => [...WORDS.filter((w) => !drop.includes(w)), ...add].join(" ");
const closest = (ctx: ReturnType<typeof testCtx>, content: string, placement = GLOBAL) =>
  ctx.sqlite.transaction(() => ctx.services.nearDuplicates.closest(placement, [...new Set(tokenize(content))], 0.9))()?.seq;
const seqOf = (ctx: ReturnType<typeof testCtx>, m: { id: string }) =>
  (ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").get(m.id) as { seq: number }).seq;
/** A memory stored and found by a first check (so the index is built), and a second connection to the same database. */
function storedAndIndexed() {
  const ctx = fresh();
  const other = fresh(ctx.dataDir);
  const m = createMemory(ctx, { content: text() }).memory;
  expect(closest(ctx, text())).toBe(seqOf(ctx, m));
  return { ctx, other, m };
}

describe("near-duplicate index", () => {
  it("returns the most similar live memory of the placement, not one elsewhere", () => {
    const ctx = fresh();
    // An exact copy in a project: another placement, never the answer for the global scope.
    createMemory(ctx, { content: text(), directory: tempDir() });
    const close = createMemory(ctx, { content: text(["alpha"]) }).memory; // 19/20 = 0.95
    const farther = createMemory(ctx, { content: text(["bravo"], ["zulu"]) }); // 19/21 = 0.905, and 18/21 to `close`
    expect(farther.deduplicated).toBe(false);
    expect(closest(ctx, text())).toBe(seqOf(ctx, close));
    expect(createMemory(ctx, { content: text() })).toMatchObject({ deduplicated: true, duplicateOf: close.id });
    expect(closest(ctx, text(["alpha", "bravo", "charlie"]))).toBeUndefined(); // 17/20 = 0.85
  });

  it("follows what another connection changes: text, archive, restore, delete, new memories", () => {
    const { ctx, other, m } = storedAndIndexed();

    const replaced = "the deploy pipeline runs migrations before the canary, then waits ten minutes for alerts";
    updateMemory(other, m.id, updateMemoryInput.parse({ content: replaced }));
    expect(closest(ctx, replaced)).toBe(seqOf(ctx, m));
    expect(closest(ctx, text())).toBeUndefined();

    archiveMemory(other, m.id);
    expect(closest(ctx, replaced)).toBeUndefined();
    restoreMemory(other, m.id);
    expect(closest(ctx, replaced)).toBe(seqOf(ctx, m));
    removeMemory(other, m.id);
    expect(closest(ctx, replaced)).toBeUndefined();

    const added = createMemory(other, { content: text(["alpha"]) }).memory;
    expect(closest(ctx, text())).toBe(seqOf(ctx, added));
    // Plain SQL is logged by the triggers too: moved to a project, it leaves the global scope.
    other.sqlite.prepare("UPDATE memories SET scope = 'project', project_id = NULL WHERE id = ?").run(added.id);
    expect(closest(ctx, text())).toBeUndefined();
  });

  it("checks a hit against its row: a whole-row REPLACE, which no trigger logs, makes no false duplicate", () => {
    const { ctx, other, m } = storedAndIndexed();
    const lunch = "the canteen serves lunch from noon to two, and the menu changes on mondays";
    other.sqlite
      .prepare(
        `INSERT OR REPLACE INTO memories (seq, id, scope, category, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at)
         SELECT seq, id, scope, category, ?, tags, source, status, pinned, priority, 'other', metadata, created_at, updated_at FROM memories WHERE id = ?`,
      )
      .run(lunch, m.id);
    expect(createMemory(ctx, { content: text(["alpha"]) }).deduplicated).toBe(false);
    expect(closest(ctx, lunch)).toBe(seqOf(ctx, m));
  });

  it("forgets what a rolled-back transaction wrote, and finds the row that takes its seq", () => {
    const ctx = fresh();
    const other = fresh(ctx.dataDir);
    createMemory(ctx, { content: "an older memory about something else entirely" });
    const rolledBack = text();
    expect(() =>
      ctx.sqlite.transaction(() => {
        createMemory(ctx, { content: rolledBack });
        // Read into the index inside the transaction: the next check must not trust it.
        expect(closest(ctx, rolledBack)).toBeDefined();
        throw new Error("abort");
      })(),
    ).toThrow("abort");
    expect(closest(ctx, rolledBack)).toBeUndefined();
    // The rolled-back seq is free again (AUTOINCREMENT's counter rolled back too): another
    // connection's memory takes it, and must be found.
    const reused = "the staging database is reset every sunday at midnight from the anonymized dump";
    const taken = createMemory(other, { content: reused }).memory;
    expect(closest(ctx, reused)).toBe(seqOf(ctx, taken));
    expect(closest(ctx, rolledBack)).toBeUndefined();
  });

  it("builds itself again when the change log was trimmed past what it read", () => {
    const ctx = fresh();
    const other = fresh(ctx.dataDir);
    const a = createMemory(ctx, { content: text() }).memory;
    const b = createMemory(ctx, { content: "the release train leaves every tuesday, hotfixes go through the same checklist" }).memory;
    expect(closest(ctx, text())).toBe(seqOf(ctx, a));
    const newA = "feature flags are removed two weeks after a full rollout, by whoever added them";
    updateMemory(other, a.id, updateMemoryInput.parse({ content: newA }));
    updateMemory(other, b.id, updateMemoryInput.parse({ content: "the release train leaves every thursday now" }));
    // Only the last entry is left: reading it alone would miss the change of `a`.
    other.sqlite.prepare("DELETE FROM memory_changes WHERE id < (SELECT max(id) FROM memory_changes)").run();
    expect(closest(ctx, newA)).toBe(seqOf(ctx, a));
    expect(closest(ctx, text())).toBeUndefined();
  });

  it("trims the change log to its last entries, once this connection's index has read them", () => {
    const { ctx, other, m } = storedAndIndexed();
    const changed = "the on-call handover happens at nine, with the open incidents read aloud";
    updateMemory(other, m.id, updateMemoryInput.parse({ content: changed }));
    const insert = other.sqlite.prepare("INSERT INTO memory_changes (seq) VALUES (0)");
    other.sqlite.transaction(() => {
      for (let i = 0; i < CHANGE_LOG_KEPT + 5; i++) insert.run();
    })();
    const entries = () => ctx.sqlite.prepare("SELECT count(*) FROM memory_changes").pluck().get() as number;
    const before = entries();
    const reset = vi.spyOn(ctx.services.nearDuplicates, "reset");
    expect(trimChangeLog(ctx.sqlite, ctx.services.nearDuplicates)).toBe(before - CHANGE_LOG_KEPT);
    expect(entries()).toBe(CHANGE_LOG_KEPT);
    // The change of `m` was trimmed away, but read first: no build from scratch.
    expect(closest(ctx, changed)).toBe(seqOf(ctx, m));
    expect(reset).not.toHaveBeenCalled();
  });

  it("is built in slices off the request path, and keeps up with changes made between slices", async () => {
    const writer = fresh();
    const ids = writer.sqlite.transaction(() =>
      Array.from({ length: 300 }, (_, i) => createMemory(writer, { content: `memory ${i}: ${text([WORDS[i % 20]], [`w${i}`])}` }).memory.id),
    )();
    const ctx = fresh(writer.dataDir);
    const index = ctx.services.nearDuplicates;
    expect(index.buildSlice(100)).toBe(true); // more to do
    // Between slices: a memory already read changes, one not read yet goes.
    updateMemory(writer, ids[10], updateMemoryInput.parse({ content: "rotate the signing keys every ninety days, the runbook is in the ops wiki" }));
    removeMemory(writer, ids[250]);
    warmNearDuplicateIndex(index, ctx.sqlite, 50);
    await vi.waitFor(() => expect(index.ready).toBe(true), { timeout: 30_000, interval: 20 });
    expect(closest(ctx, "rotate the signing keys every ninety days, the runbook is in the ops wiki")).toBe(seqOf(ctx, { id: ids[10] }));
    expect(closest(ctx, `memory 250: ${text([WORDS[250 % 20]], ["w250"])}`)).toBeUndefined();
    expect(closest(ctx, `memory 123: ${text([WORDS[123 % 20]], ["w123"])}`)).toBe(seqOf(ctx, { id: ids[123] }));
  });

  it("finishes its build on an idle server, with nothing else waking the event loop", async () => {
    const writer = fresh();
    writer.sqlite.transaction(() => {
      for (let i = 0; i < 200; i++) createMemory(writer, { content: `memory ${i}: ${text([WORDS[i % 20]], [`w${i}`])}` });
    })();
    const ctx = fresh(writer.dataDir);
    const index = ctx.services.nearDuplicates;
    warmNearDuplicateIndex(index, ctx.sqlite, 10);
    // Until the build ends, a referenced immediate keeps the loop awake: slices scheduled with an
    // unref'd one ran one per wake-up of the loop, so an idle server never finished. Node lists
    // only what keeps the loop alive; at each check this test's own immediate has already run.
    for (let turns = 0; !index.ready; turns++) {
      expect(turns).toBeLessThan(100);
      expect(process.getActiveResourcesInfo()).toContain("Immediate");
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it("is one index per connection, kept in the boot state every copy of a module shares (Next.js loads one per bundle)", async () => {
    const ctx = fresh();
    vi.resetModules();
    const copy = await import("../../../lib/process-singleton");
    expect(copy.processSingleton).not.toBe(processSingleton);
    // boot() keeps its Ctx, and so ctx.services.nearDuplicates, with processSingleton. Two indexes
    // on one connection would each take the other's stamp for a rollback, and the boot's warm-up
    // and every store would build the whole index again, over and over.
    const state = processSingleton("nearDuplicateTest", () => ({ ctx }));
    expect(copy.processSingleton("nearDuplicateTest", () => ({ ctx: fresh(ctx.dataDir) })).ctx.services.nearDuplicates).toBe(ctx.services.nearDuplicates);
    expect(state.ctx).toBe(ctx);
    expect(fresh(ctx.dataDir).services.nearDuplicates).not.toBe(ctx.services.nearDuplicates);
  });

  it("keeps session memories apart by session", () => {
    const ctx = fresh();
    const dir = tempDir();
    const s1 = createMemory(ctx, { content: text(), scope: "session", sessionId: "s1", directory: dir }).memory;
    expect(createMemory(ctx, { content: text(["alpha"]), scope: "session", sessionId: "s2", directory: dir }).deduplicated).toBe(false);
    expect(createMemory(ctx, { content: text(["alpha"]), scope: "session", sessionId: "s1", directory: dir })).toMatchObject({
      deduplicated: true,
      duplicateOf: s1.id,
    });
  });
});
