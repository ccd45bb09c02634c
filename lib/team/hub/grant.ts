import { recordAudit } from "./audit";
import type { Hub } from "./open";
import { withHubTransaction } from "./transaction";

/** Gives a team access to a project's team memories (team -> project rule). */
export async function grantProjectAccess(hub: Hub, actor: string, input: { team: string; project: string }): Promise<{ team: string; project: string }> {
  return withHubTransaction(hub, async (client) => {
    await client.query("INSERT INTO hub_access (team, project) VALUES ($1, $2) ON CONFLICT DO NOTHING", [input.team, input.project]);
    await recordAudit(client, { actor, action: "access.grant", project: input.project, detail: { team: input.team } });
    return input;
  });
}
