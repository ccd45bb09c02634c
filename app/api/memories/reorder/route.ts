import { json, parseBody, route } from "../../_lib/handler";
import { reorderInput } from "@/lib/contracts/memories";
import { reorderMemory } from "@/lib/memories/reorder";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `{ id, over }`: raise `id` just above `over` by priority (the constraints page's reordering). */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, reorderInput, SMALL_BODY_LIMIT);
  return json(reorderMemory(ctx, input));
});
