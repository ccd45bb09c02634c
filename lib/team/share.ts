import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { withTransaction } from "../db/transaction";
import { conflict } from "../errors";
import { resolveProject, type ProjectRef } from "../projects/resolve";
import { badRequest } from "../errors";

/**
 * Makes a project's memories its team scope, synced with the hub's project `name` (the same name on
 * every machine of the team). Its existing memories are queued for the next push.
 */
export function shareProject(ctx: Ctx, input: ProjectRef & { name: string }): { projectId: string; hubProject: string; queued: number } {
  const projectId = resolveProject(ctx, input);
  if (!projectId) throw badRequest("sharing needs a directory or a project", { field: "directory" });
  return withTransaction(
    ctx.db,
    () => {
      const taken = prepared(ctx.sqlite, "SELECT project_id AS id FROM team_projects WHERE hub_project = ?").get(input.name) as { id: string } | undefined;
      if (taken && taken.id !== projectId) throw conflict(`hub project "${input.name}" is shared from another local project`, { field: "name" });
      prepared(
        ctx.sqlite,
        "INSERT INTO team_projects (project_id, hub_project) VALUES (?, ?) ON CONFLICT (project_id) DO UPDATE SET hub_project = excluded.hub_project",
      ).run(projectId, input.name);
      const queued = prepared(
        ctx.sqlite,
        `INSERT INTO team_outbox (memory_id) SELECT id FROM memories
          WHERE project_id = ? AND scope = 'project' AND status IN ('active', 'resolved') AND id NOT IN (SELECT memory_id FROM team_memories)`,
      ).run(projectId).changes;
      prepared(ctx.sqlite, "INSERT INTO team_memories (memory_id) SELECT memory_id FROM team_outbox WHERE true ON CONFLICT (memory_id) DO NOTHING").run();
      return { projectId, hubProject: input.name, queued };
    },
    "immediate",
  );
}
