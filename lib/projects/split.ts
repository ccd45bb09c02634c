import crypto from "node:crypto";
import type Database from "better-sqlite3";
import { SPLIT_MAX_MEMORIES, type ParsedSplitProjectInput, type SplitProjectResult } from "../contracts/projects";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { badRequest, notFound } from "../errors";
import { redact } from "../security/redaction";
import { remoteAlias, storedRemote } from "./aliases";
import { projectDto } from "./dto";

/** How many of the moved memories a result lists (the count is always exact). */
const LISTED = 200;

/**
 * Moves memories out of project `from` into a new project, in one transaction: the memories given
 * by id, or every memory of `from` whose title, content or tags contain `query`. With a `remote`,
 * checkouts with that remote resolve to the new project from then on (an alias `remote:<remote>`);
 * if a project with that remote exists already, the memories move into it instead. Sessions,
 * checkpoints and KV entries stay where they are: they belong to the work, not to a memory.
 */
export function splitProject(ctx: Ctx, input: ParsedSplitProjectInput): SplitProjectResult {
  const remote = input.remote === undefined ? null : storedRemote(input.remote);
  if (remote === "") throw badRequest("remote is not a repository address", { field: "remote" });
  return withTransaction(
    ctx.db,
    (tx) => {
      const db = tx.$client;
      const source = db.prepare("SELECT id, remote FROM projects WHERE id = ?").get(input.from) as { id: string; remote: string | null } | undefined;
      if (!source) throw notFound(`unknown project "${input.from}"`, { field: "from" });
      if (remote !== null && source.remote === remote) throw badRequest("that remote is the project's own: pick another one or none", { field: "remote" });

      const ids = selectedIds(db, input);
      if (ids.length === 0)
        throw badRequest(input.query !== undefined ? "no memory of that project matches the query" : "choose at least one memory", {
          field: input.query !== undefined ? "query" : "memoryIds",
        });
      const memories = db
        .prepare(`SELECT id, title, substr(content, 1, 200) AS content FROM memories WHERE id IN (SELECT value FROM json_each(?)) ORDER BY seq LIMIT ${LISTED}`)
        .all(JSON.stringify(ids)) as SplitProjectResult["memories"];

      const existing =
        remote === null
          ? undefined
          : ((
              db.prepare("SELECT id FROM projects WHERE remote = ? AND id <> ? ORDER BY created_at LIMIT 1").get(remote, source.id) as
                | { id: string }
                | undefined
            )?.id ?? (db.prepare("SELECT project_id AS id FROM project_aliases WHERE alias = ?").get(remoteAlias(remote)) as { id: string } | undefined)?.id);
      if (existing === source.id) throw badRequest("checkouts with that remote already resolve to this project", { field: "remote" });
      if (input.dryRun) {
        return { project: existing ? projectDto(db, existing) : null, created: !existing, moved: ids.length, memories, dryRun: true };
      }

      const target = existing ?? createProject(db, input, remote);
      if (remote !== null)
        db.prepare("INSERT OR IGNORE INTO project_aliases(alias, project_id, remote) VALUES (?, ?, ?)").run(remoteAlias(remote), target, remote);
      const moved = db
        .prepare("UPDATE memories SET project_id = ?, updated_at = ? WHERE project_id = ? AND id IN (SELECT value FROM json_each(?))")
        .run(target, Date.now(), source.id, JSON.stringify(ids)).changes;
      db.prepare("UPDATE projects SET updated_at = ? WHERE id IN (?, ?)").run(Date.now(), source.id, target);
      return { project: projectDto(db, target), created: !existing, moved, memories, dryRun: false };
    },
    "immediate",
  );
}

/** The ids to move, all in `from` (a selection naming another project's memory is refused). */
function selectedIds(db: Database.Database, input: ParsedSplitProjectInput): string[] {
  if (input.memoryIds) {
    const wanted = [...new Set(input.memoryIds)];
    const found = new Set(
      (
        db.prepare("SELECT id FROM memories WHERE project_id = ? AND id IN (SELECT value FROM json_each(?))").all(input.from, JSON.stringify(wanted)) as {
          id: string;
        }[]
      ).map((r) => r.id),
    );
    const missing = wanted.find((id) => !found.has(id));
    if (missing) throw badRequest(`memory "${missing}" is not in project "${input.from}"`, { field: "memoryIds" });
    return wanted;
  }
  const needle = (input.query ?? "").toLowerCase();
  const rows = db
    .prepare(
      `SELECT id FROM memories WHERE project_id = ?
         AND (instr(lower(content), ?) > 0 OR instr(lower(coalesce(title, '')), ?) > 0 OR instr(lower(tags), ?) > 0)
       ORDER BY seq LIMIT ?`,
    )
    .all(input.from, needle, needle, needle, SPLIT_MAX_MEMORIES + 1) as { id: string }[];
  if (rows.length > SPLIT_MAX_MEMORIES) throw badRequest(`the query matches more than ${SPLIT_MAX_MEMORIES} memories: narrow it`, { field: "query" });
  return rows.map((r) => r.id);
}

function createProject(db: Database.Database, input: ParsedSplitProjectInput, remote: string | null): string {
  const id = `p_${crypto.randomBytes(8).toString("hex")}`;
  const name = input.name === undefined ? (remote ?? "").split("/").pop() || "split" : redact(input.name);
  db.prepare("INSERT INTO projects(id, name, root_path, identity, remote) VALUES (?, ?, NULL, ?, ?)").run(
    id,
    name,
    remote === null ? "split" : "split+remote",
    remote,
  );
  return id;
}
