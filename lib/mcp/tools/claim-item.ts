import { claimInput, type ClaimDto } from "../../contracts/sessions";
import { claimItem as claim } from "../../sessions";
import { projectArg, sessionId } from "../args";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

const shape = claimInput.shape;
const formatClaim = (c: ClaimDto) => `"${c.item}" (${c.kind}) until ${c.expiresAt}`;

export const claimItem = defineTool({
  name: "claim_item",
  description: "Claim an issue (#123), a file or a task before working on it. Fails naming the holder when another session has it.",
  input: { session_id: sessionId, item: shape.item, note: shape.note, ttl_seconds: shape.ttlSeconds, project: projectArg },
  argAliases: { item_ref: "item", working_directory: "project" },
  run: (a, env) => {
    const c = claim(env.ctx, { ...projectRef(a.project, env), sessionID: a.session_id, item: a.item, note: a.note, ttlSeconds: a.ttl_seconds });
    return toolResult(`Claimed ${formatClaim(c)}`, { claim: c });
  },
});
