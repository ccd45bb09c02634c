import { json, parseQuery, route } from "../../../_lib/handler";
import { hubCaller } from "../../_hub";
import { teamPullQuery } from "@/lib/contracts/team";
import { pullVersions } from "@/lib/team/hub/pull";

export const dynamic = "force-dynamic";

/** A project's versions after a cursor, in hub order (`wait`: a long poll until the next push). */
export const GET = route(async ({ req, auth }) => {
  const { hub, user } = await hubCaller(req, auth);
  return json(await pullVersions(hub, user, parseQuery(req, teamPullQuery), req.signal));
});
