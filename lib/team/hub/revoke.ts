import { notFound } from "../../errors";
import { recordAudit } from "./audit";
import type { Hub } from "./open";
import { withHubTransaction } from "./transaction";

/** Revokes a user's token: their next request is refused (tokens are checked on every request). */
export async function revokeHubUser(hub: Hub, actor: string, name: string): Promise<{ name: string; revoked: true }> {
  return withHubTransaction(hub, async (client) => {
    const { rowCount } = await client.query("UPDATE hub_users SET revoked_at = coalesce(revoked_at, now()) WHERE name = $1", [name]);
    if (!rowCount) throw notFound(`no user named "${name}"`, { field: "name" });
    await recordAudit(client, { actor, action: "user.revoke", detail: { name } });
    return { name, revoked: true };
  });
}
