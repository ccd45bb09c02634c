import { json, parseBody, route } from "../../../_lib/handler";
import { bulkMatchingInput } from "@/lib/contracts/memories";
import { bulkMatching } from "@/lib/memories/bulk-matching";

/** `{ query, filters..., action }` -> the bulk result over every memory the browser's search matches, and how many matched. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, bulkMatchingInput, ctx.config.server.bodyLimitBytes);
  return json(await bulkMatching(ctx, input));
});
