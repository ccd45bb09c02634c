import { json, parseBody, route } from "../_lib/handler";
import { teamJoinInput } from "@/lib/contracts/team";
import { joinHub } from "@/lib/team/join";
import { leaveHub } from "@/lib/team/leave";
import { teamStatus } from "@/lib/team/status";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

export const dynamic = "force-dynamic";

/** `recollect team status`. */
export const GET = route(({ ctx }) => json(teamStatus(ctx)));
/** `recollect team join <url> --token …`: checks the token with the hub, then keeps the link. */
export const POST = route(async ({ req, ctx }) => json(await joinHub(ctx, await parseBody(req, teamJoinInput, SMALL_BODY_LIMIT))));
/** `recollect team leave`: memories stay; the link, shared projects and outbox go. */
export const DELETE = route(({ ctx }) => json(leaveHub(ctx)));
