import { json, parseBody, route } from "../../_lib/handler";
import { teamAccessInput } from "@/lib/contracts/team";
import { grantProjectAccess } from "@/lib/team/hub/grant";
import { currentHub } from "@/lib/team/hub/state";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `recollect team grant <team> <project>`: a team reaches a project's team memories on this hub. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, teamAccessInput, SMALL_BODY_LIMIT);
  return json(await grantProjectAccess(await currentHub(), "admin", input), 201);
});
