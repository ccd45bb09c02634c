import { json, readJson, route } from "../../_lib/handler";
import { bulkMemories } from "@/lib/memories/bulk";

/** `{ ids, action: archive|restore|delete }` -> what changed, what was already so, what was not found. */
export const POST = route(async ({ req, ctx }) => json(bulkMemories(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)));
