import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { importFromToolInput, type ImportFromToolInput, type ToolImportReport } from "../../../lib/contracts/import-tools";
import { importFromTool } from "../../../lib/importers/import-from-tool";
import { getMemory, listLinks } from "../../../lib/memories";
import { identifyProject, projectIdOfRootCommit } from "../../../lib/projects/identify";
import { secretVariants } from "../../fixtures/secrets";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

const ctxs: ReturnType<typeof testCtx>[] = [];
afterEach(() => ctxs.splice(0).forEach((c) => c.close()));
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};
const run = (ctx: ReturnType<typeof testCtx>, input: ImportFromToolInput) => importFromTool(ctx, importFromToolInput.parse(input));
const item = (r: ToolImportReport, ref: string) => r.items.find((i) => i.ref === ref);
const secret = secretVariants("importers").find((v) => !v.engine && v.kind !== "password")!;
const ROOT_COMMIT = "0123456789abcdef0123456789abcdef01234567";
const DAY = Date.UTC(2026, 2, 1);

/** Runs the dry run, the import and a second import; checks the three agree and the second writes nothing. */
function threeRuns(ctx: ReturnType<typeof testCtx>, input: ImportFromToolInput) {
  const preview = run(ctx, { ...input, dryRun: true });
  const first = run(ctx, input);
  const second = run(ctx, input);
  expect(first.counts.new).toBe(preview.counts.new);
  expect(first.items.map((i) => [i.ref, i.outcome])).toEqual(preview.items.map((i) => [i.ref, i.outcome]));
  expect(second.counts).toEqual({ new: 0, imported: first.counts.new, duplicate: first.counts.duplicate });
  return { preview, first, second };
}

