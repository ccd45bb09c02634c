import { json, readJson, route } from "../../_lib/handler";
import { backup } from "@/lib/maintenance/backup";

/** A consistent copy of the live database (SQLite online backup), taken while the server serves. */
export const POST = route(async ({ req, ctx }) => json(await backup(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never), 201));
