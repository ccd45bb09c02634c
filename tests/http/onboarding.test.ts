import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BIN, runCli } from "../cli/run";
import { call, connectMcp } from "../helpers/mcp-client";
import { startServer, tempDir, type TestServer } from "../helpers/server";

/** Day one over the real server: bootstrap, Markdown ingest and imports through the API, the CLI and MCP. */
let server: TestServer;
let client: Client;
let env: Record<string, string>;
const body = async (res: Response) => res.json() as Promise<any>;

function folder(files: Record<string, string>): string {
  const root = tempDir("onboarding-");
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
const cli = (args: string[], cwd: string) => runCli(args, { env, cwd });

beforeAll(async () => {
  server = await startServer();
  client = await connectMcp(server.url, server.token);
  const home = tempDir("onboarding-home-");
  env = {
    RECOLLECT_URL: server.url,
    RECOLLECT_DATA_DIR: server.dataDir,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    RECOLLECT_TOKEN: "",
  };
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

describe("onboarding over HTTP, CLI and MCP", { timeout: 300_000 }, () => {
  it("POST /api/bootstrap previews, then proposes suggested memories; a 400 names the field", async () => {
    const dir = folder({ "AGENTS.md": "- Never push on Fridays.\n", "package.json": '{ "scripts": { "test": "vitest" } }' });
    const preview = await body(await server.api("/api/bootstrap", { method: "POST", json: { directory: dir, dryRun: true } }));
    expect(preview).toMatchObject({ dryRun: true, counts: { new: 2 } });
    const r = await body(await server.api("/api/bootstrap", { method: "POST", json: { directory: dir } }));
    const rule = r.proposals.find((p: any) => p.content === "Never push on Fridays.");
    expect(rule).toMatchObject({ source: "AGENTS.md:1", category: "constraint", outcome: "new" });
    expect(await body(await server.api(`/api/memories/${rule.id}`))).toMatchObject({ status: "suggested", scope: "project" });
    const again = await body(await server.api("/api/bootstrap", { method: "POST", json: { directory: dir } }));
    expect(again.counts).toMatchObject({ new: 0, updated: 0, unchanged: 2 });

    const bad = await server.api("/api/bootstrap", { method: "POST", json: { directory: path.join(dir, "missing") } });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.message).toMatch(/^directory: no directory/);
    const extra = await server.api("/api/bootstrap", { method: "POST", json: { directory: dir, nope: 1 } });
    expect(extra.status).toBe(400);
  });

  it("recollect bootstrap, ingest-notes and import --from, as a user runs them", async () => {
    const dir = folder({
      "CLAUDE.md": "## Gotchas\n\n- The staging DB resets nightly.\n",
      "memory-bank/activeContext.md": "# Active Context\n\n## Decisions\n\n- Ship the CSV export first.\n",
    });
    const boot = await cli(["bootstrap", "--json"], dir);
    expect(boot.code, boot.stderr).toBe(0);
    expect(boot.json().proposals).toContainEqual(
      expect.objectContaining({ content: "The staging DB resets nightly.", category: "gotcha", source: "CLAUDE.md:3" }),
    );
    const text = await cli(["bootstrap", "--dry-run"], dir);
    expect(text.stdout).toMatch(/Would propose 0 new and 0 updated memories from 2 files/);

    const notes = await cli(["ingest-notes", "memory-bank", "--json"], dir);
    expect(notes.code, notes.stderr).toBe(0);
    expect(notes.json()).toMatchObject({ files: 1, counts: { new: 1 } });
    expect((await cli(["ingest-notes", "memory-bank"], dir)).stdout).toMatch(/0 new, 0 updated, 1 unchanged, 0 archived/);

    const db = path.join(dir, "claude-mem.db");
    const foreign = new Database(db);
    foreign.exec(
      "CREATE TABLE observations (id INTEGER PRIMARY KEY, memory_session_id TEXT NOT NULL, project TEXT NOT NULL, text TEXT, type TEXT NOT NULL, title TEXT, narrative TEXT, created_at TEXT NOT NULL, created_at_epoch INTEGER NOT NULL)",
    );
    foreign.prepare("INSERT INTO observations VALUES (1, 'm', 'shop', NULL, 'decision', 'Queue', 'Use SQS for jobs', 'x', 1767225600000)").run();
    foreign.prepare("INSERT INTO observations VALUES (2, 'm', 'shop', NULL, 'poem', 'x', 'roses', 'x', 1767225600000)").run();
    foreign.close();
    const dry = await cli(["import", "--from", "claude-mem", db, "--dry-run"], dir);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/Would import 1 of 1 memories from claude-mem/);
    expect(dry.stdout).toMatch(/skipped observation:2: unknown observation type "poem"/);
    const real = await cli(["import", "--from", "claude-mem", db, "--json"], dir);
    expect(real.json()).toMatchObject({ counts: { new: 1, imported: 0 }, skipped: [{ ref: "observation:2" }] });
    expect((await cli(["import", "--from", "claude-mem", db, "--json"], dir)).json().counts).toEqual({ new: 0, imported: 1, duplicate: 0 });
    const missing = await cli(["import", "--from", "claude-mem", path.join(dir, "none.db")], dir);
    expect(missing.code).toBe(4);
  });

  it("ingest-notes --watch re-ingests a changed note, and stops on SIGINT", async () => {
    const dir = folder({ "notes/a.md": "## Decisions\n\n- Use gRPC.\n" });
    const child = spawn(process.execPath, [BIN, "ingest-notes", "notes", "--watch"], { cwd: dir, env: { ...process.env, ...env, NO_COLOR: "1" } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await vi.waitFor(() => expect(out).toMatch(/Watching .*notes/), { timeout: 60_000, interval: 100 });
      expect(out).toMatch(/1 new, 0 updated/);
      fs.writeFileSync(path.join(dir, "notes", "a.md"), "## Decisions\n\n- Use gRPC with deadlines.\n");
      await vi.waitFor(() => expect(out).toMatch(/0 new, 1 updated/), { timeout: 60_000, interval: 100 });
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
  });

  it("MCP tools bootstrap and ingest_file", async () => {
    const dir = folder({ "GEMINI.md": "- Prefer small functions.\n", "notes/decisions.md": "## Decisions\n\n- Keep one database file.\n" });
    const b = await call(client, "bootstrap", { directory: dir, dry_run: true });
    expect(b.isError).toBe(false);
    expect(b.text).toMatch(/Would propose 1 new and 0 updated memories/);
    expect(b.text).toContain("- [preference] Prefer small functions. (GEMINI.md:1)");
    const n = await call(client, "ingest_file", { path: path.join(dir, "notes"), project: dir });
    expect(n.isError).toBe(false);
    expect(n.result).toMatchObject({ scope: "project", counts: { new: 1 } });
    expect((await call(client, "ingest_file", { path: "relative/notes" })).text).toMatch(/^bad_request: path: must be an absolute path/);
  });
});
