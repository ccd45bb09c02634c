import { json, parseQuery, route } from "../../_lib/handler";
import { stableContextQuery } from "@/lib/contracts/context";
import { buildStableBlock } from "@/lib/injection/stable";

export const GET = route(({ req, ctx }) => {
  const q = parseQuery(req, stableContextQuery);
  const b = buildStableBlock(ctx, { directory: q.directory, project: q.project, budgetTokens: q.budget });
  return json({ block: b.text, tokens: b.tokens, memoryIds: b.memoryIds, hash: b.hash });
});
