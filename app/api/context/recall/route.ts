import { json, readJson, route } from "../../_lib/handler";
import { buildRecallBlock } from "@/lib/context/recall";

export const POST = route(async ({ req, ctx }) => json(await buildRecallBlock(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)));
