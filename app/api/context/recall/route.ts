import { direct, json, parseBody, route } from "../../_lib/handler";
import { recallContextInput } from "@/lib/contracts/context";
import { buildRecallBlock } from "@/lib/injection/recall";
import { batchedAccess } from "@/lib/search/access-buffer";

// The plugin's per-turn call: access counts are written in batches (lib/search/access-buffer.ts),
// and the production server answers it without Next.js's request handling (lib/http/direct-routes.ts).
export const POST = direct(
  "POST",
  "/api/context/recall",
  route(async ({ req, ctx }) => {
    const input = await parseBody(req, recallContextInput, ctx.config.server.bodyLimitBytes);
    return json(await buildRecallBlock(ctx, input, { defer: batchedAccess(ctx) }));
  }),
);
