import { json, parseBody, route } from "../../_lib/handler";
import { inboxActInput } from "@/lib/contracts/consolidation";
import { actOnInbox } from "@/lib/consolidation/act";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `{ items: [{ type, id, action, content?, keeperId?, supersedes? }] }`: decided together, undone together. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, inboxActInput, SMALL_BODY_LIMIT);
  return json(actOnInbox(ctx, input.items, input.source));
});
