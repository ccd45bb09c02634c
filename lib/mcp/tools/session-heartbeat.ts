import { z } from "zod";
import { heartbeat } from "../../sessions";
import { projectArg, sessionId } from "../args";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const sessionHeartbeat = defineTool({
  name: "session_heartbeat",
  description: "Keep this session alive (sessions without a heartbeat go stale and lose their claims); optionally update working_on.",
  input: { session_id: sessionId, working_on: z.string().max(1000).optional(), project: projectArg },
  argAliases: { working_directory: "project" },
  run: (a, env) => {
    const s = heartbeat(env.ctx, a.session_id, { ...projectRef(a.project, env), workingOn: a.working_on });
    return toolResult(`Session ${s.id} alive.`, { session: s });
  },
});
