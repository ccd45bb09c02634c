import { projectArg } from "../args";
import { bootContext } from "../boot-context";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const getBootContext = defineTool({
  name: "get_boot_context",
  description: "Call at session start: pinned constraints, open blockers, active sessions, key memories, latest checkpoint.",
  input: { project: projectArg },
  annotations: { readOnlyHint: true },
  argAliases: { working_directory: "project" },
  run: async (a, env) => {
    const boot = await bootContext(env.ctx, projectRef(a.project, env));
    return toolResult(boot.text, boot);
  },
});
