import { json, parseBodySliced, parseQuery, route } from "../_lib/handler";
import { captureCheckpointInput, listCheckpointsQuery } from "@/lib/contracts/checkpoints";
import { listCheckpoints, saveCheckpoint } from "@/lib/checkpoints";
import { historyBodyLimit } from "@/lib/http/body-limits";

export const GET = route(({ req, ctx }) => json(listCheckpoints(ctx, parseQuery(req, listCheckpointsQuery))));

/** Compaction, manual and ingest captures; the optional LLM extractor runs afterwards, off the request. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBodySliced(req, captureCheckpointInput, "messages", historyBodyLimit(ctx.config));
  return json(await saveCheckpoint(ctx, input), 201);
});
