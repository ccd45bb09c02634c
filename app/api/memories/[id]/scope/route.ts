import { json, readJson, route } from "../../../_lib/handler";
import { rescopeMemory } from "@/lib/memories/rescope";

/** `{ scope: global|project|session, project?|directory?, sessionId? }`: moves the memory. */
export const POST = route<{ id: string }>(async ({ req, ctx, params }) => json(rescopeMemory(ctx, params.id, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)));
