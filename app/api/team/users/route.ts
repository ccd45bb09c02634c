import { json, parseBody, route } from "../../_lib/handler";
import { teamInviteInput } from "@/lib/contracts/team";
import { inviteHubUser } from "@/lib/team/hub/invite";
import { currentHub } from "@/lib/team/hub/state";

/** `recollect team invite`: issues a user's token on this hub (the hub server's API token is the admin). */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, teamInviteInput, ctx.config.server.bodyLimitBytes);
  return json(await inviteHubUser(await currentHub(), "admin", input), 201);
});
