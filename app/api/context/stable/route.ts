import { json, queryObject, route } from "../../_lib/handler";
import { stableContextQuery } from "@/lib/contracts/context";
import { buildStableBlock } from "@/lib/injection/stable";

export const GET = route(({ req, ctx }) => {
  const q = stableContextQuery.parse(queryObject(req));
  const b = buildStableBlock(ctx, { directory: q.directory, project: q.project, budgetTokens: q.budget });
  return json({ block: b.text, tokens: b.tokens, memoryIds: b.memoryIds, hash: b.hash });
});
