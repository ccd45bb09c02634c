import { json, parseBody, route } from "../../../_lib/handler";
import { loopIdParam, restartLoopInput } from "@/lib/contracts/loops";
import { restartLoop } from "@/lib/loops";

/**
 * The body (`{ maxIterations }`) is optional: without one the loop keeps its limits. Only with the
 * token or a re-authenticated browser (lib/security/guard.ts): the run grant is renewed.
 */
export const POST = route<{ id: string }>(async ({ req, ctx, params, server }) => {
  const id = loopIdParam.parse(params.id);
  const hasBody = Number(req.headers.get("content-length") ?? 0) > 0 || req.headers.has("transfer-encoding");
  const input = hasBody ? await parseBody(req, restartLoopInput, 4096) : restartLoopInput.parse({});
  return json(restartLoop(ctx, id, input, server.token));
});
