import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { conflict } from "../errors";
import { resolvePlacement } from "./scope";
import { findExactDuplicate } from "./exact-duplicate";
import { toMemoryDto } from "./dto";
import { getMemoryRow } from "./get";
import { applyChange } from "./update";
import type { ParsedRescopeInput } from "../contracts/memories";

/** Moves a memory to another scope (global <-> a project <-> a session), versioned. */
export function rescopeMemory(ctx: Ctx, id: string, input: ParsedRescopeInput) {
  const placement = resolvePlacement(ctx, input);
  return withTransaction(
    ctx.db,
    (tx) => {
      const current = getMemoryRow(tx, id);
      if (current.status === "active" || current.status === "suggested") {
        const dup = findExactDuplicate(tx.$client, placement, current.contentHash, id);
        if (dup) throw conflict(`memory "${dup.id}" already has this content in that scope`, { duplicateOf: dup.id });
      }
      return toMemoryDto(
        applyChange(tx, current, { scope: placement.scope, projectId: placement.projectId, sessionId: placement.sessionId }, input.source, "rescoped"),
      );
    },
    "immediate",
  );
}
