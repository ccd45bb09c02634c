import { json, readJson, route } from "../../_lib/handler";
import { vacuum } from "@/lib/maintenance/vacuum";

export const POST = route(async ({ req, ctx }) => json(vacuum(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)));
