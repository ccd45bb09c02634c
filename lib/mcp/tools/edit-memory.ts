import { z } from "zod";
import { memoryFields, updateMemoryInput } from "../../contracts/memories";
import { getMemory, updateMemory } from "../../memories";
import { memoryId } from "../args";
import { formatMemory } from "../format";
import { toolResult } from "../result";
import { defineTool } from "../tool";

const note = z.string().max(2000).optional();

export const editMemory = defineTool({
  name: "edit_memory",
  description: "Change a memory (content, title, category, tags, pinned, priority); the old text is kept as a version.",
  input: {
    id: memoryId,
    content: memoryFields.content.optional(),
    title: memoryFields.title,
    category: memoryFields.category.optional(),
    tags: memoryFields.tags.optional(),
    pinned: memoryFields.pinned.optional(),
    priority: memoryFields.priority.optional(),
    reason: updateMemoryInput.shape.reason,
    /** opencode-semantic-memory's structured fields: `what` is the title, `why`/`learned` are appended. */
    what: note,
    why: note,
    learned: note,
  },
  unlisted: ["priority", "what", "why", "learned"],
  argAliases: { memory_id: "id" },
  run: ({ id, what, why, learned, ...change }, env) => {
    const extra = [why ? `Why: ${why}` : "", learned ? `Learned: ${learned}` : ""].filter(Boolean);
    const content = extra.length ? [change.content ?? getMemory(env.ctx, id).content, ...extra].join("\n") : change.content;
    const memory = updateMemory(env.ctx, id, { ...change, content, title: change.title ?? what, source: "tool" });
    return toolResult(`Updated:\n${formatMemory(memory)}`, { memory });
  },
});
