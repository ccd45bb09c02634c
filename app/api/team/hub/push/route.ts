import { json, parseBody, route } from "../../../_lib/handler";
import { hubCaller } from "../../_hub";
import { teamPushInput } from "@/lib/contracts/team";
import { pushChanges } from "@/lib/team/hub/push";

/** A machine's outbox: new versions, each with the hub seq it was based on (redacted again by the contract). */
export const POST = route(async ({ req, ctx, auth }) => {
  const { hub, user } = await hubCaller(req, auth);
  // A push of 1,000 full memories is larger than a single-memory body: 64 MB at most.
  const input = await parseBody(req, teamPushInput, Math.max(ctx.config.server.bodyLimitBytes, 64 * 1024 * 1024));
  return json(await pushChanges(hub, user, input));
});
