import { json, parseBody, parseQuery, route } from "../_lib/handler";
import { createMemoryInput, listMemoriesQuery } from "@/lib/contracts/memories";
import { listMemories, storeMemory } from "@/lib/memories";

export const GET = route(({ req, ctx }) => json(listMemories(ctx, parseQuery(req, listMemoriesQuery))));

export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, createMemoryInput, ctx.config.server.bodyLimitBytes);
  const { memory, deduplicated, duplicateOf, dedup } = await storeMemory(ctx, input);
  return json({ ...memory, deduplicated, duplicateOf: duplicateOf ?? null, dedup: dedup ?? null }, deduplicated ? 200 : 201);
});
