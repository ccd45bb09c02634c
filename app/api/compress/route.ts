import { direct, json, parseQuery, route } from "../_lib/handler";
import { compressStatsQuery } from "@/lib/contracts/compress";
import { encodeCompressResultSliced, readHistoryJson } from "../_lib/compress-body";
import { compressMessagesAsync, compressionStatsSummary, deltaAnswerSteps, expandDeltaSteps } from "@/lib/compression";
import { runSliced } from "@/lib/slices";
import { buildRecallBlock } from "@/lib/injection/recall";
import { COMPRESS_ACCEPTS, takeTurnRecall } from "@/lib/injection/turn-recall";
import { batchedAccess } from "@/lib/search/access-buffer";

/**
 * Compresses a session history (the plugin's `experimental.chat.messages.transform`). Body and
 * answer are as large as the history: both are handled by app/api/_lib/compress-body.ts, which
 * decodes and encodes them at a fraction of the cost of `readJson` and `Response.json`.
 * `no-transform` keeps the server from gzipping the answer on the loopback, where compressing costs
 * more than it saves. The plugin calls it every turn: the production server answers it without
 * Next.js's request handling (lib/http/direct-routes.ts). A request may carry the turn's recall
 * (`recall`, the body of `POST /api/context/recall`; lib/injection/turn-recall.ts): its answer
 * comes back as `recall`, and the plugin's turn is one request. An answer to a `delta` request
 * says so (`accepts`).
 */
export const POST = direct(
  "POST",
  "/api/compress",
  route(async ({ req, ctx }) => {
    // With `delta`, unchanged parts travel as stubs both ways (lib/compression/delta.ts). Every
    // step runs in slices (lib/slices.ts), so health answers while a big history is
    // parsed, compressed and written.
    const turn = takeTurnRecall(await readHistoryJson(req, ctx.config.server.historyBodyLimitBytes));
    const { body, delta } = await runSliced(expandDeltaSteps(ctx.services.compressDeltas, turn.body));
    const result = await compressMessagesAsync(ctx, body);
    const answer = delta ? await runSliced(deltaAnswerSteps(ctx.services.compressDeltas, delta, body, result)) : result;
    const recall = turn.recall ? await buildRecallBlock(ctx, turn.recall, { defer: batchedAccess(ctx) }) : undefined;
    return new Response(await encodeCompressResultSliced({ ...answer, recall, ...(delta ? { accepts: COMPRESS_ACCEPTS } : {}) }), {
      status: 200,
      headers: { "content-type": "application/json", "cache-control": "no-store, no-transform" },
    });
  }),
);

/** Tokens saved: totals, per day and per session (`?sessionID=&days=`). */
export const GET = route(({ req, ctx }) => json(compressionStatsSummary(ctx, parseQuery(req, compressStatsQuery))));
