import { claimInput } from "../../contracts/sessions";
import { releaseClaim } from "../../sessions";
import { projectArg, sessionId } from "../args";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const releaseItem = defineTool({
  name: "release_item",
  description: "Release an item this session claimed.",
  input: { session_id: sessionId, item: claimInput.shape.item, project: projectArg },
  argAliases: { item_ref: "item", working_directory: "project" },
  run: (a, env) => {
    const out = releaseClaim(env.ctx, { ...projectRef(a.project, env), sessionID: a.session_id, item: a.item });
    return toolResult(out.released ? `Released "${a.item}".` : `"${a.item}" was not claimed.`, out);
  },
});
