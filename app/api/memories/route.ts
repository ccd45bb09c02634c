import { json, queryObject, readJson, route } from "../_lib/handler";
import { listMemories, storeMemory } from "@/lib/memories";

export const GET = route(({ req, ctx }) => json(listMemories(ctx, queryObject(req))));

export const POST = route(async ({ req, ctx }) => {
  const body = await readJson(req, ctx.config.server.bodyLimitBytes);
  const result = await storeMemory(ctx, body as never);
  const { memory, deduplicated, duplicateOf, dedup } = result;
  return json({ ...memory, deduplicated, duplicateOf: duplicateOf ?? null, dedup: dedup ?? null }, deduplicated ? 200 : 201);
});
