import { z } from "zod";
import { memoryId } from "../args";
import { setBlockerStatus } from "../blocker";
import { defineTool } from "../tool";

export const unresolveBlocker = defineTool({
  name: "unresolve_blocker",
  description: "Reopen a resolved blocker.",
  input: { id: memoryId, note: z.string().max(500).optional() },
  argAliases: { memory_id: "id" },
  run: (a, env) => setBlockerStatus(env.ctx, a.id, "active", a.note),
});
