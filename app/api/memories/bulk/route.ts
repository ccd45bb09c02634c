import { json, parseBody, route } from "../../_lib/handler";
import { bulkInput } from "@/lib/contracts/memories";
import { bulkMemories } from "@/lib/memories/bulk";

/** `{ ids, action: archive|restore|delete }` -> what changed, what was already so, what was not found. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, bulkInput, ctx.config.server.bodyLimitBytes);
  return json(bulkMemories(ctx, input));
});
