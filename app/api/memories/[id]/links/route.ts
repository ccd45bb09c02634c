import { json, readJson, route } from "../../../_lib/handler";
import { linkMemoryInput } from "@/lib/api/memories";
import { linkMemories, listLinks } from "@/lib/memories";

type P = { id: string };

export const GET = route<P>(({ ctx, params }) => json({ items: listLinks(ctx, params.id) }));

export const POST = route<P>(async ({ req, ctx, params }) => {
  const input = linkMemoryInput.parse(await readJson(req, ctx.config.server.bodyLimitBytes));
  return json(linkMemories(ctx, params.id, input.to, input.kind), 201);
});
