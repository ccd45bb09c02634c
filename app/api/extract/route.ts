import { json, readJson, route } from "../_lib/handler";
import { extractMemories } from "@/lib/extraction";

/** The plugin posts what was said (chat.message, session idle); suggestions and a nudge come back. */
export const POST = route(async ({ req, ctx }) => json(await extractMemories(ctx, (await readJson(req, ctx.config.server.historyBodyLimitBytes)) as never)));
