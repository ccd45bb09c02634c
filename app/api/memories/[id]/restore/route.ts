import { json, route } from "../../../_lib/handler";
import { restoreMemory } from "@/lib/memories";

export const POST = route<{ id: string }>(({ ctx, params }) => json(restoreMemory(ctx, params.id)));
