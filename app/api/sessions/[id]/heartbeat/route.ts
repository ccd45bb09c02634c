import { json, parseBody, route } from "../../../_lib/handler";
import { heartbeatInput } from "@/lib/contracts/sessions";
import { heartbeat } from "@/lib/sessions";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

export const POST = route<{ id: string }>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, heartbeatInput, SMALL_BODY_LIMIT);
  return json(heartbeat(ctx, params.id, input));
});
