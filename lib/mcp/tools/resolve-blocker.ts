import { z } from "zod";
import { memoryId } from "../args";
import { setBlockerStatus } from "../blocker";
import { defineTool } from "../tool";

export const resolveBlocker = defineTool({
  name: "resolve_blocker",
  description: "Mark a blocker memory resolved (it leaves the boot context; search_history still finds it).",
  input: { id: memoryId, note: z.string().max(500).optional() },
  argAliases: { memory_id: "id" },
  run: (a, env) => setBlockerStatus(env.ctx, a.id, "resolved", a.note),
});
