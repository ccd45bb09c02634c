import { json, route } from "../../_lib/handler";
import { getCheckpoint } from "@/lib/checkpoints";

export const GET = route<{ id: string }>(({ ctx, params }) => json(getCheckpoint(ctx, params.id)));
