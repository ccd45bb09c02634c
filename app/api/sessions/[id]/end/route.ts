import { json, parseBody, route } from "../../../_lib/handler";
import { endSessionInput } from "@/lib/contracts/sessions";
import { endSession } from "@/lib/sessions";

export const POST = route<{ id: string }>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, endSessionInput, ctx.config.server.bodyLimitBytes);
  return json(endSession(ctx, params.id, input));
});
