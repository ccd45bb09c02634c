import { json, parseBody, route } from "../../_lib/handler";
import { splitProjectInput } from "@/lib/contracts/projects";
import { splitProject } from "@/lib/projects/split";

/** `{ from, memoryIds | query, name?, remote?, dryRun? }`: moves memories out of `from` into a new project. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, splitProjectInput, ctx.config.server.bodyLimitBytes);
  const result = splitProject(ctx, input);
  return json(result, result.created && !result.dryRun ? 201 : 200);
});
