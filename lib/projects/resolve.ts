import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { projects } from "../db/schema";
import { notFound } from "../errors";
import { redact } from "../security/redaction";
import { redactKey } from "../security/redact-fields";
import { aliasRow, mergedLegacyProject, storedProjectOf, storedRemote } from "./aliases";
import { mayClaimLegacy, separateCopy } from "./copies";
import { identifyProject, type ProjectIdentity } from "./identify";

export interface ProjectRef {
  /** A working directory inside the project (what the plugin knows). */
  directory?: string;
  /** A project id as returned by the API. */
  project?: string;
}

/**
 * Turns a directory or a project id into a project id, registering the project on first sight.
 * Returns null when neither is given (global scope).
 */
export function resolveProject(ctx: Ctx, ref: ProjectRef): string | null {
  if (ref.directory) {
    const found = separateCopy(ctx.sqlite, identifyProject(ref.directory));
    const remote = found.remoteUrl === undefined ? null : storedRemote(found.remoteUrl);
    // Merged into another project, or split off for its remote: that project exists already.
    const stored = storedProjectOf(ctx.sqlite, found.id, remote);
    if (stored && stored !== found.id) return stored;
    const id = legacyProject(ctx, found, remote) ?? found.id;
    if (id !== found.id && id !== found.legacyId) return id;
    // The id is a hash of the real path; the name and root path shown are stored redacted.
    const rootPath = redactKey(found.rootPath);
    // The name is the root's last segment: taken from the redacted root, so that a secret spread
    // over several segments (a URL) leaves no piece behind.
    const name = rootPath !== found.rootPath && found.name === path.basename(found.rootPath) ? path.basename(rootPath) || rootPath : redact(found.name);
    ctx.db
      .insert(projects)
      .values({ id, name, rootPath, identity: found.identity, remote })
      .onConflictDoUpdate({
        target: projects.id,
        set: {
          // A linked worktree or a clone of a local copy is that copy's project: its path is not
          // stored over the copy's, or the copy would look like another live copy (copies.ts).
          ...(found.linked || found.localOrigin ? {} : { rootPath }),
          remote: sql`coalesce(${projects.remote}, excluded.remote)`,
          updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))`,
        },
      })
      .run();
    return id;
  }
  if (ref.project) {
    const row = ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, ref.project)).get();
    // An id kept from before a merge names the project it was merged into.
    const merged = row ? undefined : aliasRow(ctx.sqlite, ref.project);
    if (merged) return merged.project_id;
    if (!row) throw notFound(`unknown project "${ref.project}"`, { field: "project" });
    return row.id;
  }
  return null;
}

/**
 * Projects stored before the remote counted were keyed by the root commit alone. The first remote
 * seen with such a project claims it (its memories stay where they are); a repository with the
 * same root commit and another remote (made from a template, or a copy pushed elsewhere) is a
 * project of its own. Returns the legacy id to use, or undefined.
 */
function legacyProject(ctx: Ctx, found: ProjectIdentity, remote: string | null): string | undefined {
  const { id, legacyId } = found;
  if (!legacyId || remote === null) return undefined;
  if (ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).get()) return undefined;
  const legacy = ctx.db.select({ remote: projects.remote }).from(projects).where(eq(projects.id, legacyId)).get();
  if (!legacy) return mergedLegacyProject(ctx.sqlite, legacyId, remote);
  if (legacy.remote !== null) return legacy.remote === remote ? legacyId : undefined;
  // A copy with no remote living elsewhere is another repository, not this one before its remote.
  if (!mayClaimLegacy(ctx.sqlite, found, legacyId)) return undefined;
  ctx.db
    .update(projects)
    .set({ remote })
    .where(and(eq(projects.id, legacyId), isNull(projects.remote)))
    .run();
  // Another remote may have claimed it a moment before.
  const claimed = ctx.db.select({ remote: projects.remote }).from(projects).where(eq(projects.id, legacyId)).get();
  return claimed?.remote === remote ? legacyId : undefined;
}

export function listProjects(ctx: Ctx) {
  return ctx.db.select().from(projects).orderBy(projects.name).all();
}