describe("import from other memory tools", () => {
  it("opencode-manager: its memory.db (scopes -> categories, project_kv -> KV, root commit -> the same project id)", () => {
    const ctx = fresh();
    const file = path.join(tempDir("ocm-"), "memory.db");
    const db = new Database(file);
    db.exec(`CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT NOT NULL, scope TEXT NOT NULL, content TEXT NOT NULL, file_path TEXT,
      access_count INTEGER NOT NULL DEFAULT 0, last_accessed_at INTEGER, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
      CREATE TABLE project_kv (project_id TEXT NOT NULL, key TEXT NOT NULL, data TEXT NOT NULL, expires_at INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (project_id, key));`);
    const add = db.prepare("INSERT INTO memories (project_id, scope, content, file_path, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
    add.run(ROOT_COMMIT, "convention", "Use tabs in Go files", null, DAY, DAY);
    add.run(ROOT_COMMIT, "decision", `We deploy with Fly.io; the token is ${secret.text}`, "fly.toml", DAY, DAY + 1000);
    add.run(ROOT_COMMIT, "context", "Working on the billing export", null, DAY, DAY);
    add.run(ROOT_COMMIT, "mystery", "an unknown scope", null, DAY, DAY);
    add.run(ROOT_COMMIT, "convention", "Use tabs in Go files", null, DAY, DAY); // the same text again
    const later = Date.now() + 86_400_000;
    db.prepare("INSERT INTO project_kv VALUES (?, ?, ?, ?, ?, ?)").run(ROOT_COMMIT, "plan:current", JSON.stringify({ step: 2 }), later, DAY, DAY);
    db.prepare("INSERT INTO project_kv VALUES (?, ?, ?, ?, ?, ?)").run(ROOT_COMMIT, "old", "{}", DAY, DAY, DAY);
    db.close();

    const { preview, first } = threeRuns(ctx, { from: "opencode-manager", path: file });
    expect(preview.kv).toEqual({ imported: 1, existing: 0 });
    expect(first.counts).toEqual({ new: 3, imported: 0, duplicate: 1 });
    expect(first.skipped).toEqual([
      { ref: "db:memory:4", reason: 'unknown scope "mystery"' },
      { ref: "db:kv:0123456789abcdef0123456789abcdef01234567:old", reason: "expired" },
    ]);
    const decision = getMemory(ctx, item(first, "db:memory:2")!.id!);
    expect(decision).toMatchObject({
      category: "decision",
      scope: "project",
      projectId: projectIdOfRootCommit(ROOT_COMMIT),
      source: "import",
      status: "active",
    });
    expect(decision.metadata).toMatchObject({ file: "fly.toml", imported: { tool: "opencode-manager", ref: "db:memory:2" } });
    expect(decision.createdAt).toBe(DAY);
    expect(decision.content).not.toContain(secret.secret);
    expect(getMemory(ctx, item(first, "db:memory:1")!.id!).category).toBe("convention");
    const kv = ctx.sqlite.prepare("SELECT value FROM kv WHERE project_id = ? AND key = 'plan:current'").get(projectIdOfRootCommit(ROOT_COMMIT)) as {
      value: string;
    };
    expect(JSON.parse(kv.value)).toEqual({ step: 2 });
    expect(run(ctx, { from: "opencode-manager", path: file }).kv).toEqual({ imported: 0, existing: 1 });
  });

  it("opencode-manager: ocm-mem export JSON and Markdown; into a chosen project; batches", () => {
    const ctx = fresh();
    const dir = tempDir("ocm-export-");
    const json = path.join(dir, "export.json");
    fs.writeFileSync(
      json,
      JSON.stringify([
        {
          id: 7,
          projectId: ROOT_COMMIT,
          scope: "decision",
          content: "Postgres for orders",
          filePath: null,
          accessCount: 0,
          lastAccessedAt: null,
          createdAt: DAY,
          updatedAt: DAY,
        },
        { id: 8, projectId: ROOT_COMMIT, scope: "context", content: "", createdAt: DAY, updatedAt: DAY },
      ]),
    );
    const md = path.join(dir, "export.md");
    fs.writeFileSync(
      md,
      "# Memory Export\n\nExported on 2026-03-02\n\n## Conventions (1)\n\n### [3] - Created 2026-03-01\n\nSnake case for SQL columns\n\n## Decisions (1)\n\n### [4] - Created 2026-03-01\n\nPostgres for orders\n",
    );
    const project = tempDir("target-project-");
    const r = threeRuns(ctx, { from: "opencode-manager", path: json, directory: project }).first;
    expect(r.counts.new).toBe(1);
    expect(r.skipped).toEqual([{ ref: "export:memory:8", reason: "empty content" }]);
    expect(getMemory(ctx, item(r, "export:memory:7")!.id!).projectId).toBe(identifyProject(project).id);

    const m1 = run(ctx, { from: "opencode-manager", path: md, directory: project, limit: 1 });
    expect(m1).toMatchObject({ total: 2, handled: 1, remaining: 1, counts: { new: 1 } });
    expect(getMemory(ctx, m1.items[0].id!)).toMatchObject({ category: "convention", content: "Snake case for SQL columns", createdAt: DAY });
    // Same text as the JSON's memory, same project: a duplicate.
    expect(run(ctx, { from: "opencode-manager", path: md, directory: project, offset: 1, limit: 1 })).toMatchObject({
      handled: 1,
      remaining: 0,
      counts: { duplicate: 1 },
    });
  });

  it("opencode-deep-memory: .deep-memory (MEMORY.md, notes.md, checkpoint.md, checkpoint.raw.json) and its global root", () => {
    const ctx = fresh();
    const project = tempDir("deep-project-");
    const dm = path.join(project, ".deep-memory");
    fs.mkdirSync(path.join(dm, "sessions", "ses_1"), { recursive: true });
    fs.writeFileSync(
      path.join(dm, "MEMORY.md"),
      "## Decisions\n\n- Use pnpm workspaces [2026-03-01]\n\n## Gotchas\n\n- Vite caches env vars [2026-03-02]\n\n## Notes\n\n- misc thing\n",
    );
    fs.writeFileSync(path.join(dm, "notes.md"), "## Constraints\n\n- Never log request bodies [2026-03-03]\n");
    fs.writeFileSync(
      path.join(dm, "checkpoint.md"),
      "# Checkpoint — ses_1\nGenerated: 2026-03-04T10:00:00.000Z\nSession token estimate: 1200\n\n## User Intent\n- fix the login bug\n\n## Decisions\n- Keep the session cookie HttpOnly\n\n## File Changes\n- src/login.ts: edit\n",
    );
    fs.copyFileSync(path.join(dm, "checkpoint.md"), path.join(dm, "sessions", "ses_1", "checkpoint.md"));
    const messages = [
      { info: { id: "msg_1", role: "user", sessionID: "ses_1" }, parts: [{ type: "text", text: "fix the login bug" }] },
      { info: { id: "msg_2", role: "assistant", sessionID: "ses_1" }, parts: [{ type: "text", text: "Done: the cookie is HttpOnly now." }] },
    ];
    fs.writeFileSync(
      path.join(dm, "checkpoint.raw.json"),
      JSON.stringify({ capturedAt: "2026-03-04T10:00:00.000Z", sessionID: "ses_1", messageCount: 2, messages }),
    );

    const { first, preview } = threeRuns(ctx, { from: "deep-memory", path: project });
    expect(preview.checkpoints).toEqual({ imported: 1, existing: 0 });
    expect(first.counts).toEqual({ new: 5, imported: 0, duplicate: 1 }); // the session archive repeats checkpoint.md
    expect(first.checkpoints).toEqual({ imported: 1, existing: 0 });
    expect(first.skipped.map((s) => s.reason)).toEqual([
      'checkpoint section "User Intent" is session state (1 item(s))',
      'checkpoint section "File Changes" is session state (1 item(s))',
      'checkpoint section "User Intent" is session state (1 item(s))',
      'checkpoint section "File Changes" is session state (1 item(s))',
    ]);
    const byContent = (c: string) => first.items.find((i) => i.title === c)!;
    expect(getMemory(ctx, byContent("Use pnpm workspaces").id!)).toMatchObject({
      category: "decision",
      scope: "project",
      projectId: identifyProject(project).id,
      createdAt: DAY,
    });
    expect(byContent("Vite caches env vars").category).toBe("gotcha");
    expect(byContent("Never log request bodies").category).toBe("constraint");
    expect(byContent("misc thing").category).toBe("note");
    expect(byContent("Keep the session cookie HttpOnly").category).toBe("decision");
    const checkpoint = ctx.sqlite.prepare("SELECT trigger, session_id AS s FROM checkpoints").all();
    expect(checkpoint).toEqual([{ trigger: "ingest", s: "ses_1" }]);
    expect(run(ctx, { from: "deep-memory", path: project }).checkpoints).toEqual({ imported: 0, existing: 1 });

    const globalRoot = tempDir("deep-global-");
    fs.mkdirSync(path.join(globalRoot, "global"));
    fs.writeFileSync(path.join(globalRoot, "global", "MEMORY.md"), "## Facts\n\n- I work in UTC+8 [2026-03-01]\n");
    const g = run(ctx, { from: "deep-memory", path: globalRoot });
    expect(g.items).toEqual([expect.objectContaining({ scope: "global", category: "fact", outcome: "new" })]);
  });

  it("opencode-semantic-memory: its export JSON (links, entities, resolved blockers) and memory.db (sessions)", () => {
    const ctx = fresh();
    const dir = tempDir("osm-");
    const json = path.join(dir, "opencode-memory-export.json");
    fs.writeFileSync(
      json,
      JSON.stringify({
        version: "1.0",
        exported_at: "2026-03-05T00:00:00+00:00",
        filters: {},
        memories: [
          {
            id: 1,
            category: "decision",
            content: "Adopt OpenTelemetry",
            what: "Tracing",
            why: "vendor neutral",
            learned: null,
            project: "acme/api",
            source_file: null,
            created_at: "2026-03-01T00:00:00+00:00",
            resolved_at: null,
            entities: ["mr:!12"],
          },
          {
            id: 2,
            category: "decision",
            content: "Drop Jaeger",
            what: null,
            why: null,
            learned: null,
            project: "acme/api",
            created_at: "2026-03-02T00:00:00+00:00",
            resolved_at: null,
          },
          {
            id: 3,
            category: "blocker",
            content: "CI runners out of disk",
            project: null,
            created_at: "2026-03-02T00:00:00",
            resolved_at: "2026-03-03T00:00:00",
          },
          { id: 4, category: "conversation", content: "user: hi\nassistant: hello", project: null, created_at: "2026-03-02T00:00:00" },
          { id: 5, category: "boot_gate", content: "see directive 9", project: null, created_at: "2026-03-02T00:00:00" },
        ],
        entities: [],
        links: [{ source_memory_id: 2, target_memory_id: 1, link_type: "supersedes", strength: 0.9, reason: null }],
      }),
    );
    const { first } = threeRuns(ctx, { from: "semantic-memory", path: json });
    expect(first.counts.new).toBe(3);
    expect(first.links).toBe(1);
    expect(first.skipped).toEqual([
      { ref: "memory:4", reason: 'category "conversation" is not a memory' },
      { ref: "memory:5", reason: 'category "boot_gate" is not a memory' },
    ]);
    const otel = getMemory(ctx, item(first, "memory:1")!.id!);
    expect(otel).toMatchObject({ title: "Tracing", content: "Adopt OpenTelemetry\nWhy: vendor neutral", scope: "project", metadata: { entities: ["mr:!12"] } });
    expect(listLinks(ctx, item(first, "memory:2")!.id!)).toContainEqual(expect.objectContaining({ kind: "supersedes", to: otel.id }));
    expect(getMemory(ctx, item(first, "memory:3")!.id!)).toMatchObject({ status: "resolved", scope: "global", category: "blocker" });

    const file = path.join(dir, "memory.db");
    const db = new Database(file);
    db.exec(`CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, source_file TEXT, source_line INTEGER, project TEXT, category TEXT NOT NULL, content TEXT NOT NULL,
        what TEXT, why TEXT, learned TEXT, created_at TEXT NOT NULL, expires_at TEXT, resolved_at TEXT, pinned INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE entities (id INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT NOT NULL, ref TEXT NOT NULL, project TEXT, title TEXT, metadata TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE entity_memories (entity_id INTEGER NOT NULL, memory_id INTEGER NOT NULL, relationship TEXT DEFAULT 'about', PRIMARY KEY (entity_id, memory_id));
      CREATE TABLE memory_links (id INTEGER PRIMARY KEY AUTOINCREMENT, source_memory_id INTEGER NOT NULL, target_memory_id INTEGER NOT NULL, link_type TEXT NOT NULL, strength REAL, reason TEXT, created_at TEXT NOT NULL);
      CREATE TABLE sessions (id TEXT PRIMARY KEY, started_at TEXT NOT NULL, last_heartbeat TEXT NOT NULL, project TEXT, title TEXT, summary TEXT);`);
    db.prepare("INSERT INTO memories (id, project, category, content, what, created_at) VALUES (10, ?, ?, ?, ?, ?)").run(
      "acme/web",
      "procedure",
      "Release: tag, push, wait for CI",
      "Release",
      "2026-03-01 10:00:00",
    );
    db.prepare("INSERT INTO memories (id, project, category, content, created_at, expires_at) VALUES (11, ?, ?, ?, ?, ?)").run(
      "acme/web",
      "fact",
      "temporary",
      "2026-03-01 10:00:00",
      "2026-03-02 10:00:00",
    );
    db.prepare("INSERT INTO entities (type, ref, project, created_at, updated_at) VALUES ('issue', '#42', 'acme/web', 'x', 'x')").run();
    db.prepare("INSERT INTO entity_memories (entity_id, memory_id) VALUES (1, 10)").run();
    db.prepare(
      "INSERT INTO sessions (id, started_at, last_heartbeat, project, title, summary) VALUES ('s1', '2026-03-01 09:00:00', 'x', 'acme/web', 'Release prep', 'Prepared v2 release notes')",
    ).run();
    db.close();
    const fromDb = threeRuns(ctx, { from: "semantic-memory", path: file }).first;
    expect(fromDb.counts.new).toBe(2);
    expect(fromDb.skipped).toEqual([{ ref: "memory:11", reason: "expired" }]);
    // The export carries the database's ids: importing both of one store imports each memory once.
    expect(getMemory(ctx, item(fromDb, "memory:10")!.id!)).toMatchObject({ title: "Release", category: "procedure", metadata: { entities: ["issue:#42"] } });
    const session = getMemory(ctx, fromDb.items.find((i) => i.ref === "session:s1")!.id!);
    expect(session).toMatchObject({ title: "Session: Release prep", content: "Prepared v2 release notes", category: "event" });
  });

  it("claude-mem: observations (types -> categories, facts, concepts) and session summaries", () => {
    const ctx = fresh();
    const file = path.join(tempDir("claude-mem-"), "claude-mem.db");
    const db = new Database(file);
    db.exec(`CREATE TABLE sdk_sessions (id INTEGER PRIMARY KEY AUTOINCREMENT, content_session_id TEXT UNIQUE NOT NULL, memory_session_id TEXT UNIQUE, project TEXT NOT NULL, started_at TEXT NOT NULL, started_at_epoch INTEGER NOT NULL);
      CREATE TABLE observations (id INTEGER PRIMARY KEY AUTOINCREMENT, memory_session_id TEXT NOT NULL, project TEXT NOT NULL, text TEXT, type TEXT NOT NULL, title TEXT, subtitle TEXT, facts TEXT,
        narrative TEXT, concepts TEXT, files_read TEXT, files_modified TEXT, prompt_number INTEGER, content_hash TEXT, created_at TEXT NOT NULL, created_at_epoch INTEGER NOT NULL);
      CREATE TABLE session_summaries (id INTEGER PRIMARY KEY AUTOINCREMENT, memory_session_id TEXT NOT NULL, project TEXT NOT NULL, request TEXT, investigated TEXT, learned TEXT, completed TEXT,
        next_steps TEXT, files_read TEXT, files_edited TEXT, notes TEXT, prompt_number INTEGER, created_at TEXT NOT NULL, created_at_epoch INTEGER NOT NULL);`);
    const obs = db.prepare(
      "INSERT INTO observations (memory_session_id, project, type, title, subtitle, facts, narrative, concepts, files_modified, created_at, created_at_epoch) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    obs.run(
      "m1",
      "shop",
      "bugfix",
      "Login loop fixed",
      "Cookie path",
      JSON.stringify(["The cookie path was /api", "Set it to /"]),
      "Users were logged out on every page.",
      JSON.stringify(["auth"]),
      JSON.stringify(["src/auth.ts"]),
      "x",
      DAY,
    );
    obs.run("m1", "shop", "decision", "Use Redis sessions", null, "[]", "Sessions move to Redis for horizontal scaling.", "[]", "[]", "x", DAY);
    obs.run("m1", "shop", "discovery", null, null, null, null, null, null, "x", DAY);
    obs.run("m1", "shop", "haiku", "odd", null, null, "A poem.", null, null, "x", DAY);
    db.prepare(
      "INSERT INTO session_summaries (memory_session_id, project, request, learned, completed, next_steps, created_at, created_at_epoch) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).run("m1", "shop", "Fix the login loop", "Cookie paths matter", "Fixed the path", "Add a regression test", "x", DAY);
    db.close();
    const { first } = threeRuns(ctx, { from: "claude-mem", path: file });
    expect(first.counts.new).toBe(3);
    expect(first.skipped).toEqual([
      { ref: "observation:3", reason: "no text, narrative or facts" },
      { ref: "observation:4", reason: 'unknown observation type "haiku"' },
    ]);
    const bug = getMemory(ctx, item(first, "observation:1")!.id!);
    expect(bug).toMatchObject({ title: "Login loop fixed", category: "gotcha", scope: "project", metadata: { files: ["src/auth.ts"] } });
    expect(bug.content).toBe("Cookie path\n\nUsers were logged out on every page.\n\n- The cookie path was /api\n- Set it to /");
    expect(bug.tags).toEqual(["claude-mem", "bugfix", "auth"]);
    expect(getMemory(ctx, item(first, "observation:2")!.id!).category).toBe("decision");
    expect(getMemory(ctx, item(first, "summary:1")!.id!)).toMatchObject({
      category: "event",
      title: "Session: Fix the login loop",
      content: "Request: Fix the login loop\nLearned: Cookie paths matter\nCompleted: Fixed the path\nNext steps: Add a regression test",
    });
  });

  it("refuses a file that is not the tool's database, naming the field", () => {
    const ctx = fresh();
    const file = path.join(tempDir(), "other.db");
    new Database(file).exec("CREATE TABLE t (x)").close();
    expect(() => run(ctx, { from: "claude-mem", path: file })).toThrow(/path: .* is not a claude-mem database \(no observations table\)/);
    expect(() => run(ctx, { from: "deep-memory", path: tempDir() })).toThrow(/path: no \.deep-memory folder/);
  });
});
