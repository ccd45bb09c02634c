import { tool } from "@opencode-ai/plugin/tool";
import { describe, expect, it } from "vitest";
import { countTokens } from "../../../lib/token-count";
import { resolveSettings } from "../../../plugin/options";
import { createRuntime } from "../../../plugin/runtime";
import { memoryTools } from "../../../plugin/tools";

/**
 * The memory tools' definitions as the model gets them with every request: OpenCode turns each
 * tool's zod args into JSON Schema (tool.schema.toJSONSchema) in an OpenAI-style `tools[]` entry.
 */
function toolDefinitions(): { name: string; json: string }[] {
  const rt = createRuntime(resolveSettings({ autoStart: false }, {}), "/tmp/project", undefined);
  return Object.entries(memoryTools(rt)).map(([name, t]) => ({
    name,
    json: JSON.stringify({
      type: "function",
      function: { name, description: t.description, parameters: tool.schema.toJSONSchema(tool.schema.object(t.args)) },
    }),
  }));
}

describe("the memory tools' fixed cost", () => {
  it("fits their names, descriptions and parameter schemas in 260 tokens together (issue 40)", () => {
    const defs = toolDefinitions();
    const tokens = defs.reduce((n, d) => n + countTokens(d.json), 0);
    expect(defs.map((d) => d.name)).toEqual(["memory_search", "memory_store", "memory_expand"]);
    expect(tokens).toBeLessThanOrEqual(260);
    // What the model needs to use them: what to search, what a category can be, how to pin, update, forget, expand.
    const all = defs.map((d) => d.json).join("\n");
    for (const word of ["query", "decision", "constraint", "gotcha", "pinned", "now", "id", "forget", "hash"]) expect(all).toContain(word);
  });
});
