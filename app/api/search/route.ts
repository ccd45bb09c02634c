import { json, parseBody, route } from "../_lib/handler";
import { searchInput } from "@/lib/contracts/search";
import { batchedAccess } from "@/lib/search/access-buffer";
import { searchMemories } from "@/lib/search/search";

export const dynamic = "force-dynamic";

// Access counts are written in batches, off the agent's hot path (lib/search/access-buffer.ts).
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, searchInput, ctx.config.server.bodyLimitBytes);
  return json(await searchMemories(ctx, input, { defer: batchedAccess(ctx) }));
});
