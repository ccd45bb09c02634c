import { direct, json, parseBody, route } from "../../../_lib/handler";
import { recallContextInput } from "@/lib/contracts/context";
import { warmRecallSearch } from "@/lib/injection/recall";

// The plugin sends it when the user's message arrives (plugin/hooks/chat.ts): the turn's recall
// search runs then, off the path of the compress request that carries the recall.
export const POST = direct(
  "POST",
  "/api/context/recall/warm",
  route(async ({ req, ctx }) => {
    const input = await parseBody(req, recallContextInput, ctx.config.server.bodyLimitBytes);
    return json({ warmed: await warmRecallSearch(ctx, input) });
  }),
);
