import fs from "node:fs";
import Database from "better-sqlite3";
import type { OpenCodeMessage } from "../contracts/checkpoints";
import { badRequest } from "../errors";
import { asForeignFileError, readingForeignFile } from "../importers/foreign-errors";
import { requireRegularFile } from "../files/checked";
import { findTooDeep, MAX_JSON_DEPTH } from "../http/json-depth";

/** A session row of OpenCode's database, as much of it as ingest needs. */
export interface OpencodeSession {
  id: string;
  projectId: string;
  parentId: string | null;
  title: string;
  directory: string;
  worktree: string | null;
  timeCreated: number;
  timeUpdated: number;
  messageCount: number;
}

/**
 * Reads OpenCode's `opencode.db` strictly read-only, safe while OpenCode runs: a read-only
 * connection never writes, checkpoints or truncates the WAL; WAL readers never block OpenCode's
 * writer; each session is read inside one read transaction, so its messages and parts are one
 * consistent snapshot even while OpenCode appends to it.
 */
export class OpencodeReader {
  private db!: Database.Database;
  private hasProject = false;

  constructor(readonly file: string) {
    if (!fs.existsSync(file)) throw badRequest(`source: no OpenCode database at ${file} (set OPENCODE_DB or pass --db)`, { field: "source" });
    requireRegularFile(file, "source", "OpenCode database");
    try {
      this.db = new Database(file, { readonly: true, fileMustExist: true });
      this.db.pragma("busy_timeout = 5000");
      // Also proves it is a SQLite file before any other query.
      const tables = new Set((this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
      const missing = ["session", "message", "part"].filter((t) => !tables.has(t));
      if (missing.length) throw badRequest(`source: ${file} is not an OpenCode database (no ${missing.join(", ")} table)`, { field: "source" });
      this.hasProject = tables.has("project");
    } catch (error) {
      (this.db as Database.Database | undefined)?.close();
      if ((error as { code?: string }).code === "SQLITE_NOTADB") throw badRequest(`source: ${file} is not a SQLite database`, { field: "source" });
      if ((error as { code?: string }).code === "SQLITE_CANTOPEN")
        throw badRequest(`source: cannot open ${file} read-only (is its directory readable, with its -wal/-shm files?)`, { field: "source" });
      throw asForeignFileError(error, "source", file);
    }
  }

  /** Every session, oldest first, with its message count. */
  sessions(): OpencodeSession[] {
    return readingForeignFile("source", this.file, () => this.readSessions());
  }

  private readSessions(): OpencodeSession[] {
    const worktree = this.hasProject ? "(SELECT p.worktree FROM project p WHERE p.id = s.project_id)" : "NULL";
    return this.db
      .prepare(
        `SELECT s.id, s.project_id AS projectId, s.parent_id AS parentId, s.title, s.directory, ${worktree} AS worktree,
                s.time_created AS timeCreated, s.time_updated AS timeUpdated,
                (SELECT count(*) FROM message m WHERE m.session_id = s.id) AS messageCount
         FROM session s ORDER BY s.time_created, s.id`,
      )
      .all() as OpencodeSession[];
  }

  /** A session's history in the shape `client.session.messages()` returns: `{ info, parts }[]`. */
  messages(sessionId: string): OpenCodeMessage[] {
    return readingForeignFile("source", this.file, () => this.readMessages(sessionId));
  }

  private readMessages(sessionId: string): OpenCodeMessage[] {
    const read = this.db.transaction(() => {
      const messages = this.db
        .prepare("SELECT id, session_id AS sessionID, data FROM message WHERE session_id = ? ORDER BY time_created, id")
        .all(sessionId) as { id: string; sessionID: string; data: string }[];
      const parts = this.db
        .prepare("SELECT id, message_id AS messageID, session_id AS sessionID, data FROM part WHERE session_id = ? ORDER BY id")
        .all(sessionId) as { id: string; messageID: string; sessionID: string; data: string }[];
      return { messages, parts };
    });
    const { messages, parts } = read();
    const byMessage = new Map<string, Record<string, unknown>[]>();
    for (const p of parts) {
      const data = parseJson(p.data);
      if (!data || typeof data.type !== "string") continue;
      const list = byMessage.get(p.messageID) ?? [];
      list.push({ ...data, id: p.id, sessionID: p.sessionID, messageID: p.messageID });
      byMessage.set(p.messageID, list);
    }
    const out: OpenCodeMessage[] = [];
    for (const m of messages) {
      const data = parseJson(m.data);
      if (!data || (data.role !== "user" && data.role !== "assistant" && data.role !== "system")) continue;
      out.push({ info: { ...data, id: m.id, sessionID: m.sessionID, role: data.role }, parts: (byMessage.get(m.id) ?? []) as OpenCodeMessage["parts"] });
    }
    return out;
  }

  close(): void {
    this.db.close();
  }
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text);
    // A part nested past the bound would overflow the walks after it (zod, redaction, stringify): skipped.
    if (findTooDeep(v, MAX_JSON_DEPTH)) return undefined;
    return v && typeof v === "object" && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}
