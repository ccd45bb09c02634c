import { json, parseBody, route } from "../../_lib/handler";
import { splitProjectInput } from "@/lib/contracts/projects";
import { splitProject } from "@/lib/projects/split";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `{ from, memoryIds | query, name?, remote?, dryRun? }`: moves memories out of `from` into a new project. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, splitProjectInput, SMALL_BODY_LIMIT);
  const result = splitProject(ctx, input);
  return json(result, result.created && !result.dryRun ? 201 : 200);
});
