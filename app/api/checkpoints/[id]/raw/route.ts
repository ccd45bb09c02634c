import { json, queryObject, route } from "../../../_lib/handler";
import { rawCheckpoint } from "@/lib/checkpoints";

export const GET = route<{ id: string }>(({ req, ctx, params }) => json(rawCheckpoint(ctx, params.id, queryObject(req))));
