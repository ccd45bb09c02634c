import { json, parseBody, route } from "../../_lib/handler";
import { teamShareInput } from "@/lib/contracts/team";
import { shareProject } from "@/lib/team/share";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/** `recollect team share [dir] --as <name>`: the project's memories become its team scope. */
export const POST = route(async ({ req, ctx }) => json(shareProject(ctx, await parseBody(req, teamShareInput, SMALL_BODY_LIMIT)), 201));
