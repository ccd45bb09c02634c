import type { Ctx } from "../ctx";
import type { Scope } from "../vocabulary";
import { badRequest } from "../errors";
import { resolveProject, type ProjectRef } from "../projects/resolve";

export interface Placement {
  scope: Scope;
  projectId: string | null;
  sessionId: string | null;
}

/**
 * Where a memory lives. `global` has no project; `project` needs one (directory or id); `session`
 * needs a session id and keeps the project when known. Without a scope: project if one is given,
 * else global.
 */
export function resolvePlacement(ctx: Ctx, input: ProjectRef & { scope?: Scope; sessionId?: string }): Placement {
  const scope: Scope = input.scope ?? (input.directory || input.project ? "project" : "global");
  if (scope === "global") return { scope, projectId: null, sessionId: null };
  const projectId = resolveProject(ctx, input);
  if (scope === "project") {
    if (!projectId) throw badRequest('scope "project" needs a directory or a project', { field: "directory" });
    return { scope, projectId, sessionId: null };
  }
  if (!input.sessionId) throw badRequest('scope "session" needs a sessionId', { field: "sessionId" });
  return { scope, projectId, sessionId: input.sessionId };
}
