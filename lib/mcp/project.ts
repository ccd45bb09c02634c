import path from "node:path";
import type { Ctx } from "../ctx";
import { identifyProject } from "../projects/identify";
import type { ProjectRef } from "../projects/resolve";
import { projectRootPath } from "../projects/root-path";
import type { ToolEnv } from "./tool";

/**
 * A tool's `project` argument: an absolute directory (resolved to its project like the plugin's)
 * or a project id as the API returns it; without one, the caller's directory when known.
 */
export function projectRef(project: string | undefined, env: Pick<ToolEnv, "directory">): ProjectRef {
  if (project) return path.isAbsolute(project) ? { directory: project } : { project };
  return env.directory ? { directory: env.directory } : {};
}

/** The project's root directory on this machine (for its git remote), when known. */
export function projectRoot(ctx: Ctx, project: string | undefined, env: Pick<ToolEnv, "directory">): string | null {
  const ref = projectRef(project, env);
  if (ref.directory) return identifyProject(ref.directory).rootPath;
  return ref.project ? projectRootPath(ctx, ref.project) : null;
}
