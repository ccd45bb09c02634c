import { json, parseBody, route } from "../../_lib/handler";
import { ingestNotesInput } from "@/lib/contracts/notes";
import { ingestNotesAsync } from "@/lib/notes/ingest-notes";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/**
 * `POST /api/notes/ingest { path, directory?, project?, scope?, dryRun? }`: a Markdown file or a
 * folder of them (memory-bank, .serena/memories, notes) -> memories; a re-ingest updates in place.
 */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, ingestNotesInput, SMALL_BODY_LIMIT);
  return json(await ingestNotesAsync(ctx, input));
});
