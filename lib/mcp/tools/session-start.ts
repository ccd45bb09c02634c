import { registerSessionInput } from "../../contracts/sessions";
import { registerSession } from "../../sessions";
import { projectArg, sessionId } from "../args";
import { formatSession } from "../format";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

const shape = registerSessionInput.shape;

export const sessionStart = defineTool({
  name: "session_start",
  description: "Register this agent session on the project, with what it works on; other agents see it in get_active_sessions.",
  input: { session_id: sessionId, working_on: shape.workingOn, title: shape.title, agent: shape.agent, project: projectArg },
  argAliases: { working_directory: "project" },
  run: (a, env) => {
    const s = registerSession(env.ctx, { ...projectRef(a.project, env), sessionID: a.session_id, workingOn: a.working_on, title: a.title, agent: a.agent });
    return toolResult(`Session ${s.id} started.\n${formatSession(s)}`, { session: s });
  },
});
