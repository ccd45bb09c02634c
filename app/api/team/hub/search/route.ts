import { json, parseQuery, route } from "../../../_lib/handler";
import { hubCaller } from "../../_hub";
import { teamSearchQuery } from "@/lib/contracts/team";
import { searchTeamMemories } from "@/lib/team/hub/search";

export const dynamic = "force-dynamic";

/** Hybrid search over a project's team memories on the hub (the query embedded by this server's model, when it has one). */
export const GET = route(async ({ req, ctx, auth }) => {
  const { hub, user } = await hubCaller(req, auth);
  const embed = (text: string) => ctx.services.embeddings?.embedQuery(text) ?? Promise.resolve(null);
  return json(await searchTeamMemories(hub, user, parseQuery(req, teamSearchQuery), embed));
});
