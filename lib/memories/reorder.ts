import type { ReorderInput } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { badRequest } from "../errors";
import { toMemoryDto } from "./dto";
import { getMemoryRow } from "./get";
import { applyChange } from "./update";

/**
 * Raises `id` above its neighbour `over` by priority (what orders the injected block within a
 * category): swaps their priorities, or when equal gives `id` one more (or `over` one less at the
 * ceiling). Both changes are versioned, in one transaction.
 */
export function reorderMemory(ctx: Ctx, input: ReorderInput) {
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
