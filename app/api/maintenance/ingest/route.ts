import { json, readJson, route } from "../../_lib/handler";
import { captureCheckpointAsync } from "@/lib/checkpoints";
import { ingestSessions } from "@/lib/ingest/ingest";

/**
 * Ingests past OpenCode sessions from `source` (OpenCode's database, read-only): up to `limit`
 * per call, so the CLI can show progress and a long history never holds one request for minutes.
 */
export const POST = route(async ({ req, ctx }) =>
  json(await ingestSessions(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never, (c, input, at) => captureCheckpointAsync(c, input, at))),
);
