import type { MemoryDto } from "../contracts/memories";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import type { Source } from "../vocabulary";
import { toMemoryDto } from "./dto";
import { getMemoryRow } from "./get";
import { applyChange } from "./update";

/** Soft delete: the memory stops being searched and injected, and can be restored. */
export function archiveMemory(ctx: Ctx, id: string, by: Source = "api"): MemoryDto {
  return withTransaction(ctx.db, (tx) => toMemoryDto(applyChange(tx, getMemoryRow(tx, id), { status: "archived" }, by, "archived")), "immediate");
}

/** Brings an archived (or resolved) memory back to active. */
export function restoreMemory(ctx: Ctx, id: string, by: Source = "api"): MemoryDto {
  return withTransaction(ctx.db, (tx) => toMemoryDto(applyChange(tx, getMemoryRow(tx, id), { status: "active" }, by, "restored")), "immediate");
}
