import { json, route } from "../../_lib/handler";
import { undoLastAction } from "@/lib/consolidation/decide";

/** Undoes the last inbox action: `{ undone: { action, target } }`, or `{ undone: null }` when there is none. */
export const POST = route(({ ctx }) => json({ undone: undoLastAction(ctx) ?? null }));
