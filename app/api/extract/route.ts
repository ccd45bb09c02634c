import { json, parseBody, route } from "../_lib/handler";
import { extractInput } from "@/lib/contracts/extraction";
import { extractMemories } from "@/lib/extraction";
import { historyBodyLimit } from "@/lib/http/body-limits";

/** The plugin posts what was said (chat.message, session idle); suggestions and a nudge come back. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, extractInput, historyBodyLimit(ctx.config));
  return json(await extractMemories(ctx, input));
});
