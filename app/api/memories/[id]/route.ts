import { json, parseBody, parseQuery, route } from "../../_lib/handler";
import { deleteMemoryQuery, updateMemoryInput } from "@/lib/contracts/memories";
import { archiveMemory, getMemory, removeMemory, toMemoryDto, updateMemory } from "@/lib/memories";

type P = { id: string };

export const GET = route<P>(({ ctx, params }) => json(toMemoryDto(getMemory(ctx, params.id))));

export const PATCH = route<P>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, updateMemoryInput, ctx.config.server.bodyLimitBytes);
  return json(updateMemory(ctx, params.id, input));
});

/** Archives (soft delete, restorable); `?permanent=true` deletes for good. */
export const DELETE = route<P>(({ req, ctx, params }) => {
  const { permanent } = parseQuery(req, deleteMemoryQuery);
  return json(permanent ? removeMemory(ctx, params.id) : archiveMemory(ctx, params.id));
});
