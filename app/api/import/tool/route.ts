import { json, parseBody, route } from "../../_lib/handler";
import { importFromToolInput } from "@/lib/contracts/import-tools";
import { importFromTool } from "@/lib/importers/import-from-tool";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/**
 * `POST /api/import/tool { from, path, directory?, project?, dryRun?, offset?, limit? }`: imports
 * another memory tool's data from this machine (read-only), a batch per call for progress.
 */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, importFromToolInput, SMALL_BODY_LIMIT);
  return json(importFromTool(ctx, input));
});
