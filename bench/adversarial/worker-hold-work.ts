import { compressAnswerResponse } from "../../app/api/_lib/compress-body";
import { compressMessagesAsync } from "../../lib/compression";
import { parseJsonSliced } from "../../lib/http/json-sliced";
import { testCtx } from "../../tests/helpers/ctx";

const ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "true" } });

/** The compress route's work on one body, as the route does it (sliced parse, sliced compression, the answer's chunks joined). */
export async function compressOnce(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const parsed = await parseJsonSliced(new TextDecoder().decode(bytes));
  if (!("value" in parsed)) throw new Error("too deep");
  const result = await compressMessagesAsync(ctx, parsed.value);
  const response = await compressAnswerResponse(result, {});
  return new Uint8Array(await response.arrayBuffer());
}
