import { json, parseBody, route } from "../_lib/handler";
import { distillInput } from "@/lib/contracts/consolidation";
import { distill } from "@/lib/consolidation/distill";
import { resolveProject } from "@/lib/projects/resolve";

/** `{ directory?|project?, dryRun? }` -> skills proposed from procedures recurring across sessions. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, distillInput, ctx.config.server.bodyLimitBytes);
  return json(await distill(ctx, { project: resolveProject(ctx, input) ?? undefined, dryRun: input.dryRun }));
});
