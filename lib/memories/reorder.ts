import { z } from "zod";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { badRequest } from "../errors";
import { toMemoryDto } from "./dto";
import { getMemoryRow } from "./get";
import { applyChange } from "./update";

/** `POST /api/memories/reorder { id, over }`: put `id` just above `over` in priority order. */
export const reorderInput = z.object({ id: z.string().min(1).max(100), over: z.string().min(1).max(100) }).strict();

/**
 * Raises `id` above its neighbour `over` by priority (what orders the injected block within a
 * category): swaps their priorities, or when equal gives `id` one more (or `over` one less at the
 * ceiling). Both changes are versioned, in one transaction.
 */
export function reorderMemory(ctx: Ctx, raw: z.input<typeof reorderInput>) {
  const input = reorderInput.parse(raw);
  if (input.id === input.over) throw badRequest("over: a memory cannot move above itself", { field: "over" });
  return withTransaction(
    ctx.db,
    (tx) => {
      const a = getMemoryRow(tx, input.id);
      const b = getMemoryRow(tx, input.over);
      if (a.priority < b.priority) {
        const [pa, pb] = [b.priority, a.priority];
        const na = applyChange(tx, a, { priority: pa }, "ui", "reordered");
        const nb = applyChange(tx, b, { priority: pb }, "ui", "reordered");
        return { moved: toMemoryDto(na), over: toMemoryDto(nb) };
      }
      if (a.priority > b.priority) return { moved: toMemoryDto(a), over: toMemoryDto(b) };
      if (a.priority < 100) return { moved: toMemoryDto(applyChange(tx, a, { priority: a.priority + 1 }, "ui", "reordered")), over: toMemoryDto(b) };
      return { moved: toMemoryDto(a), over: toMemoryDto(applyChange(tx, b, { priority: b.priority - 1 }, "ui", "reordered")) };
    },
    "immediate",
  );
}
