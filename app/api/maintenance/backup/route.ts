import { json, parseBody, route } from "../../_lib/handler";
import { backupInput } from "@/lib/contracts/maintenance";
import { backup } from "@/lib/maintenance/backup";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** A consistent copy of the live database (SQLite online backup), taken while the server serves. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, backupInput, SMALL_BODY_LIMIT);
  return json(await backup(ctx, input), 201);
});
