import { direct, json, parseQuery, route } from "../_lib/handler";
import { compressStatsQuery } from "@/lib/contracts/compress";
import { encodeCompressResultSliced, readHistoryJson } from "../_lib/compress-body";
import { compressMessagesAsync, compressionStatsSummary, deltaAnswerSteps, expandDeltaSteps } from "@/lib/compression";
import { runSliced } from "@/lib/slices";
import { buildRecallBlock } from "@/lib/injection/recall";
import { COMPRESS_ACCEPTS, takeTurnRecall } from "@/lib/injection/turn-recall";
import { takeTurnRecord, type TurnRecord, writeTurnRecord } from "@/lib/injection/turn-record";
import { AppError } from "@/lib/errors";
import type { Ctx } from "@/lib/ctx";
import type { RecallContextDto } from "@/lib/contracts/context";
import { logger } from "@/lib/logging/logger";
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
 * says so (`accepts`). It may also carry the session's record of injected blocks (`injected`, the
 * body of `PUT /api/kv/recollect/injected/<session>`; lib/injection/turn-record.ts), written after
 * the compression and the recall, with the turn's recall block when `recallInto` names its message
 * (`recorded` says whether it was): the plugin's turn stays one request.
 */
export const POST = direct(
  "POST",
  "/api/compress",
  route(async ({ req, ctx }) => {
    // With `delta`, unchanged parts travel as stubs both ways (lib/compression/delta.ts). Every
    // step runs in slices (lib/slices.ts), so health answers while a big history is
    // parsed, compressed and written.
    const record = takeTurnRecord(await readHistoryJson(req, ctx.config.server.historyBodyLimitBytes));
    const turn = takeTurnRecall(record.body);
    const { body, delta } = await runSliced(expandDeltaSteps(ctx.services.compressDeltas, turn.body));
    const result = await compressMessagesAsync(ctx, body);
    const answer = delta ? await runSliced(deltaAnswerSteps(ctx.services.compressDeltas, delta, body, result)) : result;
    const recall = turn.recall ? await buildRecallBlock(ctx, turn.recall, { defer: batchedAccess(ctx) }) : undefined;
    const recorded = record.record ? recordOf(ctx, (body as { sessionID: string }).sessionID, record.record, recall) : undefined;
    return new Response(await encodeCompressResultSliced({ ...answer, recall, recorded, ...(delta ? { accepts: COMPRESS_ACCEPTS } : {}) }), {
      status: 200,
      headers: { "content-type": "application/json", "cache-control": "no-store, no-transform" },
    });
  }),
);

/**
 * Writes the turn's record; a record the kv refuses (too large, a bad key) does not cost the turn
 * its compression: the answer says `recorded: false` and the plugin sends it on its own, as before.
 */
function recordOf(ctx: Ctx, sessionID: string, record: TurnRecord, recall: RecallContextDto | undefined): boolean {
  try {
    writeTurnRecord(ctx, sessionID, record, recall);
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    logger.warn("compress: the turn's record was not written", { code: error.code, message: error.message });
    return false;
  }
}

/** Tokens saved: totals, per day and per session (`?sessionID=&days=`). */
export const GET = route(({ req, ctx }) => json(compressionStatsSummary(ctx, parseQuery(req, compressStatsQuery))));
