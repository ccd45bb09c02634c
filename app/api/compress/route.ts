import { direct, json, parseQuery, route } from "../_lib/handler";
import { compressStatsQuery } from "@/lib/contracts/compress";
import { compressAnswerResponse, readHistoryJson } from "../_lib/compress-body";
import { compressMessagesAsync, compressionStatsSummary, deltaAnswerSteps, expandDeltaSteps, prepareNextTurn } from "@/lib/compression";
import { badRequest } from "@/lib/errors";
import { runSliced } from "@/lib/slices";
import { historyBodyLimit } from "@/lib/http/body-limits";
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
 *
 * `prepare: true` (the plugin at `session.idle`, to a server whose answers accept it): the history
 * as it is now, in the same delta form; the next turn's compression work is done now and kept for
 * that turn's request (lib/compression/prepared.ts). The answer is `{ prepared: n }`; the session's
 * delta exchange, stats and stored rows are left as they are.
 */
export const POST = direct(
  "POST",
  "/api/compress",
  route(async ({ req, ctx }) => {
    // With `delta`, unchanged parts travel as stubs both ways (lib/compression/delta.ts). Every
    // step runs in slices (lib/slices.ts), so health answers while a big history is
    // parsed, compressed and written.
    const record = takeTurnRecord(await readHistoryJson(req, historyBodyLimit(ctx.config)));
    const turn = takeTurnRecall(record.body);
    const { prepare, body: request } = takePrepare(turn.body);
    const { body, delta } = await runSliced(expandDeltaSteps(ctx.services.compressDeltas, request));
    if (prepare) {
      if (turn.recall || record.record) throw badRequest("prepare: a prepare request carries no recall or injected record", { field: "prepare" });
      return json({ prepared: await prepareNextTurn(ctx, body) });
    }
    const result = await compressMessagesAsync(ctx, body);
    const answer = delta ? await runSliced(deltaAnswerSteps(ctx.services.compressDeltas, delta, body, result)) : result;
    const recall = turn.recall ? await buildRecallBlock(ctx, turn.recall, { defer: batchedAccess(ctx) }) : undefined;
    const recorded = record.record ? recordOf(ctx, (body as { sessionID: string }).sessionID, record.record, recall) : undefined;
    return compressAnswerResponse(
      { ...answer, recall, ...recorded, ...(delta ? { accepts: COMPRESS_ACCEPTS } : {}) },
      { "content-type": "application/json", "cache-control": "no-store, no-transform" },
    );
  }),
);

/** `prepare: true` taken off the request (alone: a prepare carries no recall or record). */
function takePrepare(raw: unknown): { prepare: boolean; body: unknown } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw) || !("prepare" in raw)) return { prepare: false, body: raw };
  const { prepare, ...body } = raw as Record<string, unknown>;
  if (prepare !== true) throw badRequest("prepare: true, or left out", { field: "prepare" });
  return { prepare: true, body };
}

/**
 * Writes the turn's record; a record the kv refuses (too large, a bad key) does not cost the turn
 * its compression: the answer says `recorded: false` and the plugin sends it on its own, as before.
 * Written, the answer names it (`recordBase`: the next request may send only what changed); a
 * change against a record this server no longer holds is `recorded: false, recordResend: true`
 * (the plugin sends the whole record with its next request).
 */
function recordOf(
  ctx: Ctx,
  sessionID: string,
  record: TurnRecord,
  recall: RecallContextDto | undefined,
): { recorded: boolean; recordBase?: string; recordResend?: true } {
  try {
    const base = writeTurnRecord(ctx, sessionID, record, recall);
    return base === null ? { recorded: false, recordResend: true } : { recorded: true, recordBase: base };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    logger.warn("compress: the turn's record was not written", { code: error.code, message: error.message });
    return { recorded: false };
  }
}

/** Tokens saved: totals, per day and per session (`?sessionID=&days=`). */
export const GET = route(({ req, ctx }) => json(compressionStatsSummary(ctx, parseQuery(req, compressStatsQuery))));
