import { json, queryObject, readJson, route } from "../_lib/handler";
import { captureCheckpointAsync, extractAfterCapture, listCheckpoints } from "@/lib/checkpoints";

export const GET = route(({ req, ctx }) => json(listCheckpoints(ctx, queryObject(req))));

/** Compaction, manual and ingest captures; the optional LLM extractor runs afterwards, off the request. */
export const POST = route(async ({ req, ctx }) => {
  const body = await readJson(req, ctx.config.server.historyBodyLimitBytes);
  const result = await captureCheckpointAsync(ctx, body as never);
  void extractAfterCapture(ctx, body as never);
  return json(result, 201);
});
