import { json, parseBody, route } from "../../_lib/handler";
import { teamAccessInput } from "@/lib/contracts/team";
import { grantProjectAccess } from "@/lib/team/hub/grant";
import { currentHub } from "@/lib/team/hub/state";

/** `recollect team grant <team> <project>`: a team reaches a project's team memories on this hub. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, teamAccessInput, ctx.config.server.bodyLimitBytes);
  return json(await grantProjectAccess(await currentHub(), "admin", input), 201);
});
