import { json, parseBody, route } from "../_lib/handler";
import { bootstrapProjectAsync } from "@/lib/bootstrap/bootstrap";
import { bootstrapInput } from "@/lib/contracts/bootstrap";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/**
 * `POST /api/bootstrap { directory, dryRun? }`: proposes memories from the project's own files as
 * `suggested` (a dry run is the browser's preview). Reads the directory, never writes to it.
 */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, bootstrapInput, SMALL_BODY_LIMIT);
  return json(await bootstrapProjectAsync(ctx, input));
});
