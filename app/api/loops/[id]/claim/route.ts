import { json, parseBody, route } from "../../../_lib/handler";
import { claimLoopInput, loopIdParam } from "@/lib/contracts/loops";
import { claimLoop } from "@/lib/loops";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** The driver's heartbeat: takes or keeps the loop and answers its state (a cancel shows here). */
export const POST = route<{ id: string }>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, claimLoopInput, SMALL_BODY_LIMIT);
  return json(claimLoop(ctx, loopIdParam.parse(params.id), input));
});
