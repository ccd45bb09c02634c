import { json, parseQuery, route } from "../../../_lib/handler";
import { hubCaller } from "../../_hub";
import { teamSearchQuery } from "@/lib/contracts/team";
import { searchTeamMemories } from "@/lib/team/hub/search";

export const dynamic = "force-dynamic";

/** Full-text search over a project's team memories on the hub. */
export const GET = route(async ({ req, auth }) => {
  const { hub, user } = await hubCaller(req, auth);
  return json({ results: await searchTeamMemories(hub, user, parseQuery(req, teamSearchQuery)) });
});
