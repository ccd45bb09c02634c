import { json, readJson, route } from "../../_lib/handler";
import { reorderMemory } from "@/lib/memories/reorder";

/** `{ id, over }`: raise `id` just above `over` by priority (the constraints page's reordering). */
export const POST = route(async ({ req, ctx }) => json(reorderMemory(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)));
