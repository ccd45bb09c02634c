import { getMemory, toMemoryDto } from "../../memories";
import { memoryId } from "../args";
import { formatMemory } from "../format";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const getMemoryTool = defineTool({
  name: "get_memory",
  description: "One memory by its id, whatever its status.",
  input: { id: memoryId },
  annotations: { readOnlyHint: true },
  argAliases: { memory_id: "id" },
  run: ({ id }, env) => {
    const memory = toMemoryDto(getMemory(env.ctx, id));
    return toolResult(formatMemory(memory), { memory });
  },
});
