import fs from "node:fs";
import Database from "better-sqlite3";
import { badRequest } from "../errors";
import { readRegularText, requireRegularFile } from "../files/checked";
import { findTooDeep, MAX_JSON_DEPTH } from "../http/json-depth";

/** The most an importer reads of one JSON or Markdown file. */
export const IMPORT_FILE_BYTES = 512 * 1024 * 1024;

/**
 * Opens another tool's SQLite database strictly read-only (safe while that tool runs) and checks
 * it has the tables its reader needs; a clear 400 naming `path` otherwise.
 */
export function openForeignDb(file: string, tool: string, required: string[]): { db: Database.Database; tables: Set<string> } {
  if (!fs.existsSync(file)) throw badRequest(`path: no ${tool} database at ${file}`, { field: "path" });
  requireRegularFile(file, "path", `${tool} database`);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
    const missing = required.filter((t) => !tables.has(t));
    if (missing.length) throw badRequest(`path: ${file} is not a ${tool} database (no ${missing.join(", ")} table)`, { field: "path" });
    return { db, tables };
  } catch (error) {
    db?.close();
    if ((error as { code?: string }).code === "SQLITE_NOTADB") throw badRequest(`path: ${file} is not a SQLite database`, { field: "path" });
    throw error;
  }
}

/** The columns a table has (older versions of a tool lack some). */
export function columnsOf(db: Database.Database, table: string): Set<string> {
  return new Set((db.prepare(`PRAGMA table_info(${JSON.stringify(table)})`).all() as { name: string }[]).map((c) => c.name));
}

/** Reads a JSON file, or a 400 naming `path`. */
export function readJsonFile(file: string): unknown {
  const text = readRegularText(file, "path", IMPORT_FILE_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`path: ${file} is not readable JSON (${(error as Error).message})`, { field: "path" });
  }
  // The readers and redaction walk it recursively.
  const tooDeep = findTooDeep(value, MAX_JSON_DEPTH, file);
  if (tooDeep) throw badRequest(`path: ${tooDeep.message}`, { field: "path" });
  return value;
}

/** The first bytes of a file (to tell a SQLite database from an export), "" when there is none. */
export function fileHead(file: string): string {
  if (fs.existsSync(file)) requireRegularFile(file, "path");
  let fd: number | undefined;
  try {
    // Never blocks on a FIFO swapped in after the check; a non-file reads as nothing.
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    if (!fs.fstatSync(fd).isFile()) return "";
    const buf = Buffer.alloc(16);
    return buf.subarray(0, fs.readSync(fd, buf, 0, 16, 0)).toString("latin1");
  } catch {
    return "";
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
