import { json, parseBody, route } from "../../_lib/handler";
import { teamInviteInput } from "@/lib/contracts/team";
import { inviteHubUser } from "@/lib/team/hub/invite";
import { currentHub } from "@/lib/team/hub/state";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `recollect team invite`: issues a user's token on this hub (the hub server's API token is the admin). */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, teamInviteInput, SMALL_BODY_LIMIT);
  return json(await inviteHubUser(await currentHub(), "admin", input), 201);
});
