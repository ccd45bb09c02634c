import { direct, json, parseBody, route } from "../_lib/handler";
import { searchInput } from "@/lib/contracts/search";
import { batchedAccess } from "@/lib/search/access-buffer";
import { searchMemories } from "@/lib/search/search";

export const dynamic = "force-dynamic";

// The agent's hot path: access counts are written in batches (lib/search/access-buffer.ts), and
// the production server answers it without Next.js's request handling (lib/http/direct-routes.ts).
export const POST = direct(
  "POST",
  "/api/search",
  route(async ({ req, ctx }) => {
    const input = await parseBody(req, searchInput, ctx.config.server.bodyLimitBytes);
    return json(await searchMemories(ctx, input, { defer: batchedAccess(ctx) }));
  }),
);
