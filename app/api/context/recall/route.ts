import { json, readJson, route } from "../../_lib/handler";
import { batchedAccess } from "@/lib/search/access-buffer";
import { buildRecallBlock } from "@/lib/injection/recall";

// Access counts are written in batches, off the agent's hot path (lib/search/access-buffer.ts).
export const POST = route(async ({ req, ctx }) =>
  json(await buildRecallBlock(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never, { defer: batchedAccess(ctx) })),
);
