import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, tempDir, type TestServer } from "../helpers/server";

const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => (s.child.exitCode === null && s.child.signalCode === null ? s.kill("SIGKILL") : undefined)));
});

/**
 * A stopped server leaves one whole file: the WAL checkpointed into `recollect.db` and the
 * database closed, so copying the `.db` alone (what a user does as a backup) keeps every memory.
 */
describe("shutdown", () => {
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    it(`on ${signal} the WAL is moved into recollect.db: a copy of the .db alone holds every memory`, async () => {
      const dataDir = tempDir();
      const server = await startServer({ dataDir });
      running.push(server);
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await server.api("/api/memories", { method: "POST", json: { content: `shutdown ${signal} memory number ${i}`, tags: ["shutdown"] } });
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { id: string }).id);
      }
      // While it runs, the new rows are in the WAL (the reason a lone .db copy used to be empty).
      expect(fs.statSync(path.join(dataDir, "recollect.db-wal")).size).toBeGreaterThan(0);

      await server.kill(signal);
      expect(server.child.exitCode, server.log()).toBe(0);
      const wal = path.join(dataDir, "recollect.db-wal");
      expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);

      const copyDir = tempDir("recollect-copy-");
      const copy = path.join(copyDir, "recollect.db");
      fs.copyFileSync(path.join(dataDir, "recollect.db"), copy);
      const db = new Database(copy, { readonly: true });
      try {
        expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
        const rows = db.prepare("select id from memories where content like 'shutdown % memory number %'").all() as { id: string }[];
        expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
      } finally {
        db.close();
      }
    }, 180_000);
  }
});
