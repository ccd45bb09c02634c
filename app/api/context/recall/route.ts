import { after } from "next/server";
import { json, readJson, route } from "../../_lib/handler";
import { buildRecallBlock } from "@/lib/context/recall";

// The access count is written after the answer is sent (`after`), off the agent's hot path.
export const POST = route(async ({ req, ctx }) =>
  json(await buildRecallBlock(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never, { defer: after })),
);
