import { json, parseBody, route } from "../../_lib/handler";
import { cleanupInput } from "@/lib/contracts/maintenance";
import { cleanup } from "@/lib/maintenance/cleanup";

/** Deletes (or archives) memories matching filters; `dryRun` only counts and samples them. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, cleanupInput, ctx.config.server.bodyLimitBytes);
  return json(cleanup(ctx, input));
});
