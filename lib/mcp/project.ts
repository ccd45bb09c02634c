import path from "node:path";
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
