import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchTrackerItem } from "../../lib/enrichment/fetch";
import { trackerRefOf } from "../../lib/enrichment/refs";
import { tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";

/**
 * Finding 10 of issue #37, inputs from outside: a damaged database of another tool is the
 * import's own 422 naming the field (it was Recollect's `storage_error` 503, which sends the user
 * looking at their own data dir), and `../..#13` in a memory never becomes `{api}/issues/13`.
 */
const server = sharedServer();

/** A SQLite file whose schema page is sound and whose table pages are garbage. */
function damagedDatabase(tables: string[]): string {
  const file = path.join(tempDir("foreign-damaged-"), "foreign.db");
  const db = new Database(file);
  db.pragma("journal_mode = DELETE");
  for (const table of tables) {
    db.exec(
      `CREATE TABLE ${table} (id TEXT PRIMARY KEY, memory_session_id TEXT, project TEXT, type TEXT, created_at_epoch INTEGER, session_id TEXT, data TEXT, time_created INTEGER, parent_id TEXT, project_id TEXT, title TEXT, directory TEXT, time_updated INTEGER, message_id TEXT)`,
    );
    const insert = db.prepare(`INSERT INTO ${table}(id, data) VALUES (?, ?)`);
    for (let i = 0; i < 400; i++) insert.run(`${table}-${i}`, "x".repeat(200));
  }
  db.close();
  const bytes = fs.readFileSync(file);
  const pageSize = bytes.readUInt16BE(16) || 65536;
  // Page 1 (the header and sqlite_master) stays; every later page is noise.
  for (let i = pageSize; i < bytes.length; i++) bytes[i] = (i * 131 + 7) & 0xff;
  fs.writeFileSync(file, bytes);
  return file;
}

describe("a damaged foreign database", () => {
  it("import from another tool: 422 naming `path`", async () => {
    const file = damagedDatabase(["observations"]);
    const res = await server.api("/api/import/tool", { method: "POST", json: { from: "claude-mem", path: file, dryRun: true } });
    const body = (await res.json()) as { error: { code: string; message: string; details: { field: string } } };
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.error.code).toBe("unprocessable");
    expect(body.error.details.field).toBe("path");
    expect(body.error.message).toMatch(/^path: .*foreign\.db could not be read as a database \(SQLITE_/);
  });

  it("ingest of OpenCode's database: 422 naming `source`", async () => {
    const file = damagedDatabase(["session", "message", "part"]);
    const res = await server.api("/api/maintenance/ingest", { method: "POST", json: { source: file } });
    const body = (await res.json()) as { error: { code: string; details: { field: string } } };
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.error.details.field).toBe("source");
  });
});

describe("tracker references with dot segments", () => {
  const requests: string[] = [];
  let api: http.Server;
  let t: { enabled: boolean; githubApiUrl: string; gitlabUrl: string; ttlSeconds: number; timeoutMs: number };
  beforeAll(async () => {
    api = http.createServer((req, res) => {
      requests.push(req.url ?? "");
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ title: "x", state: "open", html_url: "http://x", updated_at: "2026-01-01T00:00:00Z" }));
    });
    await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
    t = { enabled: true, githubApiUrl: `${base}/api/v3`, gitlabUrl: base, ttlSeconds: 1, timeoutMs: 2000 };
  });
  afterAll(() => api.close());

  it("`../..#13` and friends name no tracker item, and no request leaves", async () => {
    const remote = { host: "github.com", path: "acme/app" };
    for (const value of ["../..#13", "./..#13", "acme/..#13", "../app#13", "..%2F..#13"]) {
      expect(trackerRefOf({ kind: "issue", value } as never, remote, t), value).toBeNull();
    }
    for (const url of ["https://github.com/../../issues/13", "https://github.com/acme/../issues/13"]) {
      expect(trackerRefOf({ kind: "url", value: url } as never, remote, t), url).toBeNull();
    }
    // A ref made elsewhere (a stored key) is checked again before the request.
    const forged = { tracker: "github" as const, project: "../..", kind: "issue" as const, number: 13, key: "github:../..#13" };
    expect(await fetchTrackerItem(forged, t, "token")).toEqual({ kind: "not_found" });
    expect(requests).toEqual([]);
    // A plain reference still goes out, to its own path.
    const plain = trackerRefOf({ kind: "issue", value: "acme/app#13" } as never, remote, t)!;
    await fetchTrackerItem(plain, t, "token");
    expect(requests).toEqual(["/api/v3/repos/acme/app/issues/13"]);
  });
});
