import { z } from "zod";
import { updateMemory } from "../../memories";
import { memoryId } from "../args";
import { formatMemory } from "../format";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const archiveMemory = defineTool({
  name: "archive_memory",
  description: "Archive an outdated or wrong memory (restorable; search_history still finds it).",
  input: { id: memoryId, reason: z.string().max(500).optional() },
  argAliases: { memory_id: "id" },
  run: ({ id, reason }, env) => {
    const memory = updateMemory(env.ctx, id, { status: "archived", source: "tool", reason: reason ?? "archived" });
    return toolResult(`Archived:\n${formatMemory(memory, true)}`, { memory });
  },
});
