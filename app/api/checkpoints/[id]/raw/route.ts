import { json, parseQuery, route } from "../../../_lib/handler";
import { rawCheckpointQuery } from "@/lib/contracts/checkpoints";
import { rawCheckpoint } from "@/lib/checkpoints";

export const GET = route<{ id: string }>(({ req, ctx, params }) => json(rawCheckpoint(ctx, params.id, parseQuery(req, rawCheckpointQuery))));
