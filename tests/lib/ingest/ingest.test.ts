import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { captureCheckpoint } from "../../../lib/checkpoints";
import { ingestSessions, type CaptureFn } from "../../../lib/ingest/ingest";
import { OpencodeReader } from "../../../lib/ingest/reader";
import { defaultOpencodeDb } from "../../../lib/ingest/source";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

import { captureCheckpointInput } from "../../../lib/contracts/checkpoints";
import { ingestInput } from "../../../lib/contracts/maintenance";
/** Written by the real OpenCode 1.18.33 client (tests/fixtures/ingest/make-opencode-db.ts). */
const FIXTURE = path.resolve(import.meta.dirname, "../../fixtures/ingest/opencode.db");

const capture: CaptureFn = (ctx, input, at) => captureCheckpoint(ctx, captureCheckpointInput.parse(input), at);
const ctxs: ReturnType<typeof testCtx>[] = [];
afterEach(() => {
  while (ctxs.length) ctxs.pop()!.close();
});
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};

/** A copy of the fixture in WAL mode, as OpenCode leaves it. */
function copyFixture(): string {
  const file = path.join(tempDir("opencode-"), "opencode.db");
  fs.copyFileSync(FIXTURE, file);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.close();
  return file;
}

/** Adds a session the way OpenCode writes one (same tables and JSON shapes). */
function addSession(file: string, id: string, directory: string, texts: [string, string]) {
  const db = new Database(file);
  const projectId = (db.prepare("SELECT id FROM project LIMIT 1").get() as { id: string }).id;
  const t = Date.now();
  db.prepare(`INSERT INTO session(id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?, ?, ?, ?, ?, '1.18.33', ?, ?)`).run(
    id,
    projectId,
    id,
    directory,
    "Added by the test",
    t,
    t,
  );
  const msg = (mid: string, role: string, text: string, i: number) => {
    db.prepare("INSERT INTO message(id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)").run(
      mid,
      id,
      t + i,
      t + i,
      JSON.stringify({ role, time: { created: t + i } }),
    );
    db.prepare("INSERT INTO part(id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)").run(
      `prt_${mid}`,
      mid,
      id,
      t + i,
      t + i,
      JSON.stringify({ type: "text", text }),
    );
  };
  msg(`msg_${id}_1`, "user", texts[0], 1);
  msg(`msg_${id}_2`, "assistant", texts[1], 2);
  db.close();
}

describe("OpencodeReader", () => {
  it("reads the real client's sessions and rebuilds { info, parts } messages", () => {
    const reader = new OpencodeReader(FIXTURE);
    try {
      const sessions = reader.sessions();
      expect(sessions).toHaveLength(3);
      expect(sessions.map((s) => path.basename(s.directory))).toEqual(["alpha", "alpha", "beta"]);
      const second = reader.messages(sessions[1].id);
      expect(second.length).toBe(sessions[1].messageCount);
      expect(second[0].info).toMatchObject({ role: "user", sessionID: sessions[1].id });
      const tool = second.flatMap((m) => m.parts).find((p) => p.type === "tool") as { tool: string; state: { input: { command: string } } } | undefined;
      expect(tool?.tool).toBe("bash");
      expect(tool?.state.input.command).toBe("ls");
    } finally {
      reader.close();
    }
  });

  it("explains a missing file, a non-SQLite file and a database that is not OpenCode's", () => {
    const dir = tempDir();
    expect(() => new OpencodeReader(path.join(dir, "none.db"))).toThrow(/no OpenCode database/);
    fs.writeFileSync(path.join(dir, "text.db"), "hello, not sqlite ".repeat(100));
    expect(() => new OpencodeReader(path.join(dir, "text.db"))).toThrow(/not a SQLite database/);
    const other = new Database(path.join(dir, "other.db"));
    other.exec("CREATE TABLE x(a)");
    other.close();
    expect(() => new OpencodeReader(path.join(dir, "other.db"))).toThrow(/not an OpenCode database/);
  });

  it("finds OpenCode's database the way OpenCode does", () => {
    expect(defaultOpencodeDb({ OPENCODE_DB: "/x/o.db" })).toBe("/x/o.db");
    expect(defaultOpencodeDb({ XDG_DATA_HOME: "/d" })).toBe("/d/opencode/opencode.db");
    expect(defaultOpencodeDb({ HOME: "/h" })).toBe("/h/.local/share/opencode/opencode.db");
  });
});

