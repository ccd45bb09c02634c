import { json, parseBody, route } from "../../_lib/handler";
import { inboxUndoInput } from "@/lib/contracts/consolidation";
import { undoLastAction } from "@/lib/consolidation/decide";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

/**
 * Undoes the last inbox action, or with `{ actionId }` exactly that one (409 when a later action
 * came after it or it was undone already): `{ undone: { action, target, actionId } }`, or
 * `{ undone: null }` when there is nothing to undo.
 */
export const POST = route(async ({ req, ctx }) => {
  // The body is optional: `recollect consolidate --undo` posts none.
  const bodyless = !req.body || req.headers.get("content-length") === "0";
  const input = bodyless ? inboxUndoInput.parse({}) : await parseBody(req, inboxUndoInput, SMALL_BODY_LIMIT);
  return json({ undone: undoLastAction(ctx, input.actionId) ?? null });
});
