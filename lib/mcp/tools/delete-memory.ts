import { z } from "zod";
import { badRequest } from "../../errors";
import { removeMemory, updateMemory } from "../../memories";
import { memoryId } from "../args";
import { formatMemory } from "../format";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const deleteMemory = defineTool({
  name: "delete_memory",
  description: "Delete a memory. Without `permanent` it is archived (restorable); `permanent: true` deletes it for good and needs `confirm: true`.",
  input: { id: memoryId, permanent: z.boolean().optional(), confirm: z.boolean().optional() },
  annotations: { destructiveHint: true },
  argAliases: { memory_id: "id" },
  run: ({ id, permanent, confirm }, env) => {
    if (!permanent) {
      const memory = updateMemory(env.ctx, id, { status: "archived", source: "tool", reason: "deleted (archived)" });
      return toolResult(`Archived (not deleted; pass permanent and confirm to delete for good):\n${formatMemory(memory, true)}`, {
        memory,
        removed: false,
      });
    }
    if (confirm !== true) throw badRequest("a permanent delete needs confirm: true", { field: "confirm" });
    return toolResult(`Deleted ${id} permanently.`, removeMemory(env.ctx, id));
  },
});
