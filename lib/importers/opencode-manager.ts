import type { Category } from "../vocabulary";
import { badRequest } from "../errors";
import { foreignProject } from "./projects";
import { readRegularText } from "../files/checked";
import { findTooDeep, MAX_JSON_DEPTH } from "../http/json-depth";
import { columnsOf, fileHead, IMPORT_FILE_BYTES, openForeignDb, readJsonFile } from "./sqlite-source";
import { emptyData, type ForeignData, type ForeignMemory, toMs } from "./types";

const TOOL = "opencode-manager";
/** @opencode-manager/memory's scopes -> categories. */
const SCOPES: Record<string, Category> = { convention: "convention", decision: "decision", context: "context" };

/**
 * @opencode-manager/memory: its SQLite database (`memory.db`: `memories` with scope
 * convention/decision/context, `project_kv` -> KV entries), or what `ocm-mem export` writes
 * (a JSON array, or Markdown with `## Conventions (n)` / `### [id] - Created <date>` blocks).
 */
export function readOpencodeManager(file: string): ForeignData {
  const head = fileHead(file);
  if (head.startsWith("SQLite format 3")) return fromDb(file);
  if (/\.(md|markdown)$/i.test(file)) return fromMarkdown(readRegularText(file, "path", IMPORT_FILE_BYTES));
  if (!head) throw badRequest(`path: nothing at ${file}`, { field: "path" });
  return fromJson(readJsonFile(file));
}

function memory(
  data: ForeignData,
  row: { id: unknown; projectId?: unknown; scope: unknown; content: unknown; filePath?: unknown; createdAt?: unknown; updatedAt?: unknown },
  refPrefix: string,
) {
  const ref = `${refPrefix}:${String(row.id)}`;
  const category = SCOPES[String(row.scope)];
  if (!category) return void data.skipped.push({ ref, reason: `unknown scope "${String(row.scope)}"` });
  if (typeof row.content !== "string" || !row.content.trim()) return void data.skipped.push({ ref, reason: "empty content" });
  const m: ForeignMemory = {
    ref,
    content: row.content,
    title: null,
    category,
    status: "active",
    project: foreignProject(TOOL, typeof row.projectId === "string" ? row.projectId : null),
    createdAt: toMs(row.createdAt),
    updatedAt: toMs(row.updatedAt),
    tags: ["opencode-manager"],
    metadata: typeof row.filePath === "string" && row.filePath ? { file: row.filePath } : {},
  };
  data.memories.push(m);
}

function fromDb(file: string): ForeignData {
  const { db, tables } = openForeignDb(file, TOOL, ["memories"]);
  try {
    const data = emptyData();
    const cols = columnsOf(db, "memories");
    const filePath = cols.has("file_path") ? "file_path" : "NULL";
    const rows = db
      .prepare(
        `SELECT id, project_id AS projectId, scope, content, ${filePath} AS filePath, created_at AS createdAt, updated_at AS updatedAt FROM memories ORDER BY id`,
      )
      .all() as Parameters<typeof memory>[1][];
    for (const r of rows) memory(data, r, "db:memory");
    if (tables.has("project_kv")) {
      const now = Date.now();
      for (const r of db.prepare("SELECT project_id AS projectId, key, data, expires_at AS expiresAt FROM project_kv ORDER BY project_id, key").all() as {
        projectId: string;
        key: string;
        data: string;
        expiresAt: number;
      }[]) {
        const ref = `db:kv:${r.projectId}:${r.key}`;
        const expiresAt = toMs(r.expiresAt) ?? 0;
        if (expiresAt <= now) {
          data.skipped.push({ ref, reason: "expired" });
          continue;
        }
        let value: unknown;
        try {
          value = JSON.parse(r.data);
        } catch {
          data.skipped.push({ ref, reason: "value is not JSON" });
          continue;
        }
        if (findTooDeep(value, MAX_JSON_DEPTH)) {
          data.skipped.push({ ref, reason: `value nested deeper than ${MAX_JSON_DEPTH} levels` });
          continue;
        }
        data.kv.push({ ref, key: r.key, value, project: foreignProject(TOOL, r.projectId), expiresAt });
      }
    }
    return data;
  } finally {
    db.close();
  }
}

function fromJson(json: unknown): ForeignData {
  const list = Array.isArray(json) ? json : (json as { memories?: unknown })?.memories;
  if (!Array.isArray(list)) throw badRequest("path: not an ocm-mem export (a JSON array of memories)", { field: "path" });
  const data = emptyData();
  list.forEach((m, i) => {
    if (!m || typeof m !== "object") return void data.skipped.push({ ref: `json:#${i}`, reason: "not an object" });
    const o = m as Record<string, unknown>;
    memory(
      data,
      { id: o.id ?? `#${i}`, projectId: o.projectId, scope: o.scope, content: o.content, filePath: o.filePath, createdAt: o.createdAt, updatedAt: o.updatedAt },
      "export:memory",
    );
  });
  return data;
}

/** `## Conventions (3)` then `### [12] - Created 2026-03-01` blocks, as `ocm-mem export --format markdown` writes them. */
function fromMarkdown(text: string): ForeignData {
  const data = emptyData();
  let scope: string | undefined;
  let current: { id: string; created: string; lines: string[] } | undefined;
  const flush = () => {
    if (current && scope) memory(data, { id: current.id, scope, content: current.lines.join("\n").trim(), createdAt: current.created }, "export:memory");
    current = undefined;
  };
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const section = /^## (Convention|Decision|Context)s?\b/i.exec(line);
    const entry = /^### \[([^\]]+)\] - Created (\S+)/.exec(line);
    if (section) {
      flush();
      scope = section[1].toLowerCase();
    } else if (entry) {
      flush();
      current = { id: entry[1], created: entry[2], lines: [] };
    } else if (current) current.lines.push(line);
  }
  flush();
  if (!data.memories.length && !data.skipped.length)
    throw badRequest("path: not an ocm-mem Markdown export (no ## Conventions/Decisions/Contexts sections)", { field: "path" });
  return data;
}
