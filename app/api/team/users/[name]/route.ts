import { json, route } from "../../../_lib/handler";
import { teamRevokeInput } from "@/lib/contracts/team";
import { revokeHubUser } from "@/lib/team/hub/revoke";
import { currentHub } from "@/lib/team/hub/state";

/** `recollect team revoke <name>`: the user's token is refused from the next request on. */
export const DELETE = route<{ name: string }>(async ({ params }) => {
  const { name } = teamRevokeInput.parse({ name: params.name });
  return json(await revokeHubUser(await currentHub(), "admin", name));
});
