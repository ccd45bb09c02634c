import { json, readJson, route } from "../_lib/handler";
import { searchMemories } from "@/lib/search/search";

export const dynamic = "force-dynamic";

export const POST = route(async ({ req, ctx }) => json(await searchMemories(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)));
