import { endSessionInput } from "../../contracts/sessions";
import { endSession } from "../../sessions";
import { sessionId } from "../args";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const sessionEnd = defineTool({
  name: "session_end",
  description: "End this session (its claims are released); give a short summary of what was done.",
  input: { session_id: sessionId, summary: endSessionInput.shape.summary },
  run: (a, env) => {
    const s = endSession(env.ctx, a.session_id, { summary: a.summary });
    return toolResult(`Session ${s.id} ended.`, { session: s });
  },
});
