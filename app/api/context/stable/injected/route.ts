import { json, parseBody, route } from "../../../_lib/handler";
import { stableInjectedInput } from "@/lib/contracts/context";
import { recordCachedStable } from "@/lib/injection/record-cached-stable";
import { batchedAccess } from "@/lib/search/access-buffer";

/** The plugin served a session the stable block from its cache: `{ recorded }` (false: this session's version was recorded already). */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, stableInjectedInput, ctx.config.server.bodyLimitBytes);
  return json(recordCachedStable(ctx, input, batchedAccess(ctx)));
});
