import { json, parseBody, route } from "../../../_lib/handler";
import { endSessionInput } from "@/lib/contracts/sessions";
import { endSession } from "@/lib/sessions";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

export const POST = route<{ id: string }>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, endSessionInput, SMALL_BODY_LIMIT);
  return json(endSession(ctx, params.id, input));
});
