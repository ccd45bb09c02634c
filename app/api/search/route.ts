import { after } from "next/server";
import { json, readJson, route } from "../_lib/handler";
import { searchMemories } from "@/lib/search/search";

export const dynamic = "force-dynamic";

// The access count is written after the answer is sent (`after`), off the agent's hot path.
export const POST = route(async ({ req, ctx }) =>
  json(await searchMemories(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never, { defer: after })),
);
