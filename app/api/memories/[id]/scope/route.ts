import { json, parseBody, route } from "../../../_lib/handler";
import { rescopeInput } from "@/lib/contracts/memories";
import { rescopeMemory } from "@/lib/memories/rescope";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `{ scope: global|project|session, project?|directory?, sessionId? }`: moves the memory. */
export const POST = route<{ id: string }>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, rescopeInput, SMALL_BODY_LIMIT);
  return json(rescopeMemory(ctx, params.id, input));
});
