import crypto from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import type { ParsedTeamInviteInput } from "../../contracts/team";
import { conflict } from "../../errors";
import { recordAudit } from "./audit";
import type { Hub } from "./open";
import { withHubTransaction } from "./transaction";
import { hashToken } from "./users";

/** Issues a user's token (shown once; only its hash is kept). `actor`: who invited (the hub's admin). */
export async function inviteHubUser(hub: Hub, actor: string, input: ParsedTeamInviteInput): Promise<{ name: string; team: string; token: string }> {
  const token = `rct_${crypto.randomBytes(32).toString("base64url")}`;
  return withHubTransaction(hub, async (client) => {
    const { rowCount } = await client.query(
      "INSERT INTO hub_users (id, name, team, token_hash, is_admin) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING",
      [uuidv7(), input.name, input.team, hashToken(token), input.admin],
    );
    if (!rowCount) throw conflict(`a user named "${input.name}" exists: revoke it first or pick another name`, { field: "name" });
    await recordAudit(client, { actor, action: "user.invite", detail: { name: input.name, team: input.team, admin: input.admin } });
    return { name: input.name, team: input.team, token };
  });
}
