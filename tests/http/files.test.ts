import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, tempDir, type TestServer } from "../helpers/server";

/** Issue 15, "Files": the data dir is 0700 and every file in it 0600, also when it existed before. */
let server: TestServer | undefined;
afterAll(() => server?.stop());

function everyEntry(dir: string): { path: string; mode: number; isDir: boolean }[] {
  const out: { path: string; mode: number; isDir: boolean }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    const st = fs.lstatSync(p);
    out.push({ path: p, mode: st.mode & 0o777, isDir: entry.isDirectory() });
    if (entry.isDirectory()) out.push(...everyEntry(p));
  }
  return out;
}

describe("data dir permissions", () => {
  it("an existing 0755 data dir becomes 0700 with a warning; every file in it ends up 0600", async () => {
    const dataDir = tempDir("recollect-perms-");
    fs.chmodSync(dataDir, 0o755);
    // Left by an older version: a world-readable file and sub-dir.
    fs.mkdirSync(path.join(dataDir, "backups"), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, "backups", "old.db"), "old backup", { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, "backups", "old.db"), 0o644);

    server = await startServer({ dataDir });
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(server.log()).toMatch(/warning: data dir .* was mode 0755, open to other users: now 0700/);

    // Writes that create files: the database and its WAL/SHM, the log, a backup.
    const created = await server.api("/api/memories", { method: "POST", json: { content: "a memory that makes the WAL grow" } });
    expect(created.status).toBe(201);
    const backup = await server.api("/api/maintenance/backup", { method: "POST", json: {} });
    expect(backup.status).toBe(201);

    const entries = everyEntry(dataDir);
    const files = entries.filter((e) => !e.isDir).map((e) => path.relative(dataDir, e.path));
    expect(files).toEqual(expect.arrayContaining(["recollect.db", "recollect.db-wal", "recollect.db-shm", "token", path.join("backups", "old.db")]));
    expect(files.some((f) => f.startsWith(`logs${path.sep}`))).toBe(true);
    expect(files.filter((f) => f.startsWith(`backups${path.sep}recollect-`))).toHaveLength(1);
    for (const e of entries) expect({ path: e.path, mode: e.mode.toString(8) }).toEqual({ path: e.path, mode: e.isDir ? "700" : "600" });
  });
});
