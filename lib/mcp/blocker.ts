import { badRequest } from "../errors";
import type { Ctx } from "../ctx";
import { getMemory, toMemoryDto, updateMemory } from "../memories";
import { formatMemory } from "./format";
import { toolResult } from "./result";

/** resolve_blocker and unresolve_blocker: a blocker memory's status, refused for any other category. */
export function setBlockerStatus(ctx: Ctx, id: string, status: "resolved" | "active", note?: string) {
  const current = toMemoryDto(getMemory(ctx, id));
  if (current.category !== "blocker") throw badRequest(`id: memory ${id} is a ${current.category}, not a blocker`, { field: "id" });
  const memory = updateMemory(ctx, id, { status, source: "tool", reason: note ?? (status === "resolved" ? "resolved" : "unresolved") });
  return toolResult(`${status === "resolved" ? "Resolved" : "Reopened"}:\n${formatMemory(memory, true)}`, { memory });
}
