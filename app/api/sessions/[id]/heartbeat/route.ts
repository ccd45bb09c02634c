import { json, parseBody, route } from "../../../_lib/handler";
import { heartbeatInput } from "@/lib/contracts/sessions";
import { heartbeat } from "@/lib/sessions";

export const POST = route<{ id: string }>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, heartbeatInput, ctx.config.server.bodyLimitBytes);
  return json(heartbeat(ctx, params.id, input));
});
