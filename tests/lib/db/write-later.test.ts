import { spawnSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { cancelWriteLater, writeLater } from "../../../lib/db/write-later";
import { databaseFile } from "../../../lib/paths";
import { ROOT } from "../../../scripts/build-if-needed";
import { tempDir } from "../../helpers/server";

describe("writeLater", () => {
  it("writes once, after the delay, and not at all when cancelled", () => {
    vi.useFakeTimers();
    const db = new Database(":memory:");
    try {
      const writes: string[] = [];
      writeLater(db, "a", 20, () => writes.push("a"));
      writeLater(db, "a", 20, () => writes.push("a again")); // already due: no second timer
      writeLater(db, "b", 20, () => writes.push("b"));
      cancelWriteLater(db, "b");
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(19);
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(writes).toEqual(["a"]);
      vi.advanceTimersByTime(1000);
      expect(writes).toEqual(["a"]);
    } finally {
      vi.useRealTimers();
      db.close();
    }
  });

  it("writes what is due when the process exits normally (a new memory's index rows)", () => {
    const dataDir = tempDir();
    const module = (file: string) => JSON.stringify(path.join(ROOT, file));
    const script = [
      `import { testCtx } from ${module("tests/helpers/ctx.ts")};`,
      `import { createMemory } from ${module("lib/memories/index.ts")};`,
      `createMemory(testCtx({ dataDir: ${JSON.stringify(dataDir)} }), { content: "stored just before the process exits" });`,
    ].join("\n");
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    // Read without opening the way Recollect does (that would catch up itself).
    const db = new Database(databaseFile(dataDir), { readonly: true });
    try {
      expect(db.prepare("SELECT value FROM embedding_meta WHERE key = 'derived_seq'").get()).toEqual({ value: "1" });
      expect(db.prepare("SELECT rowid FROM memory_fts WHERE memory_fts MATCH 'exit'").all()).toEqual([{ rowid: 1 }]);
    } finally {
      db.close();
    }
  });
});
