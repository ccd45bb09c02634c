import { json, parseBody, parseQuery, route } from "../_lib/handler";
import { createLoopInput, listLoopsQuery } from "@/lib/contracts/loops";
import { createLoop, listLoops } from "@/lib/loops";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `?directory=&status=&active=`: loops, newest first. */
export const GET = route(({ req, ctx }) => json(listLoops(ctx, parseQuery(req, listLoopsQuery))));

/** Only with the token or a re-authenticated browser (lib/security/guard.ts): the loop gets its run grant. */
export const POST = route(async ({ req, ctx, server }) => {
  const input = await parseBody(req, createLoopInput, SMALL_BODY_LIMIT);
  return json(createLoop(ctx, input, server.token), 201);
});
