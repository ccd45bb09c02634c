import { json, route } from "../../../_lib/handler";
import { loopIdParam } from "@/lib/contracts/loops";
import { cancelLoop } from "@/lib/loops";

export const POST = route<{ id: string }>(({ ctx, params }) => json(cancelLoop(ctx, loopIdParam.parse(params.id))));
