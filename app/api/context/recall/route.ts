import { json, parseBody, route } from "../../_lib/handler";
import { recallContextInput } from "@/lib/contracts/context";
import { buildRecallBlock } from "@/lib/injection/recall";
import { batchedAccess } from "@/lib/search/access-buffer";

// Access counts are written in batches, off the agent's hot path (lib/search/access-buffer.ts).
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, recallContextInput, ctx.config.server.bodyLimitBytes);
  return json(await buildRecallBlock(ctx, input, { defer: batchedAccess(ctx) }));
});
