import { json, parseBody, route } from "../../_lib/handler";
import { loopIdParam, updateLoopInput } from "@/lib/contracts/loops";
import { getLoop, updateLoop } from "@/lib/loops";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

type P = { id: string };

export const GET = route<P>(({ ctx, params }) => json(getLoop(ctx, loopIdParam.parse(params.id))));

/** The plugin's driver reports state, counters and one phase. */
export const PATCH = route<P>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, updateLoopInput, SMALL_BODY_LIMIT);
  return json(updateLoop(ctx, loopIdParam.parse(params.id), input));
});
