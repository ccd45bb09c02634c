import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { projects } from "../db/schema";
import { notFound } from "../errors";
import { redact } from "../security/redact";
import { redactKey } from "../security/redact-fields";
import { identifyProject } from "./identify";

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
    const found = identifyProject(ref.directory);
    // The id is a hash of the real path; the name and root path shown are stored redacted.
    const rootPath = redactKey(found.rootPath);
    // The name is the root's last segment: taken from the redacted root, so that a secret spread
    // over several segments (a URL) leaves no piece behind.
    const name = rootPath !== found.rootPath && found.name === path.basename(found.rootPath) ? path.basename(rootPath) || rootPath : redact(found.name);
    ctx.db
      .insert(projects)
      .values({ id: found.id, name, rootPath, identity: found.identity })
      .onConflictDoUpdate({ target: projects.id, set: { rootPath, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` } })
      .run();
    return found.id;
  }
  if (ref.project) {
    const row = ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, ref.project)).get();
    if (!row) throw notFound(`unknown project "${ref.project}"`, { field: "project" });
    return row.id;
  }
  return null;
}

export function listProjects(ctx: Ctx) {
  return ctx.db.select().from(projects).orderBy(projects.name).all();
}
