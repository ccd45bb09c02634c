import { z } from "zod";
import { createMemoryInput, memoryFields } from "../../contracts/memories";
import { storeMemory } from "../../memories";
import { SCOPES } from "../../vocabulary";
import { projectArg } from "../args";
import { osmCategory } from "../compat";
import { formatMemory } from "../format";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

const note = z.string().max(2000).optional();

export const remember = defineTool({
  name: "remember",
  description: "Store a decision, constraint, convention, gotcha, fact, blocker... Duplicates fold into the existing memory.",
  input: {
    content: memoryFields.content,
    category: memoryFields.category,
    why: note,
    what: note,
    learned: note,
    entities: z.array(z.string().min(1).max(500)).max(50).optional(),
    project: projectArg,
    scope: z.enum(SCOPES).optional(),
    tags: memoryFields.tags.optional(),
    pinned: z.boolean().optional(),
  },
  unlisted: ["what", "learned", "entities"],
  argAliases: { working_directory: "project" },
  adaptValues: (args) => ({ ...args, category: osmCategory(args.category) }),
  run: async (args, env) => {
    const parts = [args.content];
    if (args.what) parts.push(`What: ${args.what}`);
    if (args.why) parts.push(`Why: ${args.why}`);
    if (args.learned) parts.push(`Learned: ${args.learned}`);
    if (args.entities?.length) parts.push(`Entities: ${args.entities.join(", ")}`);
    // A global memory needs no project: the caller's directory only places project-scoped ones.
    const ref = args.scope === "global" ? {} : projectRef(args.project, env);
    const created = await storeMemory(
      env.ctx,
      createMemoryInput.parse({
        ...ref,
        content: parts.join("\n"),
        category: args.category,
        scope: args.scope,
        tags: args.tags ?? [],
        pinned: args.pinned ?? false,
        source: "tool",
      }),
    );
    const verb = created.deduplicated ? `Already known (folded into ${created.memory.id})` : "Remembered";
    return toolResult(`${verb}:\n${formatMemory(created.memory)}`, { memory: created.memory, deduplicated: created.deduplicated });
  },
});
