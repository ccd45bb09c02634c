import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../scripts/build-if-needed";
import { tempDir } from "../../helpers/server";

/**
 * `walBacklog` reads the WAL index (`-shm`) that SQLite has mapped and locked. POSIX record locks
 * belong to the process: a descriptor of that file opened and closed beside SQLite's drops the
 * process's shared lock on the index. Another process opening the database then takes itself for
 * the first, truncates the index under the writer's mapping, and the writer dies of SIGBUS at its
 * next write (the server did, in `secrets-at-rest.test.ts`, when its access flush met the test's
 * reader). The writer runs in a child process here: a SIGBUS would end this test's worker.
 */
describe("walBacklog beside SQLite's locks", () => {
  it("leaves the writer's locks alone: a reader in another process cannot truncate the index under it", () => {
    const file = path.join(tempDir(), "locks.db");
    const module = (p: string) => JSON.stringify(path.join(ROOT, p));
    const script = `
      import Database from "better-sqlite3";
      import { spawn } from "node:child_process";
      import { walBacklog } from ${module("lib/db/wal-checkpoint.ts")};
      const file = ${JSON.stringify(file)};
      const db = new Database(file);
      db.pragma("journal_mode = WAL");
      db.pragma("wal_autocheckpoint = 0");
      db.exec("CREATE TABLE t(x)");
      const insert = db.prepare("INSERT INTO t VALUES (randomblob(3000))");
      // More than 4,096 frames: the index spans a second 32 KB region, which a truncation unmaps.
      db.transaction(() => { for (let i = 0; i < 6000; i++) insert.run(); })();
      for (let i = 0; i < 3; i++) if (!(walBacklog(file) > 4096)) throw new Error("no backlog read: " + walBacklog(file));
      const reader = spawn(process.execPath, ["-e",
        "const D = require('better-sqlite3'); for (let i = 0; i < 100; i++) { const d = new D(" + JSON.stringify(file) + ", { readonly: true }); d.prepare('SELECT count(*) FROM t').get(); d.close(); }",
      ], { stdio: "inherit" });
      let readerDone = false;
      reader.on("exit", (code) => { readerDone = true; if (code !== 0) process.exitCode = 3; });
      const write = () => {
        for (let i = 0; i < 20; i++) insert.run();
        db.prepare("SELECT count(*) FROM t").get();
        if (!readerDone) setImmediate(write);
        else console.log("writer alive, rows:", db.prepare("SELECT count(*) AS n FROM t").get().n);
      };
      write();
    `;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect({ status: run.status, signal: run.signal }, run.stderr).toEqual({ status: 0, signal: null });
    expect(run.stdout).toMatch(/writer alive, rows: \d+/);
  });
});