describe("ingestSessions", () => {
  it("turns each past session into a checkpoint plus suggestions in its project, then only takes new ones", async () => {
    const ctx = fresh();
    const source = copyFixture();
    const first = await ingestSessions(ctx, ingestInput.parse({ source }), capture);
    expect(first).toMatchObject({ total: 3, pending: 3, remaining: 0, errors: [] });
    expect(first.ingested).toHaveLength(3);
    expect(first.ingested.every((s) => s.kind === "new" && s.checkpointId)).toBe(true);

    const checkpoints = ctx.sqlite.prepare("SELECT session_id, project_id, trigger, message_count, created_at FROM checkpoints ORDER BY created_at").all() as {
      session_id: string;
      project_id: string;
      trigger: string;
      message_count: number;
      created_at: number;
    }[];
    expect(checkpoints).toHaveLength(3);
    expect(checkpoints.every((c) => c.trigger === "ingest")).toBe(true);
    // alpha's two sessions share a project; beta has its own.
    expect(new Set(checkpoints.map((c) => c.project_id)).size).toBe(2);
    // Dated at the session's activity, not at ingest time.
    expect(checkpoints[0].created_at).toBeLessThan(Date.now() - 60_000);

    const suggestions = ctx.sqlite.prepare("SELECT content, category, status, project_id FROM memories WHERE status = 'suggested'").all() as {
      content: string;
      category: string;
      project_id: string;
    }[];
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.some((s) => /PostgreSQL/.test(s.content))).toBe(true);
    expect(first.ingested.reduce((a, s) => a + s.suggestions, 0)).toBe(suggestions.length);

    // Incremental: nothing new.
    const again = await ingestSessions(ctx, ingestInput.parse({ source }), capture);
    expect(again).toMatchObject({ total: 3, pending: 0, ingested: [], remaining: 0 });

    // A new session appears (same schema as OpenCode's): only it is taken.
    addSession(source, "ses_test_new", first.ingested[2].directory, [
      "What about the cache?",
      "Decision: we will use Redis for the cache because it is shared.",
    ]);
    const third = await ingestSessions(ctx, ingestInput.parse({ source }), capture);
    expect(third.ingested.map((s) => s.sessionId)).toEqual(["ses_test_new"]);
    expect((ctx.sqlite.prepare("SELECT count(*) AS n FROM ingested_sessions").get() as { n: number }).n).toBe(4);
  });

  it("ingests in batches (limit) and lists without writing on dry run", async () => {
    const ctx = fresh();
    const source = copyFixture();
    const dry = await ingestSessions(ctx, ingestInput.parse({ source, dryRun: true }), capture);
    expect(dry.ingested).toHaveLength(3);
    expect((ctx.sqlite.prepare("SELECT count(*) AS n FROM checkpoints").get() as { n: number }).n).toBe(0);
    const one = await ingestSessions(ctx, ingestInput.parse({ source, limit: 2 }), capture);
    expect(one).toMatchObject({ pending: 3, remaining: 1 });
    const two = await ingestSessions(ctx, ingestInput.parse({ source, limit: 2 }), capture);
    expect(two).toMatchObject({ pending: 1, remaining: 0 });
  });

  it("reads safely while OpenCode holds a write transaction, and never sees uncommitted rows", async () => {
    const ctx = fresh();
    const source = copyFixture();
    const writer = new Database(source);
    writer.pragma("journal_mode = WAL");
    writer.exec("BEGIN IMMEDIATE");
    writer
      .prepare(
        "INSERT INTO session(id, project_id, slug, directory, title, version, time_created, time_updated) SELECT 'ses_uncommitted', id, 's', worktree, 't', 'v', 1, 1 FROM project LIMIT 1",
      )
      .run();
    writer
      .prepare("INSERT INTO message(id, session_id, time_created, time_updated, data) VALUES ('m_u', 'ses_uncommitted', 1, 1, ?)")
      .run(JSON.stringify({ role: "user" }));
    try {
      const r = await ingestSessions(ctx, ingestInput.parse({ source }), capture);
      expect(r.total).toBe(3);
      expect(r.ingested.map((s) => s.sessionId)).not.toContain("ses_uncommitted");
    } finally {
      writer.exec("ROLLBACK");
      writer.close();
    }
    // The source was never written: OpenCode's data is intact.
    const check = new Database(source, { readonly: true });
    expect((check.prepare("SELECT count(*) AS n FROM session").get() as { n: number }).n).toBe(3);
    check.close();
  });

  it("re-ingests a session that grew, reporting it as updated", async () => {
    const ctx = fresh();
    const source = copyFixture();
    await ingestSessions(ctx, ingestInput.parse({ source }), capture);
    const db = new Database(source);
    const s = db.prepare("SELECT id FROM session ORDER BY time_created DESC LIMIT 1").get() as { id: string };
    db.prepare("INSERT INTO message(id, session_id, time_created, time_updated, data) VALUES ('msg_more', ?, ?, ?, ?)").run(
      s.id,
      Date.now(),
      Date.now(),
      JSON.stringify({ role: "user" }),
    );
    db.prepare("INSERT INTO part(id, message_id, session_id, time_created, time_updated, data) VALUES ('prt_more', 'msg_more', ?, 1, 1, ?)").run(
      s.id,
      JSON.stringify({ type: "text", text: "one more question" }),
    );
    db.close();
    const r = await ingestSessions(ctx, ingestInput.parse({ source }), capture);
    expect(r.ingested).toHaveLength(1);
    expect(r.ingested[0]).toMatchObject({ sessionId: s.id, kind: "updated" });
  });

  it("reports a failing session and goes on with the others", async () => {
    const ctx = fresh();
    const source = copyFixture();
    let calls = 0;
    const flaky: CaptureFn = (c, input, at) => {
      if (calls++ === 0) throw new Error("boom");
      return captureCheckpoint(c, captureCheckpointInput.parse(input), at);
    };
    const r = await ingestSessions(ctx, ingestInput.parse({ source }), flaky);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].message).toBe("boom");
    expect(r.ingested).toHaveLength(2);
    // The failed one is still pending next time.
    expect((await ingestSessions(ctx, ingestInput.parse({ source, dryRun: true }), capture)).pending).toBe(1);
  });
});
