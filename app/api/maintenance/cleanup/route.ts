import { json, readJson, route } from "../../_lib/handler";
import { cleanup } from "@/lib/maintenance/cleanup";

/** Deletes (or archives) memories matching filters; `dryRun` only counts and samples them. */
export const POST = route(async ({ req, ctx }) => json(cleanup(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)));
