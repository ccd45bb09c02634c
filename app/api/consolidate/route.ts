import { json, parseBody, route } from "../_lib/handler";
import { consolidateInput } from "@/lib/contracts/consolidation";
import { consolidate } from "@/lib/consolidation/consolidate";
import { resolveProject } from "@/lib/projects/resolve";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `{ directory?|project?, daysStale?, dryRun? }` -> what was found and stored (proposals on a dry run). */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, consolidateInput, SMALL_BODY_LIMIT);
  const project = resolveProject(ctx, input) ?? undefined;
  return json(await consolidate(ctx, { project, daysStale: input.daysStale, dryRun: input.dryRun }));
});
