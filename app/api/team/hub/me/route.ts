import { json, route } from "../../../_lib/handler";
import { hubCaller } from "../../_hub";
import { accessibleProjects } from "@/lib/team/hub/users";

/** Who a team token belongs to and which projects their team reaches (`recollect team join` checks it). */
export const GET = route(async ({ req, auth }) => {
  const { hub, user } = await hubCaller(req, auth);
  return json({ name: user.name, team: user.team, projects: await accessibleProjects(hub, user) });
});
