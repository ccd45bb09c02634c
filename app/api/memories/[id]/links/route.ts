import { json, parseBody, parseQuery, route } from "../../../_lib/handler";
import { linkMemoryInput } from "@/lib/contracts/memories";
import { linkMemories, listLinks, unlinkMemories } from "@/lib/memories";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

type P = { id: string };

export const GET = route<P>(({ ctx, params }) => json({ items: listLinks(ctx, params.id) }));

export const POST = route<P>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, linkMemoryInput, SMALL_BODY_LIMIT);
  return json(linkMemories(ctx, params.id, input.to, input.kind), 201);
});

/** `DELETE /api/memories/:id/links?to=<id>&kind=relates` removes one link. */
export const DELETE = route<P>(({ req, ctx, params }) => {
  const input = parseQuery(req, linkMemoryInput);
  return json({ removed: unlinkMemories(ctx, params.id, input.to, input.kind) });
});
