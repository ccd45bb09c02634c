import { json, parseBody, parseQuery, route } from "../_lib/handler";
import { listSessionsQuery, registerSessionInput } from "@/lib/contracts/sessions";
import { listSessions, registerSession } from "@/lib/sessions";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

export const GET = route(({ req, ctx }) => json(listSessions(ctx, parseQuery(req, listSessionsQuery))));

export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, registerSessionInput, SMALL_BODY_LIMIT);
  return json(registerSession(ctx, input), 201);
});
