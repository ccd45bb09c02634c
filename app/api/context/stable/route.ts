import { direct, json, parseQuery, route } from "../../_lib/handler";
import { stableContextQuery } from "@/lib/contracts/context";
import { buildStableBlock } from "@/lib/injection/stable";
import { recordStableInjection } from "@/lib/injection/record";
import { batchedAccess } from "@/lib/search/access-buffer";

/**
 * The plugin asks on a turn's path every `stableRefreshMs` (10 s): the production server answers it
 * without Next.js's request handling (lib/http/direct-routes.ts), its query included.
 */
export const GET = direct(
  "GET",
  "/api/context/stable",
  route(({ req, ctx }) => {
    const q = parseQuery(req, stableContextQuery);
    const b = buildStableBlock(ctx, { directory: q.directory, project: q.project, budgetTokens: q.budget });
    // Only a session's block counts as injected (previews and the plugin's warm-up give none).
    if (q.sessionID) recordStableInjection(ctx, q.sessionID, b, batchedAccess(ctx));
    return json({ block: b.text, tokens: b.tokens, memoryIds: b.memoryIds, hash: b.hash });
  }),
  { query: true },
);
