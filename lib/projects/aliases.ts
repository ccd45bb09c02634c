import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import { redactKey } from "../security/redact-fields";
import { normalizeRemote } from "./identify";

/** The alias key a split with a remote leaves: checkouts with that remote reach the new project. */
export const remoteAlias = (remote: string) => `remote:${remote}`;

interface AliasRow {
  project_id: string;
  remote: string | null;
}

/** The project an alias (a merged project's id, or `remote:<remote>`) now means, if any. */
export function aliasRow(sqlite: Database.Database, alias: string): AliasRow | undefined {
  return prepared(sqlite, "SELECT project_id, remote FROM project_aliases WHERE alias = ?").get(alias) as AliasRow | undefined;
}

const projectExists = (sqlite: Database.Database, id: string) => prepared(sqlite, "SELECT 1 FROM projects WHERE id = ?").get(id) !== undefined;

/**
 * Where a computed identity lands without writing anything: its own project when it has a row, else
 * the project it was merged into, else the project split off for its remote. Undefined when none.
 */
export function storedProjectOf(sqlite: Database.Database, id: string, remote: string | null): string | undefined {
  if (projectExists(sqlite, id)) return id;
  const merged = aliasRow(sqlite, id);
  if (merged) return merged.project_id;
  if (remote !== null) return aliasRow(sqlite, remoteAlias(remote))?.project_id;
  return undefined;
}

/**
 * A legacy id (root commit alone) merged into another project: it still answers for the remote it
 * was known by (or for any remote, when it had none yet, like an unclaimed legacy project).
 */
export function mergedLegacyProject(sqlite: Database.Database, legacyId: string, remote: string): string | undefined {
  const row = aliasRow(sqlite, legacyId);
  return row && (row.remote === null || row.remote === remote) ? row.project_id : undefined;
}

/**
 * A remote as stored (projects, aliases): redacted while it still has its own case, then
 * normalized (`normalizeRemote` lower-cases: an `AKIA…` key lower-cased no longer looks like one).
 * Equal to `normalizeRemote(url)` for every URL without a secret.
 */
export const storedRemote = (url: string): string => normalizeRemote(redactKey(url.trim()));
