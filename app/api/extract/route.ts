import { json, parseBodySliced, route } from "../_lib/handler";
import { extractInput } from "@/lib/contracts/extraction";
import { extractMemories } from "@/lib/extraction";
import { historyBodyLimit } from "@/lib/http/body-limits";

/**
 * The plugin posts what was said (chat.message, session idle); suggestions and a nudge come back.
 * Its up to 10,000 messages are checked in slices: one `schema.parse` of them held the event loop ~80 ms.
 */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBodySliced(req, extractInput, "messages", historyBodyLimit(ctx.config));
  return json(await extractMemories(ctx, input));
});
