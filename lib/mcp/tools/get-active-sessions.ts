import { listSessionsQuery } from "../../contracts/sessions";
import { listSessions } from "../../sessions";
import { projectArg } from "../args";
import { formatSession } from "../format";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const getActiveSessions = defineTool({
  name: "get_active_sessions",
  description: "The agent sessions active on the project and what each has claimed.",
  input: { project: projectArg },
  annotations: { readOnlyHint: true },
  argAliases: { working_directory: "project" },
  run: (a, env) => {
    const { items } = listSessions(env.ctx, listSessionsQuery.parse(projectRef(a.project, env)));
    return toolResult(items.length ? items.map(formatSession).join("\n") : "No active sessions.", { sessions: items });
  },
});
