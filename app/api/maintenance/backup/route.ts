import { json, parseBody, route } from "../../_lib/handler";
import { backupInput } from "@/lib/contracts/maintenance";
import { backup } from "@/lib/maintenance/backup";

/** A consistent copy of the live database (SQLite online backup), taken while the server serves. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, backupInput, ctx.config.server.bodyLimitBytes);
  return json(await backup(ctx, input), 201);
});
