import path from "node:path";
import { eq } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { projects } from "../db/schema";
import { identifyProject } from "../projects/identify";
import type { ProjectRef } from "../projects/resolve";

/** What a tool knows about its caller beyond the arguments: the working directory `recollect mcp` was started in. */
export interface ToolCaller {
  directory?: string;
}

/**
 * A tool's `project` argument: an absolute directory (resolved to its project like the plugin's)
 * or a project id as the API returns it; without one, the caller's directory when known.
 */
export function projectRef(project: string | undefined, caller: ToolCaller): ProjectRef {
  if (project) return path.isAbsolute(project) ? { directory: project } : { project };
  return caller.directory ? { directory: caller.directory } : {};
}

/** The project's root directory on this machine (for its git remote), when known. */
export function projectRoot(ctx: Ctx, project: string | undefined, caller: ToolCaller): string | null {
  const ref = projectRef(project, caller);
  if (ref.directory) return identifyProject(ref.directory).rootPath;
  if (!ref.project) return null;
  return ctx.db.select({ rootPath: projects.rootPath }).from(projects).where(eq(projects.id, ref.project)).get()?.rootPath ?? null;
}
