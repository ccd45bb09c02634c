import { json, queryObject, readJson, route } from "../../_lib/handler";
import { deleteMemoryQuery } from "@/lib/contracts/memories";
import { archiveMemory, getMemory, removeMemory, toMemoryDto, updateMemory } from "@/lib/memories";

type P = { id: string };

export const GET = route<P>(({ ctx, params }) => json(toMemoryDto(getMemory(ctx, params.id))));

export const PATCH = route<P>(async ({ req, ctx, params }) => {
  const body = await readJson(req, ctx.config.server.bodyLimitBytes);
  return json(updateMemory(ctx, params.id, body as never));
});

/** Archives (soft delete, restorable); `?permanent=true` deletes for good. */
export const DELETE = route<P>(({ req, ctx, params }) => {
  const { permanent } = deleteMemoryQuery.parse(queryObject(req));
  return json(permanent ? removeMemory(ctx, params.id) : archiveMemory(ctx, params.id));
});
