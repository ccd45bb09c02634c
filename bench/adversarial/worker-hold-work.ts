import { compressAnswerResponse } from "../../app/api/_lib/compress-body";
import { compressMessagesAsync } from "../../lib/compression";
import type { Ctx } from "../../lib/ctx";
import { parseJsonSliced } from "../../lib/http/json-sliced";
import { testCtx } from "../../tests/helpers/ctx";

/**
 * The compress route's work on one body, as the route does it (sliced parse, sliced compression, the
 * answer's chunks joined), on a fresh database and fresh per-process caches each time (as the
 * first big request to a server): a thread holds nothing of the previous call.
 */
export async function compressOnce(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "true" } });
  try {
    return await compressWith(ctx, bytes);
  } finally {
    ctx.close();
  }
}

async function compressWith(ctx: Ctx, bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const parsed = await parseJsonSliced(new TextDecoder().decode(bytes));
  if (!("value" in parsed)) throw new Error("too deep");
  const result = await compressMessagesAsync(ctx, parsed.value);
  const response = await compressAnswerResponse(result, {});
  return new Uint8Array(await response.arrayBuffer());
}
