import { z } from "zod";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { conflict } from "../errors";
import { resolvePlacement } from "./scope";
import { findExactDuplicate } from "./exact-duplicate";
import { toMemoryDto } from "./dto";
import { getMemoryRow } from "./get";
import { applyChange } from "./update";
import { projectRefShape, sessionIdField } from "../contracts/common";
import { SCOPES } from "../db/schema";

/** `POST /api/memories/:id/scope { scope, project?, directory?, sessionId? }`. */
export const rescopeInput = z
  .object({ ...projectRefShape, scope: z.enum(SCOPES), sessionId: sessionIdField.optional(), source: z.enum(["ui", "api", "cli"]).default("api") })
  .strict();

/** Moves a memory to another scope (global <-> a project <-> a session), versioned. */
export function rescopeMemory(ctx: Ctx, id: string, raw: z.input<typeof rescopeInput>) {
  const input = rescopeInput.parse(raw);
  const placement = resolvePlacement(ctx, input);
  return withTransaction(
    ctx.db,
    (tx) => {
      const current = getMemoryRow(tx, id);
      if (current.status === "active" || current.status === "suggested") {
        const dup = findExactDuplicate(tx.$client, placement, current.contentHash, id);
        if (dup) throw conflict(`memory "${dup.id}" already has this content in that scope`, { duplicateOf: dup.id });
      }
      return toMemoryDto(applyChange(tx, current, { scope: placement.scope, projectId: placement.projectId, sessionId: placement.sessionId }, input.source, "rescoped"));
    },
    "immediate",
  );
}
