import { json, parseBody, route } from "../../_lib/handler";
import { ingestInput } from "@/lib/contracts/maintenance";
import { ingestSessions } from "@/lib/ingest/ingest";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/**
 * Ingests past OpenCode sessions from `source` (OpenCode's database, read-only): up to `limit`
 * per call, so the CLI can show progress and a long history never holds one request for minutes.
 */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, ingestInput, SMALL_BODY_LIMIT);
  return json(await ingestSessions(ctx, input));
});
