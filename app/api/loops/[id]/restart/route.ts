import { json, route } from "../../../_lib/handler";
import { loopIdParam } from "@/lib/contracts/loops";
import { restartLoop } from "@/lib/loops";

export const POST = route<{ id: string }>(({ ctx, params }) => json(restartLoop(ctx, loopIdParam.parse(params.id))));
