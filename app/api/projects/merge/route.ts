import { json, parseBody, route } from "../../_lib/handler";
import { mergeProjectsInput } from "@/lib/contracts/projects";
import { mergeProjects } from "@/lib/projects/merge";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `{ into, from }`: moves everything of `from` into `into`; `from`'s identity becomes an alias of `into`. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, mergeProjectsInput, SMALL_BODY_LIMIT);
  return json(mergeProjects(ctx, input));
});
