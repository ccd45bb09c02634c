import type Database from "better-sqlite3";
import type { ProjectDto } from "../contracts/projects";
import { notFound } from "../errors";

interface ProjectRow {
  id: string;
  name: string;
  root_path: string | null;
  identity: string;
  remote: string | null;
  created_at: number;
  updated_at: number;
}

type Counts = ProjectDto["counts"];
const COUNTED_TABLES = { memories: "memories", sessions: "sessions", checkpoints: "checkpoints", kv: "kv", loops: "loops" } satisfies Record<
  keyof Counts,
  string
>;

/** Every project with what it holds and its aliases, by name: a handful of grouped counts, not one query a project. */
export function projectDtos(sqlite: Database.Database, onlyId?: string): ProjectDto[] {
  const rows = (
    onlyId ? sqlite.prepare("SELECT * FROM projects WHERE id = ?").all(onlyId) : sqlite.prepare("SELECT * FROM projects ORDER BY name COLLATE NOCASE, id").all()
  ) as ProjectRow[];
  const counts = new Map<string, Counts>(rows.map((r) => [r.id, { memories: 0, sessions: 0, checkpoints: 0, kv: 0, loops: 0 }]));
  for (const [key, table] of Object.entries(COUNTED_TABLES) as [keyof Counts, string][]) {
    const grouped = onlyId
      ? sqlite.prepare(`SELECT project_id AS p, count(*) AS n FROM ${table} WHERE project_id = ?`).all(onlyId)
      : sqlite.prepare(`SELECT project_id AS p, count(*) AS n FROM ${table} WHERE project_id IS NOT NULL GROUP BY project_id`).all();
    for (const c of grouped as { p: string | null; n: number }[]) {
      const target = c.p === null ? undefined : counts.get(c.p);
      if (target) target[key] = c.n;
    }
  }
  const aliases = new Map<string, string[]>();
  for (const a of sqlite.prepare("SELECT alias, project_id FROM project_aliases ORDER BY alias").all() as { alias: string; project_id: string }[]) {
    aliases.set(a.project_id, [...(aliases.get(a.project_id) ?? []), a.alias]);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    rootPath: r.root_path,
    identity: r.identity,
    remote: r.remote,
    aliases: aliases.get(r.id) ?? [],
    counts: counts.get(r.id)!,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export function projectDto(sqlite: Database.Database, id: string, field = "project"): ProjectDto {
  const dto = projectDtos(sqlite, id)[0];
  if (!dto) throw notFound(`unknown project "${id}"`, { field });
  return dto;
}
