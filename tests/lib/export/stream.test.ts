import { afterEach, describe, expect, it } from "vitest";
import { exportQuery } from "../../../lib/contracts/export";
import { updateMemoryInput } from "../../../lib/contracts/memories";
import { EXPORT_PAGE, exportMemories, exportMemoriesStream } from "../../../lib/export";
import { createMemory, linkMemories, updateMemory } from "../../../lib/memories";
import { removeMemory } from "../../../lib/memories/remove";
import { projects } from "../../../lib/db/schema";
import { testCtx } from "../../helpers/ctx";

/**
 * Issue 37: the server's export read every row, link and version in one query each and built the
 * whole file as one string (31 MB held /api/health for 4 s at load). It now reads a page at a time
 * on a snapshot and streams the file. Without a clock: with a zero slice every pull sends one
 * piece (a memory), so the chunks are counted; the bytes must equal the one-piece export's, and
 * writes made while the stream runs must not show in it.
 */
const open: { close: () => void }[] = [];
afterEach(() => open.splice(0).forEach((c) => c.close()));

const now = new Date("2026-11-28T00:00:00Z");
// Two pages, the second part-full.
const MEMORIES = EXPORT_PAGE + 50;

function store() {
  const c = testCtx();
  open.push(c);
  // Two projects whose names sort apart from their ids, one without a name.
  for (const [id, name] of [
    ["proj-0", "zeta"],
    ["proj-1", "alpha"],
    ["proj-2", ""],
    ["proj-3", "alpha"],
  ])
    c.db
      .insert(projects)
      .values({ id, name, rootPath: `/src/${id}`, identity: "path" })
      .run();
  const ids: string[] = [];
  for (let i = 0; i < MEMORIES; i++) {
    const scope = i % 3 === 0 ? "global" : i % 3 === 1 ? "project" : "session";
    const m = createMemory(c, {
      content: `Memory ${i}: ~~~ fenced\n"quoted" <b> \u2028 ${"text ".repeat(i % 40)}${i % 17 ? "" : "\r\nwith CR"}`,
      title: i % 4 ? `Title ${i}` : undefined,
      category: (["note", "decision", "gotcha"] as const)[i % 3],
      scope,
      project: scope === "global" ? undefined : `proj-${i % 4}`,
      sessionId: scope === "session" ? `ses_${i % 5}` : undefined,
      tags: i % 2 ? ["a", `t${i % 9}`] : [],
      metadata: i % 5 ? {} : { n: i, nested: { s: "a\nb" } },
    }).memory;
    ids.push(m.id);
  }
  for (let i = 0; i + 1 < MEMORIES; i += 7) linkMemories(c, ids[i], ids[i + 1]);
  for (let i = 0; i < MEMORIES; i += 11) updateMemory(c, ids[i], updateMemoryInput.parse({ content: `Memory ${i}, rewritten` }));
  return { c, ids };
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return { text: Buffer.concat(parts).toString("utf8"), chunks: parts.length };
}

describe("the streamed export", () => {
  for (const format of ["json", "markdown"] as const) {
    it(`${format}: equals the one-piece export byte for byte and sends at least one chunk a memory`, async () => {
      const { c } = store();
      const q = exportQuery.parse({ format, status: "all" });
      const whole = exportMemories(c, q, now).body;
      const streamed = await exportMemoriesStream(c, q, now, 0);
      expect(streamed.count).toBe(MEMORIES);
      const { text, chunks } = await drain(streamed.body);
      expect(text).toBe(whole);
      expect(chunks).toBeGreaterThanOrEqual(MEMORIES);
    });
  }

  it("shows the store as it was when it started, while writes go on between its slices", async () => {
    const { c, ids } = store();
    const q = exportQuery.parse({ format: "json", status: "all" });
    const before = exportMemories(c, q, now).body;
    const streamed = await exportMemoriesStream(c, q, now, 0);
    const reader = streamed.body.getReader();
    const parts: Uint8Array[] = [(await reader.read()).value as Uint8Array];
    // Written on the server's connection after the first slice: a memory of a later page removed, one changed, one added.
    removeMemory(c, ids[MEMORIES - 1]);
    updateMemory(c, ids[MEMORIES - 2], updateMemoryInput.parse({ content: "changed while exporting" }));
    createMemory(c, { content: "added while exporting" });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
    expect(Buffer.concat(parts).toString("utf8")).toBe(before);
    expect(exportMemories(c, q, now).body).not.toBe(before);
  });

  it("a client that goes away releases the snapshot: writes and a later export go on", async () => {
    const { c } = store();
    const q = exportQuery.parse({ format: "markdown", status: "all" });
    const streamed = await exportMemoriesStream(c, q, now, 0);
    const reader = streamed.body.getReader();
    await reader.read();
    createMemory(c, { content: "after the cancelled export" });
    // A checkpoint that truncates the log waits for every reader: busy while the snapshot is held.
    c.sqlite.pragma("busy_timeout = 0");
    const truncate = () => (c.sqlite.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[])[0].busy;
    expect(truncate()).toBe(1);
    await reader.cancel();
    expect(truncate()).toBe(0);
    expect(exportMemories(c, q, now).body).toContain("after the cancelled export");
  });
});
