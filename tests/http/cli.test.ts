import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run";
import { freePort, startServer, tempDir, type TestServer } from "../helpers/server";

/** Every `recollect` command against a really started server with a temp data dir. */
let server: TestServer;
let env: Record<string, string>;
let cwd: string;
const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/ingest/opencode.db");

beforeAll(async () => {
  server = await startServer();
  const home = tempDir("recollect-home-");
  cwd = tempDir("recollect-cwd-"); // not a git repository: `add` stores globally
  env = {
    RECOLLECT_URL: server.url,
    RECOLLECT_DATA_DIR: server.dataDir,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    RECOLLECT_TOKEN: "",
    OPENCODE_DB: "",
  };
});
afterAll(async () => {
  await server?.stop();
});

const cli = (args: string[], extra: { input?: string; env?: Record<string, string> } = {}) =>
  runCli(args, { env: { ...env, ...extra.env }, cwd, input: extra.input });

describe("recollect against a running server", { timeout: 180_000 }, () => {
  it("adds, shows, lists, edits, searches and forgets memories", async () => {
    const added = await cli(["add", "--json", "-c", "decision", "--tags", "db,infra", "We", "use", "PostgreSQL", "for", "the", "orders", "service"]);
    expect(added.code).toBe(0);
    const m = added.json();
    expect(m).toMatchObject({ category: "decision", scope: "global", tags: ["db", "infra"], source: "cli", deduplicated: false });

    const again = await cli(["add", "We use PostgreSQL for the orders service"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Already remembered as/);

    const piped = await cli(["add", "--json", "--title", "Piped"], { input: "Never commit the .env file\n" });
    expect(piped.code).toBe(0);
    expect(piped.json().content).toBe("Never commit the .env file");

    const shown = await cli(["show", m.id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("We use PostgreSQL for the orders service");
    expect(shown.stdout).toContain("category  decision");

    const listed = await cli(["list", "--json", "--category", "decision"]);
    expect(listed.json().items.map((i: { id: string }) => i.id)).toEqual([m.id]);

    const edited = await cli(["edit", m.id, "--pin", "--content", "We use PostgreSQL 16 for the orders service", "--json"]);
    expect(edited.code).toBe(0);
    expect(edited.json()).toMatchObject({ pinned: true, content: "We use PostgreSQL 16 for the orders service" });

    const found = await cli(["search", "postgresql", "orders"]);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain("We use PostgreSQL 16 for the orders service");
    const foundJson = await cli(["search", "--json", "postgresql"]);
    expect(foundJson.json().results[0].id).toBe(m.id);

    const forgot = await cli(["forget", m.id]);
    expect(forgot.code).toBe(0);
    expect(forgot.stdout).toContain(`Archived ${m.id}`);
    expect((await cli(["show", m.id, "--json"])).json().status).toBe("archived");
  });

  it("fails clearly on unknown ids and bad usage", async () => {
    const show = await cli(["show", "no-such-id"]);
    expect(show.code).toBe(4);
    expect(show.stderr).toMatch(/recollect: .*no-such-id/);

    const edit = await cli(["edit", "no-such-id", "--title", "x"]);
    expect(edit.code).toBe(4);

    const forget = await cli(["forget", "no-such-id"]);
    expect(forget.code).toBe(4);
    expect(forget.stdout).toMatch(/Could not forget no-such-id/);

    const nothing = await cli(["edit", "whatever"]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/nothing to change/);

    const unknownCommand = await cli(["frobnicate"]);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/unknown command/);

    const badChoice = await cli(["add", "-c", "nonsense", "text"]);
    expect(badChoice.code).toBe(2);
    expect(badChoice.stderr).toMatch(/Allowed choices/);

    const jsonError = await cli(["show", "no-such-id", "--json"]);
    expect(JSON.parse(jsonError.stderr.trim())).toMatchObject({ error: { code: "not_found", exitCode: 4 } });
  });

  it("prints --help for every command", async () => {
    for (const command of ["start", "search", "cleanup", "ingest", "backup"]) {
      const r = await cli([command, "--help"]);
      expect(r.code, command).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`Usage: recollect ${command}`));
    }
  });

  it("exports and imports (Markdown and JSON), and refuses a bad file", async () => {
    await cli(["add", "-c", "convention", "Tabs, not spaces, in Makefiles"]);
    const dir = tempDir();
    const jsonFile = path.join(dir, "all.json");
    const exp = await cli(["export", "--format", "json", "-o", jsonFile, "--json"]);
    expect(exp.code).toBe(0);
    expect(exp.json().count).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(fs.readFileSync(jsonFile, "utf8")).format).toBe("recollect-export");

    const md = await cli(["export", "--format", "markdown", "--category", "convention"]);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain("Tabs, not spaces, in Makefiles");

    const exists = await cli(["export", "-o", jsonFile]);
    expect(exists.code).toBe(7);

    const imp = await cli(["import", jsonFile, "--json"]);
    expect(imp.code).toBe(0);
    expect(imp.json()).toMatchObject({ created: 0 });
    expect(imp.json().duplicates).toBeGreaterThanOrEqual(2);

    const bad = path.join(dir, "bad.json");
    fs.writeFileSync(bad, "{ this is not json");
    const refused = await cli(["import", bad]);
    expect(refused.code).toBe(6);
    expect(refused.stderr).toMatch(/recollect: /);

    const missing = await cli(["import", path.join(dir, "missing.json")]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/no such file/);
  });

  it("cleans up with filters: dry run, refusal without a terminal, --force", async () => {
    for (const t of ["old idea one", "old idea two", "old idea three"]) await cli(["add", "-c", "idea", t]);
    const noFilter = await cli(["cleanup"]);
    expect(noFilter.code).toBe(2);

    const dry = await cli(["cleanup", "--category", "idea", "--dry-run", "--json"]);
    expect(dry.code).toBe(0);
    expect(dry.json()).toMatchObject({ matched: 3, affected: 0, dryRun: true });

    const refused = await cli(["cleanup", "--category", "idea"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/without confirmation/);

    const done = await cli(["cleanup", "--category", "idea", "--force", "--json"]);
    expect(done.code).toBe(0);
    expect(done.json()).toMatchObject({ matched: 3, affected: 3 });
    expect((await cli(["list", "--json", "--category", "idea", "--status", "all"])).json().items).toEqual([]);
  });

  it("stats, backup and vacuum", async () => {
    const stats = await cli(["stats", "--json"]);
    expect(stats.code).toBe(0);
    expect(stats.json().memories.total).toBeGreaterThan(0);
    const text = await cli(["stats"]);
    expect(text.stdout).toMatch(/^Memories\s+\d+/m);

    const dest = path.join(tempDir(), "b.db");
    const b = await cli(["backup", dest, "--json"]);
    expect(b.code).toBe(0);
    expect(b.json()).toMatchObject({ path: dest, integrity: "ok" });
    expect(fs.statSync(dest).size).toBeGreaterThan(0);
    expect((await cli(["backup", dest])).code).toBe(7);

    const v = await cli(["vacuum", "--json"]);
    expect(v.code).toBe(0);
    expect(v.json().mode).toBe("incremental");
  });

  it("ingests past OpenCode sessions, incrementally", async () => {
    const db = path.join(tempDir(), "opencode.db");
    fs.copyFileSync(FIXTURE, db);
    const missing = await cli(["ingest", "--db", path.join(tempDir(), "none.db")]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/no OpenCode database/);

    const dry = await cli(["ingest", "--db", db, "--dry-run", "--json"]);
    expect(dry.json()).toMatchObject({ total: 3, pending: 3 });

    const first = await cli(["ingest", "--db", db, "--json"]);
    expect(first.code).toBe(0);
    expect(first.json().ingested).toHaveLength(3);
    const second = await cli(["ingest"], { env: { OPENCODE_DB: db } });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Nothing new to ingest/);

    const suggested = await cli(["list", "--json", "--status", "suggested"]);
    expect(suggested.json().items.length).toBeGreaterThan(0);
  });

  it("doctor explains what it checked", async () => {
    const r = await cli(["doctor", "--json"]);
    const report = r.json();
    const by = Object.fromEntries(report.checks.map((c: { name: string; status: string }) => [c.name, c.status]));
    expect(by).toMatchObject({
      server: "ok",
      "token accepted": "ok",
      database: "ok",
      "sqlite-vec": "ok",
      embeddings: "ok",
      "disk space": "ok",
      plugin: "warn",
    });
    expect(r.code).toBe(0);

    // With the plugin configured in the user's opencode.json, that check passes.
    fs.mkdirSync(path.join(env.XDG_CONFIG_HOME, "opencode"), { recursive: true });
    fs.writeFileSync(path.join(env.XDG_CONFIG_HOME, "opencode", "opencode.json"), JSON.stringify({ plugin: ["/opt/recollect/plugin/index.ts"] }));
    const again = (await cli(["doctor", "--json"])).json();
    expect(again.checks.find((c: { name: string }) => c.name === "plugin").status).toBe("ok");
  });

  it("serves Prometheus metrics and JSON stats over HTTP", async () => {
    const res = await server.api("/api/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0.0.4/);
    const text = await res.text();
    expect(text).toMatch(/recollect_http_requests_total\{method="GET",route="\/api\/memories\/\[id\]",status="404"\} \d+/);
    expect(text).toMatch(/recollect_http_request_duration_seconds_bucket\{method="POST",route="\/api\/memories",le="\+Inf"\} \d+/);
    expect(text).toMatch(/recollect_memories\{scope="global",status="active"\} \d+/);
    expect(text).toMatch(/^recollect_embedding_queue_depth \d+$/m);
    expect(text).toMatch(/^recollect_compression_tokens_saved_total \d+$/m);
    expect((await fetch(`${server.url}/api/metrics`)).status).toBe(401);
    const stats = await (await server.api("/api/stats")).json();
    expect(stats.requests.total).toBeGreaterThan(10);
    // Structured request logs in the data dir.
    const lines = fs
      .readFileSync(path.join(server.dataDir, "logs", "recollect.log"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.some((l) => l.msg === "request" && l.route === "/api/memories/[id]" && l.status === 404)).toBe(true);
    const logs = await cli(["logs", "-n", "500"]);
    expect(logs.code).toBe(0);
    expect(logs.stdout).toMatch(/info\s+request GET \/api\/memories\/no-such-id -> 404/);
  });
});

describe("recollect when things are wrong", { timeout: 180_000 }, () => {
  it("server down: a clear message and exit 3", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    for (const args of [["stats"], ["add", "x"], ["search", "x"], ["export"], ["cleanup", "--scope", "global", "--force"]]) {
      const r = await cli(args, { env: { RECOLLECT_URL: url } });
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr).toMatch(/cannot reach the Recollect server/);
    }
    const status = await cli(["status"], { env: { RECOLLECT_URL: url } });
    expect(status.code).toBe(3);
    const doctor = await cli(["doctor", "--json"], { env: { RECOLLECT_URL: url } });
    expect(doctor.code).toBe(1);
    expect(doctor.json().checks.find((c: { name: string }) => c.name === "server").status).toBe("fail");
  });

  it("a wrong token: exit 5 and a hint about the data dir", async () => {
    const r = await cli(["stats"], { env: { RECOLLECT_TOKEN: "not-the-token" } });
    expect(r.code).toBe(5);
    // The server is asked to prove it knows the token first: the wrong one is never sent.
    expect(r.stderr).toMatch(/could not show that it knows the API token .*: your API token .* was not sent/);
    expect(r.stderr).toMatch(/RECOLLECT_DATA_DIR/);
  });
});
