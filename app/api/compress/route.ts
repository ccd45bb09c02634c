import { json, queryObject, readJson, route } from "../_lib/handler";
import { compressMessages, compressionStatsSummary } from "@/lib/compression";

/**
 * Compresses a session history (the plugin's `experimental.chat.messages.transform`). The answer is
 * as large as the history: `no-transform` keeps the server from gzipping it on the loopback, where
 * compressing costs more than it saves.
 */
export const POST = route(async ({ req, ctx }) =>
  json(compressMessages(ctx, await readJson(req, ctx.config.server.historyBodyLimitBytes)), 200, { "cache-control": "no-store, no-transform" }),
);

/** Tokens saved: totals, per day and per session (`?sessionID=&days=`). */
export const GET = route(({ req, ctx }) => json(compressionStatsSummary(ctx, queryObject(req))));
