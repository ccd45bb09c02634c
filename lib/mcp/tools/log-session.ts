import { z } from "zod";
import { createMemoryInput, memoryFields } from "../../contracts/memories";
import { endSessionInput } from "../../contracts/sessions";
import { linkMemories, storeMemory } from "../../memories";
import { projectArg } from "../args";
import { formatMemory } from "../format";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const logSession = defineTool({
  name: "log_session",
  description: "At the end of a piece of work: store a summary of the session and each learning as memories (linked to the summary).",
  input: {
    summary: endSessionInput.shape.summary.unwrap().min(1),
    learnings: z.array(memoryFields.content).max(50).optional(),
    entities: z.array(z.string().min(1).max(500)).max(50).optional(),
    project: projectArg,
  },
  argAliases: { working_directory: "project" },
  run: async (a, env) => {
    const ref = projectRef(a.project, env);
    const entities = a.entities?.length ? `\nEntities: ${a.entities.join(", ")}` : "";
    const summary = await storeMemory(
      env.ctx,
      createMemoryInput.parse({ ...ref, content: `Session summary: ${a.summary}${entities}`, category: "event", source: "tool", tags: ["session-log"] }),
    );
    const learned = [];
    for (const text of a.learnings ?? []) {
      const m = await storeMemory(env.ctx, createMemoryInput.parse({ ...ref, content: text, category: "fact", source: "tool", tags: ["session-log"] }));
      if (m.memory.id !== summary.memory.id) linkMemories(env.ctx, m.memory.id, summary.memory.id, "derived_from");
      learned.push(m.memory);
    }
    const text = [`Logged:\n${formatMemory(summary.memory, true)}`, ...learned.map((m) => formatMemory(m, true))].join("\n");
    return toolResult(text, { summary: summary.memory, learnings: learned });
  },
});
